#include "solve/tier_index.hpp"

#include "core/mover_first_counts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace mancala::solve {

TierIndex::TierIndex(int pits, int max_stones) : pits_(pits), max_stones_(max_stones) {
    if (pits < 1 || pits > kMaxPits)
        throw std::invalid_argument(fmt::format("pits per side must be between 1 and {}, got {}", kMaxPits, pits));
    if (max_stones < 0) throw std::invalid_argument(fmt::format("stones must not be negative, got {}", max_stones));
    const int cells = 2 * pits;
    const auto width = static_cast<std::size_t>(max_stones + 1);
    ways_.assign(static_cast<std::size_t>(cells) * width, 0);
    // ways(first, s): the last pit takes whatever is left (one way); each earlier
    // pit sums the ways of the rest over what it holds.
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    for (int s = 0; s <= max_stones; ++s) ways_[static_cast<std::size_t>(cells - 1) * width + s] = 1;
    for (int first = cells - 2; first >= 0; --first) {
        std::uint64_t sum = 0;
        for (int s = 0; s <= max_stones; ++s) {
            const std::uint64_t add =
                ways_[static_cast<std::size_t>(first + 1) * width + static_cast<std::size_t>(s)];
            if (sum > kMax - add)
                throw std::overflow_error(fmt::format(
                    "the positions of {} stones in {} pits number more than 2^64: too many to index", s, cells));
            sum += add;
            ways_[static_cast<std::size_t>(first) * width + static_cast<std::size_t>(s)] = sum;
        }
    }
    // For rank_cells: the compositions after one that leaves s stones for pits i and on, first differing at i - 1.
    beyond_.assign(ways_.size(), 0);
    for (int i = 1; i < cells; ++i)
        for (int s = 1; s <= max_stones; ++s)
            beyond_[static_cast<std::size_t>(i) * width + static_cast<std::size_t>(s)] = ways(i - 1, s - 1);
    mover_cells_.assign(width, 0);
    opponent_cells_.assign(width, 0);
    for (std::size_t s = 0; s < width; ++s) {
        for (int i = 1; i <= pits; ++i) mover_cells_[s] += beyond_[static_cast<std::size_t>(i) * width + s];
        for (int i = pits; i < cells; ++i) opponent_cells_[s] += beyond_[static_cast<std::size_t>(i) * width + s];
    }
}

std::uint64_t TierIndex::rank(const Position& p) const {
    if (p.pits() != pits_)
        throw std::invalid_argument(fmt::format("a {}-pit position for a {}-pit index", p.pits(), pits_));
    std::array<int, 2 * kMaxPits> cells{};
    const int stones = mover_first_counts(p, cells.data());
    if (stones > max_stones_)
        throw std::invalid_argument(
            fmt::format("{} stones in the pits: more than the {} this index covers", stones, max_stones_));
    return rank(cells.data(), stones);
}

void TierIndex::unrank(int stones, std::uint64_t index, int* cells) const {
    if (stones < 0 || stones > max_stones_ || index >= size(stones))
        throw std::invalid_argument(fmt::format("no position {} in tier {}", index, stones));
    [[maybe_unused]] const std::uint64_t first_index = index;
    int left = stones;
    for (int i = 0; i + 1 < 2 * pits_; ++i) {
        // The largest c with ways(i, left) - ways(i, left - c) <= index: ways(i, .) grows, so search.
        const std::uint64_t all = ways(i, left);
        int lo = 0, hi = left;  // t = left - c in [lo, hi]
        while (lo < hi) {
            const int t = lo + (hi - lo) / 2;
            if (all - ways(i, t) <= index)
                hi = t;
            else
                lo = t + 1;
        }
        index -= all - ways(i, lo);
        cells[i] = left - lo;
        left = lo;
    }
    cells[2 * pits_ - 1] = left;
    MANCALA_ASSERT(rank(cells, stones) == first_index, "unrank is the inverse of rank");
}

bool TierIndex::next(int* cells) const {
    // The next composition: one more stone in the last pit j < 2N-1 that has stones
    // after it, and all the rest of those in the last pit.
    const int last = 2 * pits_ - 1;
    int j = last - 1;
    int after = cells[last];
    while (j >= 0 && after == 0) {
        after += cells[j];
        --j;
    }
    if (j < 0) return false;
    // `after` counts the stones beyond j (at least one).
    for (int i = j + 1; i <= last; ++i) cells[i] = 0;
    ++cells[j];
    cells[last] = after - 1;
    return true;
}

std::uint64_t TierIndex::positions_up_to(int pits, int stones) {
    const TierIndex index(pits, std::max(stones, 0));
    std::uint64_t total = 0;
    for (int s = 0; s <= stones; ++s) total += index.size(s);
    return total;
}

Position TierIndex::position(const int* cells) const {
    const auto n = static_cast<std::size_t>(pits_);
    return Position::from_counts(std::span<const int>(cells, n), std::span<const int>(cells + n, n), 0, 0,
                                 Side::South);
}

}  // namespace mancala::solve
