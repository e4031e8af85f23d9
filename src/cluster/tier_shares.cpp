#include "cluster/tier_shares.hpp"

#include "util/assert.hpp"

#include <algorithm>
#include <cmath>

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
    // Where each process's weight ends on [0, 1).
    std::vector<double> ends;
    double total = 0;
    for (double w : weights) total += w;
    double so_far = 0;
    for (double w : weights) ends.push_back((so_far += w) / total);
    ends.back() = 1.0;
    // Stripe c goes to the process whose part of [0, 1) holds the c-th point of the
    // golden-ratio sequence, which fills [0, 1) evenly at every length.
    constexpr double kGolden = 0.6180339887498949;
    std::vector<solve::IndexRange> share;
    std::uint64_t c = 0;
    for (std::uint64_t first = 0; first < size; first += stripe, ++c) {
        const double point = std::fmod((static_cast<double>(c) + 0.5) * kGolden, 1.0);
        const auto owner = std::upper_bound(ends.begin(), ends.end(), point) - ends.begin();
        if (std::min<std::ptrdiff_t>(owner, static_cast<std::ptrdiff_t>(processes) - 1) != rank) continue;
        const std::uint64_t last = std::min(size, first + stripe);
        if (!share.empty() && share.back().last == first)
            share.back().last = last;  // neighbouring stripes make one run
        else
            share.push_back({first, last});
    }
    return share;
}

}  // namespace mancala::cluster
