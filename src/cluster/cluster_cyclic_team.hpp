#pragma once
// The processes of an MPI job solving the tiers of a database of a game whose positions
// repeat (solve/cyclic_tier_solver.hpp): each plays the moves of one run of every tier,
// the runs in rank order; they combine what each knows of the boards, then exchange the
// bounds of the unsettled boards (lo by maximum, hi by minimum) after each process's own
// sweeps until no process changes one, and end with the whole tier by maximum. The leader
// writes the files.

#include "cluster/communicator.hpp"
#include "solve/cyclic_tier_solver.hpp"

namespace mancala::cluster {

class ClusterCyclicTeam final : public solve::CyclicTeam {
public:
    explicit ClusterCyclicTeam(const Communicator& comm) : comm_(comm) {}

    solve::IndexRange share(std::uint64_t size) const override;
    void combine(std::span<std::int8_t> bytes) override { comm_.max_in_place(bytes); }
    bool exchange(std::vector<std::uint8_t>& lo, std::vector<std::uint8_t>& hi, bool changed) override;
    bool writes_files() const override { return comm_.leader(); }

private:
    const Communicator& comm_;
};

}  // namespace mancala::cluster
