#pragma once
// Items dealt to takers in proportion to their weights: item k goes to the taker
// whose part of [0, 1) holds the k-th point of the golden-ratio sequence, which
// fills [0, 1) evenly at every length, so every stretch of items is shared in
// proportion too. Every process computes the same deal from the same weights, so
// the processes of a distributed build agree on it without a message.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mancala::solve {

class WeightedDeal {
public:
    /// `weights`: one positive weight a taker (at least one taker).
    explicit WeightedDeal(std::span<const double> weights) {
        double total = 0, so_far = 0;
        for (double w : weights) total += w;
        for (double w : weights) ends_.push_back((so_far += w) / total);
        if (!ends_.empty()) ends_.back() = 1.0;
    }

    /// The taker of item `k`.
    int taker(std::uint64_t k) const {
        constexpr double kGolden = 0.6180339887498949;
        const double point = std::fmod((static_cast<double>(k) + 0.5) * kGolden, 1.0);
        const auto at = std::upper_bound(ends_.begin(), ends_.end(), point) - ends_.begin();
        return static_cast<int>(std::min<std::ptrdiff_t>(at, static_cast<std::ptrdiff_t>(ends_.size()) - 1));
    }

private:
    std::vector<double> ends_;  // where each taker's part of [0, 1) ends
};

}  // namespace mancala::solve
