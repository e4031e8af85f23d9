#pragma once
// What a search is for: the best move, a score for every root move, or the exact
// game value. Where it stops is SearchLimits; who watches it, SearchObserver.

#include <optional>

namespace mancala::search {

inline constexpr int kMaxDepth = 120;
/// Plies of a proof search: longer than any game it is used on, and below the
/// table's depth field (255). A line that ran out of it would leave the result unproven.
inline constexpr int kProveDepth = 250;
/// Plies of the iterative deepening that precedes a proof.
inline constexpr int kProveWarmupDepth = 20;

struct SearchMode {
    enum class Goal {
        BestMove,  ///< iterative deepening with MTD(f) passes for the best move and its score
        /// Root moves get exact scores: every one, or the best `multipv` of them (the
        /// others are shown no better than the last of those, and left out). Slower.
        EveryMove,
        /// The game value: after a short iterative deepening for move ordering and a
        /// first guess, null-window passes with no practical depth limit (kProveDepth)
        /// close in on the exact value, instead of deepening one ply at a time.
        Proof,
    };
    Goal goal = Goal::BestMove;
    /// Plies of the iterative deepening that precedes a proof.
    int proof_warmup_depth = kProveWarmupDepth;
    /// With EveryMove: how many of the best root moves get exact scores (0: all).
    int multipv = 0;
    /// With Proof: instead of the exact value, prove or refute one bound: is the side
    /// to move's final margin at least this many stones? One null-window pass to the
    /// end after the warm-up, which costs far less than the value when the answer is
    /// far from it, and lets a long proof be split into pieces.
    std::optional<int> at_least{};

    static SearchMode every_move() { return {Goal::EveryMove}; }
    static SearchMode best_moves(int count) { return {Goal::EveryMove, kProveWarmupDepth, count}; }
    static SearchMode proof(int warmup_depth = kProveWarmupDepth) { return {Goal::Proof, warmup_depth}; }
    static SearchMode bound(int at_least_stones, int warmup_depth = kProveWarmupDepth) {
        return {Goal::Proof, warmup_depth, 0, at_least_stones};
    }
};

}  // namespace mancala::search
