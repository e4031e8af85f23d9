#pragma once

#include <cstdint>
#include <string_view>

namespace mancala {

/// The two players. South is the homework's player 1 (row B, store B(N+2)) and
/// moves first from the start position; North is player 2 (row A, store A1).
enum class Side : std::uint8_t { South = 0, North = 1 };

constexpr Side opponent(Side side) { return side == Side::South ? Side::North : Side::South; }
constexpr int index_of(Side side) { return static_cast<int>(side); }

constexpr std::string_view to_string(Side side) { return side == Side::South ? "south" : "north"; }

}  // namespace mancala
