#pragma once
// What the engine needs of a board, for each of the two board types it searches:
// the core Position (any size) and the packed boards (at most 7 or 15 pits a side
// and 255 stones: much faster).

#include "core/position.hpp"
#include "search/packed_board.hpp"
#include "search/position_key.hpp"

#include <bit>

namespace mancala::search {

template <class Board>
struct BoardOps;

template <>
struct BoardOps<Position> {
    using Context = Rules;
    static const Rules& rules(const Context& c) { return c; }
    static MoveResult apply(Position& p, const Context& c, int move) { return p.apply(c, move); }
    static std::uint64_t key(const Position& p, const Context&) { return position_key(p); }
    static int row_stones(const Position& p, const Context&, Side side) { return p.row_stones(side); }
    /// Bit i set when pit i of the side to move holds stones.
    static unsigned movable(const Position& p, const Context&) {
        unsigned moves = 0;
        for (int i = 0; i < p.pits(); ++i)
            if (p.pit(p.to_move(), i) > 0) moves |= 1u << i;
        return moves;
    }
    static int move_count(const Position& p, const Context& c) { return std::popcount(movable(p, c)); }
};

template <class Word>
struct BoardOps<BasicPackedBoard<Word>> {
    using Board = BasicPackedBoard<Word>;
    using Context = BasicPackedRules<Word>;
    static const Rules& rules(const Context& c) { return c.rules; }
    static MoveResult apply(Board& b, const Context& c, int move) { return b.apply(c, move); }
    static std::uint64_t key(const Board& b, const Context& c) { return b.key(c); }
    static int row_stones(const Board& b, const Context& c, Side side) { return b.row_stones(c, side); }
    static unsigned movable(const Board& b, const Context& c) { return b.movable(c); }
    static int move_count(const Board& b, const Context& c) { return b.move_count(c); }
};

}  // namespace mancala::search
