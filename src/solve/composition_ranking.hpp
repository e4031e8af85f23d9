#pragma once
// A perfect, minimal, order-preserving ranking of the ways to put exactly s
// stones into k pits (compositions; "stars and bars": o o x o x is 2,1,0). The
// compositions are numbered 0 .. C(s+k-1, k-1) - 1 in lexicographic order of
// their counts (pit 0 first, fewest stones first), as GamesCrafters' generic
// hash numbers board contents. rank() is O(k); unrank() is O(k log s), both over
// a table of binomials built once. Counts that do not fit in 64 bits are refused,
// never wrapped.

#include <cstdint>
#include <span>
#include <vector>

namespace mancala::solve {

class CompositionRanking {
public:
    /// Prepares ranking of up to `max_stones` stones in exactly `pits` pits.
    /// Throws std::overflow_error if some count would exceed 2^64 - 1, and
    /// std::invalid_argument for pits < 1 or max_stones < 0.
    CompositionRanking(int max_stones, int pits);

    int pits() const { return pits_; }
    int max_stones() const { return max_stones_; }

    /// Number of compositions of `stones` into the pits: C(stones + pits - 1, pits - 1).
    std::uint64_t count(int stones) const { return choose(stones + pits_ - 1, pits_ - 1); }

    /// The rank of `counts` (pits() non-negative counts summing to at most max_stones()).
    std::uint64_t rank(std::span<const int> counts) const;

    /// The composition of `stones` with rank `index` (< count(stones)), written to `counts`.
    void unrank(int stones, std::uint64_t index, std::span<int> counts) const;

private:
    /// C(n, r) for 0 <= r < pits, n < max_stones + pits.
    std::uint64_t choose(int n, int r) const {
        if (n < 0 || r < 0 || r > n) return 0;
        return table_[static_cast<std::size_t>(n) * static_cast<std::size_t>(pits_) + static_cast<std::size_t>(r)];
    }

    int max_stones_;
    int pits_;
    std::vector<std::uint64_t> table_;
};

}  // namespace mancala::solve
