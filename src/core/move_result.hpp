#pragma once

#include <cstdint>

namespace mancala {

/// What happened when a move was applied.
struct MoveResult {
    bool extra_turn = false;     ///< the last stone fell in the mover's store: the mover moves again
    bool capture = false;        ///< the last stone fell in an own empty pit and a capture was made
    bool passed = false;         ///< the player due to move had no stones and passed (board-empty end rule)
    bool game_over = false;      ///< the game ended after this move (leftovers already swept)
    std::uint16_t captured = 0;  ///< stones moved to the store by the capture, the capturing stone included
    std::uint32_t relays = 0;    ///< how many times relay sowing lifted a pit and sowed on
    std::int8_t last_cell = -1;  ///< board cell where the last stone fell (see Position's layout)
};

}  // namespace mancala
