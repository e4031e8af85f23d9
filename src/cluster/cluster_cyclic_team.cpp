#include "cluster/cluster_cyclic_team.hpp"

#include "util/assert.hpp"

namespace mancala::cluster {

solve::IndexRange ClusterCyclicTeam::share(std::uint64_t size) const {
    const auto rank = static_cast<std::uint64_t>(comm_.rank()),
               processes = static_cast<std::uint64_t>(comm_.size());
    return {size * rank / processes, size * (rank + 1) / processes};
}

bool ClusterCyclicTeam::exchange(std::vector<std::uint8_t>& lo, std::vector<std::uint8_t>& hi, bool changed) {
    // The bounds are at most 127 seeds, so they fit the signed bytes the maximum works on;
    // hi's minimum is the maximum of its negation.
    auto as_bytes = [](std::vector<std::uint8_t>& v) {
        return std::span<std::int8_t>(reinterpret_cast<std::int8_t*>(v.data()), v.size());
    };
    comm_.max_in_place(as_bytes(lo));
    for (std::uint8_t& h : hi) {
        MANCALA_ASSERT(h <= 127, "a bound fits a signed byte");
        h = static_cast<std::uint8_t>(-static_cast<int>(h));
    }
    comm_.max_in_place(as_bytes(hi));
    for (std::uint8_t& h : hi) h = static_cast<std::uint8_t>(-static_cast<std::int8_t>(h));
    return comm_.max(changed ? 1 : 0) != 0;
}

}  // namespace mancala::cluster
