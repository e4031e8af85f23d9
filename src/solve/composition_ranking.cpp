#include "solve/composition_ranking.hpp"

#include <fmt/format.h>

#include <limits>
#include <stdexcept>

namespace mancala::solve {

CompositionRanking::CompositionRanking(int max_stones, int pits) : max_stones_(max_stones), pits_(pits) {
    if (pits < 1) throw std::invalid_argument(fmt::format("a composition needs at least one pit, got {}", pits));
    if (max_stones < 0) throw std::invalid_argument(fmt::format("stones must not be negative, got {}", max_stones));
    // Pascal's triangle for n < max_stones + pits and r < pits: exactly the entries
    // rank and unrank use, the largest being C(max_stones + pits - 1, pits - 1).
    const int rows = max_stones + pits;
    const auto width = static_cast<std::size_t>(pits);
    table_.assign(static_cast<std::size_t>(rows) * width, 0);
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    for (int n = 0; n < rows; ++n) {
        for (int r = 0; r < pits && r <= n; ++r) {
            std::uint64_t value = 1;
            if (r > 0 && r < n) {
                const std::uint64_t a =
                    table_[static_cast<std::size_t>(n - 1) * width + static_cast<std::size_t>(r - 1)];
                const std::uint64_t b =
                    table_[static_cast<std::size_t>(n - 1) * width + static_cast<std::size_t>(r)];
                if (a > kMax - b)
                    throw std::overflow_error(fmt::format(
                        "the positions of up to {} stones in {} pits number more than 2^64: too many to rank",
                        max_stones, pits));
                value = a + b;
            }
            table_[static_cast<std::size_t>(n) * width + static_cast<std::size_t>(r)] = value;
        }
    }
}

// Compositions before `counts` in lexicographic order: for each pit i, those with
// the same counts before i and fewer stones in pit i. With t stones left for the
// m = k - i pits from i on, the ones with c < counts[i] stones in pit i number
// sum_{c < counts[i]} C(t - c + m - 2, m - 2) = C(t + m - 1, m - 1) - C(t - counts[i] + m - 1, m - 1)
// (the hockey-stick identity), one subtraction per pit.
std::uint64_t CompositionRanking::rank(std::span<const int> counts) const {
    if (static_cast<int>(counts.size()) != pits_)
        throw std::invalid_argument(fmt::format("expected {} pit counts, got {}", pits_, counts.size()));
    int left = 0;
    for (int c : counts) {
        if (c < 0) throw std::invalid_argument("pit counts must not be negative");
        left += c;
    }
    if (left > max_stones_)
        throw std::invalid_argument(
            fmt::format("{} stones is more than the {} this ranking covers", left, max_stones_));
    std::uint64_t index = 0;
    for (int i = 0; i + 1 < pits_; ++i) {
        const int m = pits_ - i;
        const int c = counts[static_cast<std::size_t>(i)];
        index += choose(left + m - 1, m - 1) - choose(left - c + m - 1, m - 1);
        left -= c;
    }
    return index;
}

void CompositionRanking::unrank(int stones, std::uint64_t index, std::span<int> counts) const {
    if (static_cast<int>(counts.size()) != pits_)
        throw std::invalid_argument(fmt::format("expected room for {} pit counts, got {}", pits_, counts.size()));
    if (stones < 0 || stones > max_stones_)
        throw std::invalid_argument(fmt::format("{} stones is outside this ranking's 0..{}", stones, max_stones_));
    if (index >= count(stones))
        throw std::invalid_argument(
            fmt::format("rank {} is out of range for {} stones ({} compositions)", index, stones, count(stones)));
    int left = stones;
    for (int i = 0; i + 1 < pits_; ++i) {
        const int m = pits_ - i;
        const std::uint64_t all = choose(left + m - 1, m - 1);
        // The largest c with all - C(left - c + m - 1, m - 1) <= index: binary search on t = left - c.
        int lo = 0, hi = left;  // t in [lo, hi]; C(t + m - 1, m - 1) grows with t
        while (lo < hi) {
            const int t = lo + (hi - lo) / 2;
            if (all - choose(t + m - 1, m - 1) <= index)
                hi = t;
            else
                lo = t + 1;
        }
        const int c = left - lo;
        index -= all - choose(lo + m - 1, m - 1);
        counts[static_cast<std::size_t>(i)] = c;
        left -= c;
    }
    counts[static_cast<std::size_t>(pits_ - 1)] = left;
}

}  // namespace mancala::solve
