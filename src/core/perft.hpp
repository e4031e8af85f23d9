#pragma once

#include "core/position.hpp"

#include <cstdint>

namespace mancala {

/// Number of positions reached after exactly `plies` moves from `position` (a move
/// that earns an extra turn is a ply of its own; games over earlier count nothing).
/// The classic move-generation check: any change of the rules changes these counts.
std::uint64_t perft(const Rules& rules, const Position& position, int plies);

}  // namespace mancala
