#pragma once
// A deliberately naive model of the rules, written the way the homework text
// reads: two rows as the board is drawn (row A on top, A2 ... A(N+1); row B below,
// B2 ... B(N+1)), and sowing one stone at a time. It shares no code with
// src/core, so tests can hold the fast engine against it.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <string>
#include <vector>

namespace mancala::testing {

struct NaiveBoard {
    std::vector<int> a;  // player 2 (North): A2 ... A(N+1), left to right
    std::vector<int> b;  // player 1 (South): B2 ... B(N+1), left to right
    int store_a = 0;     // A1
    int store_b = 0;     // B(N+2)
    int player = 1;      // 1 or 2: who moves

    struct Outcome {
        bool extra_turn = false;
        bool capture = false;
        bool game_over = false;
        bool passed = false;
    };

    int pits() const { return static_cast<int>(a.size()); }
    /// Pits the player may move, in positional order: B2, B3, ... or A2, A3, ...
    std::vector<int> moves() const;
    /// Plays pit `column` (0 for B2/A2) of the player to move, stone by stone.
    Outcome play(const Rules& rules, int column);
    int total() const;

    static NaiveBoard from(const Position& p);
    Position to_position() const;
};

/// Number of positions reached after exactly `plies` moves (an extra turn is a ply).
long long naive_perft(const Rules& rules, const NaiveBoard& board, int plies);

}  // namespace mancala::testing
