#pragma once
// The index of the endgame databases: positions of one tier (a fixed number of
// stones in the pits) numbered by their pit contents seen from the side to move.
// Kalah's rules treat both players alike, so a position with North to move has
// the value of its mirror image with South to move: the index ranks the mover's
// pits (in sowing order) followed by the opponent's, and never stores the side,
// which halves every table. The numbering is the composition ranking (stars and
// bars, lexicographic), computed here with one table lookup per pit.

#include "core/position.hpp"
#include "util/assert.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace mancala::solve {

class TierIndex {
public:
    /// Positions of `pits` pits a side with up to `max_stones` stones in the pits.
    /// Throws std::invalid_argument for sizes out of range and std::overflow_error
    /// when a tier cannot be numbered in 64 bits.
    TierIndex(int pits, int max_stones);

    int pits() const { return pits_; }
    int max_stones() const { return max_stones_; }

    /// Positions in tier `stones` (mover-relative: both sides to move share them).
    std::uint64_t size(int stones) const { return ways(0, stones); }

    /// Positions of `pits` pits a side in tiers 0 .. `stones` together (0 for stones < 0).
    static std::uint64_t positions_up_to(int pits, int stones);

    /// The index of `p` in its tier, seen from its side to move. Throws
    /// std::invalid_argument for a board of another size or more than max_stones().
    std::uint64_t rank(const Position& p) const;

    /// The index of the counts `cells` (2 x pits: the mover's, then the opponent's), summing to `stones`.
    std::uint64_t rank(const int* cells, int stones) const { return rank_cells(cells, stones, 2 * pits_); }

    /// rank() of counts held a byte each: the mover's pits in bytes 0 .. pits-1 of `own`,
    /// the opponent's in those of `opp`, the other bytes 0 and `stones` below 256. Each
    /// pit's lookup needs the stones from it on, and two multiplications give them all at
    /// once, so that the lookups do not wait on one another as rank()'s running sum makes them.
    std::uint64_t rank_words(std::uint64_t own, std::uint64_t opp, int stones) const {
        MANCALA_ASSERT(stones >= 0 && stones <= max_stones_, "a tier is one this index covers");
        constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
        const std::uint64_t own_before = own * kOnes, opp_before = opp * kOnes;  // byte j: the sum of bytes 0 .. j
        auto byte = [](std::uint64_t w, int j) { return static_cast<int>((w >> (8 * j)) & 0xFF); };
        const int opp_stones = byte(opp_before, pits_ - 1);
        MANCALA_ASSERT(opp_stones + byte(own_before, pits_ - 1) == stones, "the words hold the tier's stones");
        const std::uint64_t* beyond = beyond_.data();
        const auto width = static_cast<std::size_t>(max_stones_ + 1);
        std::uint64_t less = beyond[static_cast<std::size_t>(pits_) * width + static_cast<std::size_t>(opp_stones)];
        for (int j = 1; j < pits_; ++j)
            less += beyond[static_cast<std::size_t>(pits_ + j) * width +
                           static_cast<std::size_t>(opp_stones - byte(opp_before, j - 1))];
        for (int i = 1; i < pits_; ++i)
            less += beyond[static_cast<std::size_t>(i) * width +
                           static_cast<std::size_t>(stones - byte(own_before, i - 1))];
        return size(stones) - 1 - less;
    }

    /// rank() for boards of N pits a side, N == pits(), with the loop unrolled.
    template <int N>
    std::uint64_t rank_fixed(const int* cells, int stones) const {
        MANCALA_ASSERT(N == pits_, "the board size is the index's");
        return rank_cells(cells, stones, 2 * N);
    }

