#pragma once
// Every cell a move sows a stone into, in order: for showing a move stone by stone.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <cstddef>
#include <vector>

namespace mancala::play {

struct SownCells {
    std::vector<int> cells;  ///< board cells (Position's layout), one entry per stone sown, in order
    bool truncated = false;  ///< the move sows more stones than the cap: `cells` holds the first `cap`
};

/// The cells that playing `pit` (of the side to move in `before`) sows into, the
/// laps and every relay of relay sowing included, at most `cap` of them. It walks
/// the sowing as `Position::apply` does, stone by stone, so it costs O(min(stones
/// sown, cap)). Precondition: before.is_legal(rules, pit).
SownCells sown_cells(const Rules& rules, const Position& before, int pit, std::size_t cap);

}  // namespace mancala::play
