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

/// A half-open run [first, last) of a tier's indices.
struct IndexRange {
    std::uint64_t first = 0;
    std::uint64_t last = 0;
};

/// Fills `values` (TierIndex order, index.size(tier) entries) with the value of
/// each position of `tier`: what the mover gains over the opponent from there on
/// under perfect play. `lower[t]` holds tier t for every t < tier. Uses `threads`
/// threads; `on_progress(done)` is called from the calling thread now and then.
/// With `fast_path` (single sowing, either-row-empty end: Kalah and homework) moves
/// are played on the counts by a small sower; without it by Position::apply.
void solve_tier(const Rules& rules, const TierIndex& index, int tier,
                std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
                const std::function<void(std::uint64_t done)>& on_progress = {}, bool fast_path = true);

/// As solve_tier, for a share of the tier (one process's of many): only the
/// positions of the runs `parts` (disjoint, maybe none) are certain to be solved;
/// the same-tier positions they lead to are solved on demand too, and every other
/// entry is left kTierUnknown. `done` counts the positions of `parts`.
void solve_tier_share(const Rules& rules, const TierIndex& index, int tier,
                      std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values,
                      int threads, std::span<const IndexRange> parts,
                      const std::function<void(std::uint64_t done)>& on_progress = {}, bool fast_path = true);

/// The entry of a position not solved (yet): below every value, so that combining
/// shares of a tier by maximum keeps the solved values.
inline constexpr std::int8_t kTierUnknown = -128;

}  // namespace mancala::solve
