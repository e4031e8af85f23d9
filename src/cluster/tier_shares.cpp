#include "cluster/tier_shares.hpp"

#include "solve/weighted_deal.hpp"
#include "util/assert.hpp"

#include <algorithm>

namespace mancala::cluster {

namespace {

// About 64 stripes a process: shares within a stripe (1-2%) of their weights,
// and stripes long enough (at least 4096 positions) that the walk over a run
// (TierIndex::next) outweighs the unranking at its start.
constexpr std::uint64_t kStripesPerProcess = 64;
constexpr std::uint64_t kShortestStripe = 4096;

}  // namespace

std::vector<solve::IndexRange> tier_share(std::uint64_t size, std::span<const double> weights, int rank) {
    MANCALA_ASSERT(!weights.empty() && rank >= 0 && rank < static_cast<int>(weights.size()), "a rank of the team");
    const auto processes = static_cast<std::uint64_t>(weights.size());
    const std::uint64_t stripe =
        std::max(kShortestStripe, (size + processes * kStripesPerProcess - 1) / (processes * kStripesPerProcess));
    const solve::WeightedDeal deal(weights);
    std::vector<solve::IndexRange> share;
    std::uint64_t c = 0;
    for (std::uint64_t first = 0; first < size; first += stripe, ++c) {
        if (deal.taker(c) != rank) continue;
        const std::uint64_t last = std::min(size, first + stripe);
        if (!share.empty() && share.back().last == first)
            share.back().last = last;  // neighbouring stripes make one run
        else
            share.push_back({first, last});
    }
    return share;
}

}  // namespace mancala::cluster
