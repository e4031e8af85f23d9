#pragma once
// Who solves the tiers of an endgame database: this process alone (the default),
// or this process together with others, each solving a share of every tier and all
// of them ending with the whole tier (a distributed build: cluster/). The database
// asks its team for each tier and writes the files only where the team says so.

#include "core/rules.hpp"
#include "solve/tier_index.hpp"

#include <cstdint>
#include <functional>
#include <span>

namespace mancala::solve {

class TierTeam {
public:
    virtual ~TierTeam() = default;

    /// Fills `values` (all index.size(tier) of them) with tier `tier`, as solve_tier
    /// does, with `threads` threads in this process; `on_progress(done)` counts the
    /// positions of the whole tier, estimated from this process's share.
    virtual void solve(const Rules& rules, const TierIndex& index, int tier,
                       std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values,
                       int threads, const std::function<void(std::uint64_t done)>& on_progress) = 0;

    /// True for the one process of a team that writes the tier files; the others keep
    /// their tiers in memory.
    virtual bool writes_files() const = 0;
};

}  // namespace mancala::solve
