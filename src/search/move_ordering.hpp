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
    // One-thread proofs with the databases on disk (19 stones on 6 pits, 24 on 5):
    // Kalah(6,4) 83.8 M nodes to 58.7 M, empty capture 27.8 M to 20.7 M, Kalah(5,5)
    // 12.9 M to 8.7 M. Other weights took Kalah(6,4) past 300 s (the replies before
    // any stone won), to 110 M, 56.3 M and 64.6 M (a stone worth one, three and four
    // replies), the three-reply weight leaving the other three proofs 4-7% bigger.
    // In points (no division): a reply is worth half a stone.
    constexpr int kPointsPerReply = kPointsPerStone / 2;
    static_assert(kPointsPerStone % 2 == 0, "a reply is a whole number of points");
    return 16 * (points_won - kPointsPerReply * (replies - kMaxPits)) + pit;
}

/// Rank of a child whose value is already exact (game over, database) but too low to cut off.
inline constexpr int kKnownChildRank = -(1 << 29);

}  // namespace mancala::search
