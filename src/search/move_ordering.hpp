#pragma once
// The order in which the engine searches a node's moves when the table has none
// to offer. It is static, from what each move does at once: Kalah rewards
// keeping stones on one's own side, so moves that hand the opponent nothing come
// first. Killer moves and a history table were tried here and lost: proving
// Kalah(6,3) with an 8-stone database took 25.4 M nodes with them and 3.3 M
// with this order; the bench signature fell from 19.8 M to 12.3 M nodes.
// Internal iterative deepening (a 4-ply search for the first move of a proof node
// with no table move and 8, 14 or 20 stones above the database) lost too: one-thread
// proofs of Kalah(6,4) took 117-153 M nodes against 97.9 M with this order alone,
// empty-capture (6,4) 41-54 M against 30.2 M.

#include "search/heuristics.hpp"

namespace mancala::search {

/// Larger first. `pit` counts from the mover's first pit, so a larger pit is
/// nearer the store; `points_won` is what the move adds to the mover's store
/// difference at once (kPointsPerStone a stone).
constexpr int move_rank(bool extra_turn, int points_won, int pit) {
    // Extra turns first, the one nearest the store first: it leaves the others intact.
    if (extra_turn) return (1 << 28) + pit;
    // Then by stones won (captures, then passing the store), nearest the store first.
    return 16 * points_won + pit;
}

/// Rank of a child whose value is already exact (game over, database) but too low to cut off.
inline constexpr int kKnownChildRank = -(1 << 29);

}  // namespace mancala::search
