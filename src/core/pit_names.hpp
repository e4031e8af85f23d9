#pragma once
// Pit names as each game's players write them. The homework's (PitNaming::Kalah):
// row A on top (North, player 2) with its store A1 on the left, row B below (South,
// player 1) with its store B(N+2) on the right, each row numbered from 2 left to
// right as South sees the board; on a counter-clockwise board South's pit i is
// B(i+2) and North's pit i (in North's sowing order) is A(N+1-i). Oware's
// (PitNaming::Letters): South's pits A, B, C... and North's a, b, c..., each in its
// owner's sowing order.

#include "core/rules.hpp"
#include "core/side.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace mancala {

std::string pit_name(const Rules& rules, Side side, int index);
std::string store_name(const Rules& rules, Side side);
/// A store's short label, for drawings: its homework name (A1, B8), or N and S.
std::string store_label(const Rules& rules, Side side);

/// The pit index of `side` called `name` ("B3" or "c", the row letter in any case for
/// the homework's names; case tells the side for letters), if there is one.
std::optional<int> parse_pit_name(const Rules& rules, Side side, std::string_view name);

/// The pit index of `side` drawn in column `column` (0 at the left as South sees the
/// board), and the column of a pit: one mapping, its own inverse.
int pit_at_column(const Rules& rules, Side side, int column);
inline int column_of_pit(const Rules& rules, Side side, int index) { return pit_at_column(rules, side, index); }

/// The homework's names on a counter-clockwise board of `pits` pits a side.
std::string pit_name(int pits, Side side, int index);
std::string store_name(int pits, Side side);
std::optional<int> parse_pit_name(int pits, Side side, std::string_view name);

}  // namespace mancala
