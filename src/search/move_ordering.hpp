#pragma once
// The order in which the engine searches a node's moves when the table has none
// to offer. It is static, from what each move does at once: Kalah rewards
// keeping stones on one's own side, so moves that hand the opponent nothing come
// first. Killer moves, a history table and internal iterative deepening were
// tried here and each made proofs bigger (docs/PERFORMANCE.md, "The constants in the code").

#include "core/rules.hpp"
#include "search/heuristics.hpp"
#include "search/score_units.hpp"

namespace mancala::search {

/// Larger first. `pit` counts from the mover's first pit, so a larger pit is
/// nearer the store; `points_won` is what the move adds to the mover's store
/// difference at once (kPointsPerStone a stone); `replies` are the legal moves the
/// opponent has after it (unused for an extra turn).
constexpr int move_rank(bool extra_turn, int points_won, int pit, int replies) {
    // Extra turns first, the one nearest the store first: it leaves the others intact.
    if (extra_turn) return (1 << 28) + pit;
    // Then stones won against the opponent's replies, a stone worth two replies, then
    // the pit nearest the store. A move that leaves the opponent few replies is the
    // likelier refutation, and refuting what follows it means searching every one of
    // those replies (the proof-number idea: the smallest subtree to prove first).
    // Two replies a stone gave the smallest proofs of the weights tried
    // (docs/PERFORMANCE.md, "The constants in the code"). In points (no division): a reply is worth half a stone.
    constexpr int kPointsPerReply = kPointsPerStone / 2;
    static_assert(kPointsPerStone % 2 == 0, "a reply is a whole number of points");
    return 16 * (points_won - kPointsPerReply * (replies - kMaxPits)) + pit;
}

/// Rank of a child whose value is already exact (game over, database) but too low to cut off.
inline constexpr int kKnownChildRank = -(1 << 29);

}  // namespace mancala::search
