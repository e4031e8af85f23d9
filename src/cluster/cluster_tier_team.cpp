#include "cluster/cluster_tier_team.hpp"

#include "cluster/tier_shares.hpp"
#include "solve/tier_builder.hpp"
#include "solve/tier_file.hpp"
#include "util/stopwatch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace mancala::cluster {

namespace {

// Tiers solved faster than this say too little of a process's rate to deal the next by.
constexpr double kShortestTimedTier = 0.05;

}  // namespace

ClusterTierTeam::ClusterTierTeam(const Communicator& comm)
    : comm_(comm), weights_(static_cast<std::size_t>(comm.size()), 1.0) {}

void ClusterTierTeam::solve(const Rules& rules, const solve::TierIndex& index, int tier,
                            std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values,
                            int threads, const std::function<void(std::uint64_t done)>& on_progress) {
    // Every process must be at the same tier (databases read from one shared folder).
    if (comm_.min(static_cast<std::uint64_t>(tier)) != comm_.max(static_cast<std::uint64_t>(tier)))
        throw std::runtime_error(fmt::format(
            "the processes are at different tiers (this one at {}): do they all see the same database folder?",
            tier));
    const std::uint64_t size = index.size(tier);
    const std::vector<solve::IndexRange> share = tier_share(size, weights_, comm_.rank());
    std::uint64_t owned = 0;
    for (const auto& run : share) owned += run.last - run.first;
    // Progress in positions of the whole tier: this share's fraction of it.
    const auto scaled = [&](std::uint64_t done) {
        if (on_progress && owned > 0)
            on_progress(static_cast<std::uint64_t>(static_cast<double>(done) / static_cast<double>(owned) *
                                                   static_cast<double>(size)));
    };
    const auto solving = std::chrono::steady_clock::now();
    solve::solve_tier_share(rules, index, tier, lower, values, threads, share, scaled);
    const double solved_in = seconds_since(solving);

    const auto exchanging = std::chrono::steady_clock::now();
    comm_.barrier();  // the early ones nap rather than spin in the all-reduce
    comm_.max_in_place(values);
    // Never a wrong tier: every position solved by someone, and all processes alike.
    if (const auto hole = std::find(values.begin(), values.end(), solve::kTierUnknown); hole != values.end())
        throw std::runtime_error(
            fmt::format("tier {}: position {} was solved by no process", tier, hole - values.begin()));
    const std::uint64_t checksum = solve::tier_checksum(values);
    if (comm_.min(checksum) != comm_.max(checksum))
        throw std::runtime_error(fmt::format("tier {}: the processes hold different values", tier));
    const std::vector<double> rates =
        comm_.gather_all(solved_in >= kShortestTimedTier ? static_cast<double>(owned) / solved_in : 0.0);
    if (std::all_of(rates.begin(), rates.end(), [](double r) { return r > 0; })) weights_ = rates;
    times_.exchanging += seconds_since(exchanging);
    times_.solving += solved_in;
    times_.positions += owned;
    if (on_progress) on_progress(size);
}

}  // namespace mancala::cluster
