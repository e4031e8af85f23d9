#pragma once
// The processes of an MPI job building an endgame database together (the design
// for nodes that each hold the finished lower tiers; docs/SCALING.md): each solves
// its share of a tier (cluster/tier_shares.hpp) from the lower tiers it holds,
// solving the same-tier positions its share leads to on demand; then the shares
// are combined by an all-reduce of the maximum (an unsolved entry is below every
// value) so that every process holds the whole tier before the next. The leader
// writes the files. The shares of the next tier follow each process's measured
// rate on this one.

#include "cluster/communicator.hpp"
#include "solve/tier_team.hpp"

#include <cstdint>
#include <vector>

namespace mancala::cluster {

/// Where the time of a distributed build went, in this process.
struct TeamTimes {
    double solving = 0;           ///< solving this process's shares
    double exchanging = 0;        ///< combining the tiers and agreeing on them (waiting for others included)
    std::uint64_t positions = 0;  ///< positions of this process's shares
};

class ClusterTierTeam final : public solve::TierTeam {
public:
    explicit ClusterTierTeam(const Communicator& comm);

    void solve(const Rules& rules, const solve::TierIndex& index, int tier,
               std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
               const std::function<void(std::uint64_t done)>& on_progress) override;
    bool writes_files() const override { return comm_.leader(); }

    const TeamTimes& times() const { return times_; }

private:
    const Communicator& comm_;
    std::vector<double> weights_;  // each process's rate on the last tier timed; equal at first
    TeamTimes times_;
};

}  // namespace mancala::cluster
