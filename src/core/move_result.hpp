#pragma once

#include <cstdint>

namespace mancala {

/// What happened when a move was applied.
struct MoveResult {
    bool extra_turn = false;           ///< the last stone fell in the mover's store: the mover moves again
    bool capture = false;              ///< stones were captured (an opposite or a count capture)
    bool grand_slam = false;           ///< the captures would have emptied the opponent's row (see GrandSlam)
    bool tuzdyk = false;               ///< the last stone made an opponent's pit the mover's tuzdyk
    bool passed = false;               ///< the player due to move had no stones and passed (board-empty end rule)
    bool game_over = false;            ///< the game ended after this move (leftovers already swept)
    std::uint16_t captured = 0;        ///< stones moved to the store by captures (a tuzdyk's three included)
    std::uint64_t captured_cells = 0;  ///< bit c set: the stones of board cell c were captured
    std::uint32_t relays = 0;          ///< how many times relay sowing lifted a pit and sowed on
    std::int8_t last_cell = -1;        ///< board cell where the last stone fell (see Position's layout)
};

}  // namespace mancala
