#pragma once
// A move as a person types it: a pit name as the game writes it ("B4", any case,
// or Oware's "c") or a number 1..N counted in the mover's sowing order (the way
// Kalah houses are numbered): South's 1 is B2 (or A), North's 1 is A(N+1) (or a).

#include "core/rules.hpp"
#include "core/side.hpp"

#include <string>
#include <string_view>

namespace mancala::play {

/// The pit index of `side` that `text` names. Throws std::invalid_argument with a
/// message fit to show the player (e.g. "A3 is north's pit: south plays B2..B7 or 1..6").
int parse_move(const Rules& rules, Side side, std::string_view text);

/// "B2..B7 or 1..6", "A..F or 1..6": the ways `side` may name its pits, for prompts and messages.
std::string move_choices(const Rules& rules, Side side);

/// The same with the homework's names, on a counter-clockwise board of `pits` pits a side.
int parse_move(int pits, Side side, std::string_view text);
std::string move_choices(int pits, Side side);

}  // namespace mancala::play
