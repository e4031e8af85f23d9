#pragma once
// A whole tier of the fast rules (solve/fast_sower.hpp) solved in an order that
// needs no recursion: a move that stays in the tier only pushes stones along the
// mover's row towards its store, so the stones' distance to their owners' stores,
// summed over the board, falls with every such move. Solving the tier layer by
// layer of that distance, nearest first, finds every same-tier child solved, and
// a layer's positions are independent: the threads share each layer, and every
// child's byte is fetched well before it is read (many misses in flight at once
// instead of one after another).

#include "core/rules.hpp"
#include "solve/tier_index.hpp"

#include <cstdint>
#include <functional>
#include <span>

namespace mancala::solve {

/// As solve_tier (solve/tier_builder.hpp), for rules with has_fast_path(rules):
/// the same values, byte for byte.
void sweep_tier(const Rules& rules, const TierIndex& index, int tier,
                std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
                const std::function<void(std::uint64_t done)>& on_progress);

}  // namespace mancala::solve