    /// The index splits into a part of the mover's pits and one of the opponent's, as
    /// mover_lead(mover, stones) + opponent_offset(opponent), which the tier builder
    /// works out once a row rather than once a position.
    ///
    /// rank() of the mover's pits `row` (pits() counts) followed by the opponent's pits
    /// holding the tier's other stones all in the last: the first index whose mover's pits those are.
    std::uint64_t mover_lead(const int* row, int stones) const {
        MANCALA_ASSERT(stones >= 0 && stones <= max_stones_, "a tier is one this index covers");
        const auto width = static_cast<std::size_t>(max_stones_ + 1);
        std::uint64_t less = 0;
        int before = 0;  // the stones of the pits before pit i: the cells from i on hold the rest
        for (int i = 1; i < pits_; ++i) {
            before += row[i - 1];
            less += beyond_[static_cast<std::size_t>(i) * width + static_cast<std::size_t>(stones - before)];
        }
        before += row[pits_ - 1];
        MANCALA_ASSERT(before <= stones, "the row holds at most the tier's stones");
        return size(stones) - 1 - less - opponent_cells_[static_cast<std::size_t>(stones - before)];
    }

    /// What the opponent's pits `row` add to mover_lead: rank() of empty mover's pits
    /// followed by `row`, in the tier of the row's stones.
    std::uint64_t opponent_offset(const int* row) const {
        const auto width = static_cast<std::size_t>(max_stones_ + 1);
        std::uint64_t less = 0;
        int after = 0;  // the stones of the pits from pit i on
        for (int i = pits_ - 1; i >= 1; --i) {
            after += row[i];
            less += beyond_[static_cast<std::size_t>(pits_ + i) * width + static_cast<std::size_t>(after)];
        }
        const int stones = after + row[0];
        MANCALA_ASSERT(stones <= max_stones_, "a tier is one this index covers");
        return size(stones) - 1 - less - mover_cells_[static_cast<std::size_t>(stones)];
    }

    /// The counts (mover's pits, then the opponent's) of position `index` of tier `stones`.
    void unrank(int stones, std::uint64_t index, int* cells) const;

    /// Steps `cells` to the next composition of the same tier in index order.
    /// Returns false after the last one.
    bool next(int* cells) const;

    /// The position of counts `cells`, South to move, stores empty.
    Position position(const int* cells) const;

private:
    /// True when the 2 x pits counts are non-negative and sum to `stones` (for the checks).
    bool counts_fill(const int* cells, int stones) const {
        int sum = 0;
        for (int i = 0; i < 2 * pits_; ++i) {
            if (cells[i] < 0) return false;
            sum += cells[i];
        }
        return sum == stones;
    }

    /// The rank as the tier's last index less the compositions after `cells`: those
    /// that first differ at pit i - 1 hold more there, and number ways(i - 1, left - 1)
    /// for the `left` stones `cells` put in pits i and on. One lookup per pit, each on
    /// a suffix sum, independent of one another.
    std::uint64_t rank_cells(const int* cells, int stones, int count) const {
        MANCALA_ASSERT(stones >= 0 && stones <= max_stones_, "a tier is one this index covers");
        MANCALA_ASSERT(counts_fill(cells, stones), "the counts are non-negative and sum to the tier");
        const std::uint64_t* beyond = beyond_.data();
        const auto width = static_cast<std::size_t>(max_stones_ + 1);
        std::uint64_t less = 0;
        int left = 0;
        for (int i = count - 1; i > 0; --i) {
            left += cells[i];
            less += beyond[static_cast<std::size_t>(i) * width + static_cast<std::size_t>(left)];
        }
        const std::uint64_t index = size(stones) - 1 - less;
        MANCALA_ASSERT(index < size(stones), "a rank lies within its tier");
        return index;
    }

    /// Compositions of `stones` into the pits from `first` on: C(stones + m - 1, m - 1), m = 2N - first.
    std::uint64_t ways(int first, int stones) const {
        return stones < 0 ? 0
                          : ways_[static_cast<std::size_t>(first) * static_cast<std::size_t>(max_stones_ + 1) +
                                  static_cast<std::size_t>(stones)];
    }

    int pits_;
    int max_stones_;
    std::vector<std::uint64_t> ways_;
    std::vector<std::uint64_t> beyond_;  // [i * (max_stones + 1) + s]: ways(i - 1, s - 1), i > 0 (see rank_cells)
    // rank_cells' terms of cells all holding the same s stones from i on: beyond_[i][s]
    // summed over i = 1..pits (the mover's, for opponent_offset) and over i = pits..2 pits - 1
    // (the opponent's, for mover_lead).
    std::vector<std::uint64_t> mover_cells_, opponent_cells_;
};

}  // namespace mancala::solve
