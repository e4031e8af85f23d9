#pragma once
// What the engine needs of a board, for each of the two board types it searches:
// the core Position (any size) and the PackedBoard (small games, much faster).

#include "core/position.hpp"
#include "search/packed_board.hpp"
#include "search/position_key.hpp"

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
};

template <>
struct BoardOps<PackedBoard> {
    using Context = PackedRules;
    static const Rules& rules(const Context& c) { return c.rules; }
    static MoveResult apply(PackedBoard& b, const Context& c, int move) { return b.apply(c, move); }
    static std::uint64_t key(const PackedBoard& b, const Context& c) { return b.key(c); }
    static int row_stones(const PackedBoard& b, const Context& c, Side side) { return b.row_stones(c, side); }
};

}  // namespace mancala::search
