#pragma once
// A position as one line of text, in the order the homework draws the board:
//   "<row A: A2 .. A(N+1)> / <row B: B2 .. B(N+1)> / <A1> / <B(N+2)> / <to move>"
// e.g. the start of Kalah(6,4): "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S". Counts are separated
// by commas or spaces; the side to move is S or N (also south, north, 1 or 2).
// One notation for every game: row A is North's pits as South sees them, left to
// right, row B South's pits left to right, so on a clockwise board (Direction) both
// rows run the other way in sowing order. A tuzdyk is written X (it is always empty).

#include "core/position.hpp"

#include <string>
#include <string_view>

namespace mancala {

/// Throws std::invalid_argument naming the field that is wrong. The rows are read in
/// the direction `direction` sows.
Position parse_position(std::string_view text, Direction direction = Direction::CounterClockwise);
/// As parse_position(text, rules.direction), and checked against `rules`: its pits, and
/// no tuzdyk unless the rules have them.
Position parse_position(std::string_view text, const Rules& rules);

std::string to_notation(const Position& position, Direction direction = Direction::CounterClockwise);
inline std::string to_notation(const Position& position, const Rules& rules) {
    return to_notation(position, rules.direction);
}

/// "S"/"south"/"1" or "N"/"north"/"2" (any case); throws std::invalid_argument otherwise.
Side parse_side(std::string_view text);

}  // namespace mancala
