#pragma once
// The textbook Minimax and Alpha-Beta over *turns*, as the homework defines them:
// depth counts turns, a move that earns an extra turn leads to a child at the same
// depth and is always expanded, and moves are tried in positional order (B2, B3,
// ... for South; A2, A3, ... for North). An optional trace listener sees every
// line the homework's traverse log prints, so the log is a view of this search,
// not a second copy of it.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/score_units.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>

namespace mancala::search {

enum class Algorithm { Minimax, AlphaBeta };

/// Which node a trace line is about: the root, or the pit moved to reach it.
struct NodeLabel {
    Side side = Side::South;
    int pit = -1;  ///< -1 for the root
    bool is_root() const { return pit < 0; }
};

/// A listener that records nothing; searches with it carry no tracing cost.
struct NoTrace {
    static constexpr bool kEnabled = false;
    void line(const NodeLabel&, int, int, int, int) {}
};

/// Thrown out of a search whose deadline has passed.
/// In games that are not Kalah-shaped (Congklak's relays through the store), a turn may
/// earn extra turn after extra turn; past this many in a row, each further move counts as
/// a turn of its own, so that a turn's tree stays bounded. Kalah-shaped games (the
/// homework's) search every turn whole.
inline constexpr int kMaxFreeExtraTurns = 6;

struct SearchTimeout : std::runtime_error {
    SearchTimeout() : std::runtime_error("search deadline reached") {}
};

struct TurnSearchOutcome {
    int value = 0;
    int best_move = -1;  ///< first move of best value in positional order; -1 if the node had no move
    std::uint64_t nodes = 0;
};

/// `Evaluator` is called as eval(position, me). `Listener` has `kEnabled` and
/// line(label, depth, value, alpha, beta); for Minimax alpha and beta are unused.
template <Algorithm kAlgorithm, class Evaluator, class Listener = NoTrace>
class TurnSearch {
public:
    TurnSearch(const Rules& rules, Side me, int cutoff, Evaluator eval, Listener& listener)
        : rules_(rules),
          me_(me),
          cutoff_(cutoff),
          chain_cap_(kalah_shaped(rules) ? std::numeric_limits<int>::max() : kMaxFreeExtraTurns),
          eval_(eval),
          listener_(listener) {}

    /// Stops the search (throwing SearchTimeout) once `deadline` has passed.
    void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }
    /// Stops the search (throwing SearchTimeout) once `*stop` is set, from another thread.
    void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }

    /// Searches from the root: depth 0, a max node for `me`.
    TurnSearchOutcome search_root(const Position& root) { return search_from(root, 0, false, NodeLabel{}); }

    /// Searches from an inner node at `depth`; `in_extra_turn` says the move that
    /// reached it earned an extra turn, so its children stay at the same depth.
    TurnSearchOutcome search_from(const Position& node, int depth, bool in_extra_turn, NodeLabel label) {
        const int chain = in_extra_turn ? 1 : 0;
        nodes_ = 0;
        TurnSearchOutcome out;
        // A node is expanded whenever it has a move: the homework decides the end of
        // the game after each move, so even a root whose opponent has no stones is played.
        if (node.legal_moves(rules_).empty()) {
            out.value = eval_(node, me_);
            emit(label, depth, out.value, -kScoreInfinity, kScoreInfinity);
        } else {
            out.value = expand(node, label, depth, chain, -kScoreInfinity, kScoreInfinity, &out.best_move);
        }
        out.nodes = nodes_ + 1;
        return out;
    }

private:
    void emit(const NodeLabel& label, int depth, int value, int alpha, int beta) {
        if constexpr (Listener::kEnabled) listener_.line(label, depth, value, alpha, beta);
    }

    void tick() {
        if (++nodes_ % 4096 == 0 && ((deadline_ && std::chrono::steady_clock::now() >= *deadline_) ||
                                     (stop_ && stop_->load(std::memory_order_relaxed))))
            throw SearchTimeout{};
    }

    /// `chain`: the extra-turn moves in a row that reached `p` (0: `p` begins a turn).
    int expand(const Position& p, const NodeLabel& label, int depth, int chain, int alpha, int beta,
               int* best_move) {
        const bool maximizing = p.to_move() == me_;
        int v = maximizing ? -kScoreInfinity : kScoreInfinity;
        emit(label, depth, v, alpha, beta);
        // A turn goes on at the same depth; past chain_cap_ extra turns in a row each move
        // counts as a turn of its own.
        const bool same_turn = chain > 0 && chain <= chain_cap_;
        const int child_depth = same_turn ? depth : depth + 1;
        const int n = p.pits();
        for (int k = 0; k < n; ++k) {
            // Positional order: B2, B3, ... is South's sowing order; A2, A3, ... is North's reversed.
            const int pit = p.to_move() == Side::South ? k : n - 1 - k;
            if (!p.is_legal(rules_, pit)) continue;
            tick();
            Position child = p;
            const MoveResult r = child.apply(rules_, pit);
            const NodeLabel child_label{p.to_move(), pit};
            int child_value;
            const int child_chain = r.extra_turn ? chain + 1 : 0;
            const bool turn_goes_on = r.extra_turn && child_chain <= chain_cap_;
            if (r.game_over || (child_depth >= cutoff_ && !turn_goes_on)) {
                child_value = eval_(child, me_);
                emit(child_label, child_depth, child_value, alpha, beta);
            } else {
                child_value = expand(child, child_label, child_depth, child_chain, alpha, beta, nullptr);
            }
            if (maximizing) {
                if (child_value > v) {
                    v = child_value;
                    if (best_move) *best_move = pit;
                }
                if constexpr (kAlgorithm == Algorithm::AlphaBeta) {
                    if (v >= beta) {
                        emit(label, depth, v, alpha, beta);
                        return v;
                    }
                    alpha = std::max(alpha, v);
                }
            } else {
                if (child_value < v) {
                    v = child_value;
                    if (best_move) *best_move = pit;
                }
                if constexpr (kAlgorithm == Algorithm::AlphaBeta) {
                    if (v <= alpha) {
                        emit(label, depth, v, alpha, beta);
                        return v;
                    }
                    beta = std::min(beta, v);
                }
            }
            emit(label, depth, v, alpha, beta);
        }
        return v;
    }

    const Rules& rules_;
    Side me_;
    int cutoff_;
    int chain_cap_;  ///< extra turns in a row searched as one turn
    Evaluator eval_;
    Listener& listener_;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    const std::atomic<bool>* stop_ = nullptr;
    std::uint64_t nodes_ = 0;
};

}  // namespace mancala::search
