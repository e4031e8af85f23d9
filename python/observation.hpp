#pragma once
// The forms a learning agent consumes: a position as a NumPy vector of counts, and its
// legal moves as a mask over the N pit indices.

#include "game_position.hpp"

#include <pybind11/numpy.h>

#include <string>
#include <string_view>

namespace mancala::python {

/// Throws ImportError "`what` needs NumPy: pip install numpy" when NumPy cannot be imported:
/// NumPy is an optional dependency (mancala[numpy]), needed by the calls that return arrays only.
void require_numpy(std::string_view what);

/// 2N+2 float32 counts. Perspective "mover": the mover's pits in its sowing order, its
/// store, then the opponent's pits and store (the same network plays both sides);
/// "south": the board's cells in order (Position.cells()). Under rules with tuzdyks, two
/// more: each side's tuzdyk (the mover's or south's first) as 1 + its pit index in the
/// other row, 0 for none. std::invalid_argument for another perspective.
py::array_t<float> observation(const GamePosition& game, const std::string& perspective);

/// The counts as `side` sees them: its pits, its store, the other side's pits and store
/// (and the tuzdyks, `side`'s first, under rules that have them).
py::array_t<float> observation_for(const Rules& rules, const Position& position, Side side);

/// observation_for's counts written to `out` (observation_size(rules) floats), for batches.
void write_observation(const Rules& rules, const Position& position, Side side, float* out);

/// The length of an observation under `rules`: 2N+2, or 2N+4 with tuzdyks.
int observation_size(const Rules& rules);

/// N booleans: which pit indices of the side to move are legal (none once the game is over).
py::array_t<bool> action_mask(const GamePosition& game);

}  // namespace mancala::python
