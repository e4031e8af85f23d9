#pragma once
// A position as one line of text, in the order the homework draws the board:
//   "<row A: A2 .. A(N+1)> / <row B: B2 .. B(N+1)> / <A1> / <B(N+2)> / <to move>"
// e.g. the start of Kalah(6,4): "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S". Counts are separated
// by commas or spaces; the side to move is S or N (also south, north, 1 or 2).

#include "core/position.hpp"

#include <string>
#include <string_view>

namespace mancala {

/// Throws std::invalid_argument naming the field that is wrong.
Position parse_position(std::string_view text);

std::string to_notation(const Position& position);

/// "S"/"south"/"1" or "N"/"north"/"2" (any case); throws std::invalid_argument otherwise.
Side parse_side(std::string_view text);

}  // namespace mancala
