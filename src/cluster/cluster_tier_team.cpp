#include "cluster/cluster_tier_team.hpp"

#include "cluster/tier_shares.hpp"
#include "solve/fast_sower.hpp"
#include "solve/tier_builder.hpp"
#include "solve/tier_file.hpp"
#include "solve/tier_sweep.hpp"
#include "util/stopwatch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <numeric>
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
    double exchanged_in = 0;  // seconds of this tier spent exchanging
    double solved_in = 0;
    std::uint64_t owned = 0;
    if (solve::has_fast_path(rules)) {
        // The sweep, layer by layer, each layer's bytes exchanged before the next.
        solve::SweepTeam team;
        team.process = comm_.rank();
        team.weights = weights_;
        team.exchange = [&](std::span<const std::int8_t> mine, std::span<const std::uint64_t> counts,
                            std::span<std::int8_t> all) {
            comm_.barrier();  // the early ones nap rather than spin in the collective
            comm_.gather_all(mine, counts, all);
        };
        team.exchange_seconds = &exchanged_in;
        const double share = weights_[static_cast<std::size_t>(comm_.rank())] /
                             std::accumulate(weights_.begin(), weights_.end(), 0.0);
        const auto solving = std::chrono::steady_clock::now();
        solve::sweep_tier_together(rules, index, tier, lower, values, threads, team, [&](std::uint64_t done) {
            owned = done;
            if (on_progress) on_progress(static_cast<std::uint64_t>(static_cast<double>(done) / share));
        });
        solved_in = seconds_since(solving) - exchanged_in;
    } else {
        // The walk with same-tier positions solved on demand: each process its share,
        // combined at the end by an all-reduce of the maximum.
        const std::vector<solve::IndexRange> share = tier_share(size, weights_, comm_.rank());
        for (const auto& run : share) owned += run.last - run.first;
        const auto scaled = [&](std::uint64_t done) {
            if (on_progress && owned > 0)
                on_progress(static_cast<std::uint64_t>(static_cast<double>(done) / static_cast<double>(owned) *
                                                       static_cast<double>(size)));
        };
        const auto solving = std::chrono::steady_clock::now();
        solve::solve_tier_share(rules, index, tier, lower, values, threads, share, scaled);
        solved_in = seconds_since(solving);
        const auto exchanging = std::chrono::steady_clock::now();
        comm_.barrier();
        comm_.max_in_place(values);
        exchanged_in = seconds_since(exchanging);
    }

    const auto checking = std::chrono::steady_clock::now();
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
    times_.exchanging += exchanged_in + seconds_since(checking);
    times_.solving += solved_in;
    times_.positions += owned;
    if (on_progress) on_progress(size);
}

}  // namespace mancala::cluster
