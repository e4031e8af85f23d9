#pragma once
// Retrograde analysis of one tier of an endgame database: the value of every
// position with exactly `tier` stones in the pits, mover to play, from the
// values of the lower tiers.

#include "core/rules.hpp"
#include "solve/tier_index.hpp"

#include <cstdint>
#include <functional>
#include <span>

namespace mancala::solve {

/// Fills `values` (TierIndex order, index.size(tier) entries) with the value of
/// each position of `tier`: what the mover gains over the opponent from there on
/// under perfect play. `lower[t]` holds tier t for every t < tier. Uses `threads`
/// threads; `on_progress(done)` is called from the calling thread now and then.
/// With `fast_path` (single sowing, either-row-empty end: Kalah and homework) moves
/// are played on the counts by a small sower; without it by Position::apply.
void solve_tier(const Rules& rules, const TierIndex& index, int tier,
                std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
                const std::function<void(std::uint64_t done)>& on_progress = {}, bool fast_path = true);

}  // namespace mancala::solve
