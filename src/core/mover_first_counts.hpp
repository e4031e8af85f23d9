#pragma once
// A board's pit counts seen from its side to move: the order of the endgame
// databases' index (solve/tier_index.hpp) and of search::EndgameOracle, written
// once for every board type (Position, search::PackedBoard) and every caller.

#include "core/side.hpp"

namespace mancala {

/// Writes the pits of `board`'s side to move, then its opponent's, each row in
/// its sowing order, to cells[0 .. 2 * pits); returns their sum. `Board` is any
/// type with pits(), to_move() and pit(Side, int).
template <class Board>
int mover_first_counts(const Board& board, int* cells) {
    const Side me = board.to_move();
    const int n = board.pits();
    int stones = 0;
    for (int i = 0; i < n; ++i) {
        const int mine = board.pit(me, i);
        const int theirs = board.pit(opponent(me), i);
        cells[i] = mine;
        cells[n + i] = theirs;
        stones += mine + theirs;
    }
    return stones;
}

}  // namespace mancala
