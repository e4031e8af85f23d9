#pragma once
// Pit names as in the homework: row A on top (North, player 2) with its store A1
// on the left, row B below (South, player 1) with its store B(N+2) on the right.
// South's pit i is B(i+2); North's pit i (in North's sowing order) is A(N+1-i).

#include "core/side.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace mancala {

std::string pit_name(int pits, Side side, int index);
std::string store_name(int pits, Side side);

/// The pit index of `side` called `name` ("B3", case-insensitive), if there is one.
std::optional<int> parse_pit_name(int pits, Side side, std::string_view name);

}  // namespace mancala
