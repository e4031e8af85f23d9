#pragma once
// What the engine needs of a board, for each of the board types it searches: the
// core Position (any game, any size), the packed boards of the Kalah-shaped games (at
// most 7 or 15 pits a side and 255 stones: much faster) and the cyclic board of the
// games whose stores are off the ring (Oware's family: at most 7 pits and 255 stones).

#include "core/position.hpp"
#include "search/cyclic_board.hpp"
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
    /// Bit i set when pit i of the side to move is a legal move.
    static unsigned movable(const Position& p, const Context& c) {
        unsigned moves = 0;
        const MoveList legal = p.legal_moves(c);
        for (int k = 0; k < legal.size(); ++k) moves |= 1u << legal[k];
        return moves;
    }
    static int move_count(const Position& p, const Context& c) { return std::popcount(movable(p, c)); }
    /// The pit nearest the store whose sowing ends in the mover's store (its stones its
    /// distance to the store, or that and a lap), or -1.
    static int store_ending_pit(const Position& p, const Context&) {
        const int n = p.pits(), loop = rule::lap_cells(n);
        for (int i = n - 1; i >= 0; --i) {
            const int stones = p.pit(p.to_move(), i);
            if (stones == n - i || stones == n - i + loop) return i;
        }
        return -1;
    }
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
    static int store_ending_pit(const Board& b, const Context& c) { return b.store_ending_pit(c); }
};

template <>
struct BoardOps<CyclicBoard> {
    using Board = CyclicBoard;
    using Context = CyclicRules;
    static const Rules& rules(const Context& c) { return c.rules; }
    [[gnu::always_inline]] static MoveResult apply(Board& b, const Context& c, int move) {
        return b.apply(c, move);
    }
    /// position_key of the same position: the core board's key.
    static std::uint64_t key(const Board& b, const Context& c) { return b.key(c); }
    static int row_stones(const Board& b, const Context& c, Side side) { return b.row_stones(c, side); }
    /// The legal moves, must-feed and a forbidden grand slam included.
    static unsigned movable(const Board& b, const Context& c) { return b.movable(c); }
    static int move_count(const Board& b, const Context& c) { return b.move_count(c); }
    /// No sowing ends in a store: there is no extra turn to find.
    static int store_ending_pit(const Board&, const Context&) { return -1; }
};

}  // namespace mancala::search
