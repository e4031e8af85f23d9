#pragma once
// The tier sweep's rows (solve/tier_sweep.cpp): every row of n pits holding 0..tier
// stones, numbered once and grouped by stones and distance, each with the parts it adds
// to a child's index, so that a child's index is two numbers added rather than a board
// ranked. docs/ARCHITECTURE.md, "The tier sweep's rows", draws the layout.

#include "solve/tier_index.hpp"
#include "solve/tier_sweep.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace mancala::solve::tier_sweep {

/// Every row of n pits holding 0..tier stones, grouped by (stones, distance): the
/// distance of a row is its stones' distance to its store, sum of count x (n - pit).
/// A position of the tier is a mover's row x and an opponent's row y, its index
/// the lead of x plus the rank of y, its layer distance(x) + distance(y). A child's
/// index is a part from each row too, and most moves leave the opponent's row as
/// it is or add a stone to each of its first pits: such a child's index is one
/// part of the mover's row, worked out once for all its opponent's rows, and one
/// looked up here. So are the children of a sowing that goes round the ring and
/// puts a stone in each of the opponent's pits: a row of few enough stones for the
/// mover to have that many (n + 2 at least) keeps those parts too (lap_rows).
struct Rows {
    /// Numbers the rows; their parts are left to fill_parts, which the threads share.
    Rows(const TierIndex& index, int tier) : n(index.pits()), tier(tier), max_distance(index.pits() * tier) {
        // Two walks over the rows: the groups' sizes, then each row in its place.
        std::vector<std::uint32_t> group_size(groups() + 1, 0);
        std::uint64_t count = 0;
        for_each_row([&](const std::array<int, 2 * kMaxPits>& row) {
            ++group_size[group_of(row) + 1];
            ++count;
        });
        // Never so many while a tier fits in memory; refused all the same.
        if (count >= (std::uint64_t{1} << 32)) throw std::length_error("too many rows to number in 32 bits");
        group_start.assign(group_size.size(), 0);
        for (std::size_t g = 1; g < group_size.size(); ++g) group_start[g] = group_start[g - 1] + group_size[g];
        cells.resize(count * static_cast<std::size_t>(n));
        // The rows come by stones, fewest first: those of a mover's row round the ring are the first.
        lap_rows = tier - n - 2 >= 0 ? group_start[group(tier - n - 1, 0)] : 0;
        // Not zeroed here: each thread writes its share (fill_parts).
        parts.reset(new std::uint64_t[offset(static_cast<std::uint32_t>(count))]);
        std::vector<std::uint32_t> fill(group_start.begin(), group_start.end() - 1);
        for_each_row([&](const std::array<int, 2 * kMaxPits>& row) {
            const std::uint32_t at = fill[group_of(row)]++;
            std::int8_t* row_cells = cells.data() + static_cast<std::size_t>(at) * static_cast<std::size_t>(n);
            for (int i = 0; i < n; ++i) row_cells[i] = static_cast<std::int8_t>(row[static_cast<std::size_t>(i)]);
        });
    }

    /// Works out the parts of rows [first, last): thirteen a row on 5 pits, twenty-six
    /// for the rows of lap_rows. The threads share it (docs/PERFORMANCE.md, "The constants in the code").
    void fill_parts(const TierIndex& index, std::uint32_t first, std::uint32_t last) {
        std::fill(parts.get() + offset(first), parts.get() + offset(last), std::uint64_t{0});
        for (std::uint32_t r = first; r < last; ++r) {
            std::array<int, 2 * kMaxPits> row{};
            for (int i = 0; i < n; ++i) row[static_cast<std::size_t>(i)] = this->row(r)[i];
            set_parts(index, row, parts.get() + offset(r));
        }
    }

    /// Calls f(row) for each row, each stone count's in rank order (the row in the first n of 2n cells).
    template <class F>
    void for_each_row(F&& f) const {
        for (int stones = 0; stones <= tier; ++stones) {
            std::array<int, 2 * kMaxPits> row{};
            row[static_cast<std::size_t>(n - 1)] = stones;
            for (;;) {
                f(row);
                // The next composition: one more stone in the last pit before the last
                // that has stones after it, the rest of those in the last pit.
                int j = n - 2, after = row[static_cast<std::size_t>(n - 1)];
                while (j >= 0 && after == 0) after += row[static_cast<std::size_t>(j--)];
                if (j < 0) break;
                for (int i = j + 1; i < n; ++i) row[static_cast<std::size_t>(i)] = 0;
                ++row[static_cast<std::size_t>(j)];
                row[static_cast<std::size_t>(n - 1)] = after - 1;
            }
        }
    }

    std::uint32_t group_of(const std::array<int, 2 * kMaxPits>& row) const {
        int stones = 0;
        for (int i = 0; i < n; ++i) stones += row[static_cast<std::size_t>(i)];
        return group(stones, row_distance(row.data(), n));
    }

    /// Fills the parts of the index `row` gives (see the columns below).
    void set_parts(const TierIndex& index, const std::array<int, 2 * kMaxPits>& row,
                   std::uint64_t* row_parts) const {
        row_parts[kLead] = lead(index, row.data(), tier);
        row_parts[rank_column()] = rank(index, row.data());
        if (row_stones(row.data()) > tier - 1) return;  // never an opponent's row below
        // After a sowing that passed the mover's store, one stone in each of the first k pits.
        set_stone_added_leads(index, row, tier - 1, row_parts + lead_below_column(0));
        // After a capture took pit o, as the mover's row of the tier the capture leaves.
        set_taken_leads(index, row, tier - 1, row_parts + taken_column(0));
        if (row_stones(row.data()) > tier - n - 2) return;  // the mover cannot go round the ring
        // Round the ring: a stone in each of this row's pits, and one in the mover's store.
        std::array<int, 2 * kMaxPits> round = row;
        for (int i = 0; i < n; ++i) ++round[static_cast<std::size_t>(i)];
        // Then the last stone captures pit o, which had a stone more, with itself: three
        // stones and pit o's gone from the pits.
        set_taken_leads(index, round, tier - 2, row_parts + lap_taken_column(0));
        // A whole lap and then the store (another move: this row is the opponent's again).
        row_parts[lap_rank_column()] = rank(index, round.data());
        // A whole lap ending in the mover's row: one stone stored.
        row_parts[lap_once_column()] = lead(index, round.data(), tier - 1);
        // A whole lap, the store again and k of this row's pits: two stones stored.
        set_stone_added_leads(index, round, tier - 2, row_parts + lap_twice_column(0));
    }

    /// to[k], k = 0..n: the lead of `row` with a stone more in each of its first k pits,
    /// as the mover's row of tier `stones` (left alone where the row would not fit).
    void set_stone_added_leads(const TierIndex& index, const std::array<int, 2 * kMaxPits>& row, int stones,
                               std::uint64_t* to) const {
        for (int k = 0; k <= n; ++k) {
            std::array<int, 2 * kMaxPits> added = row;
            for (int i = 0; i < k; ++i) ++added[static_cast<std::size_t>(i)];
            if (row_stones(added.data()) <= stones) to[k] = lead(index, added.data(), stones);
        }
    }

    /// to[o], o < n: the lead of `row` with pit o taken, as the mover's row of the tier of
    /// `stones` less pit o's.
    void set_taken_leads(const TierIndex& index, const std::array<int, 2 * kMaxPits>& row, int stones,
                         std::uint64_t* to) const {
        for (int o = 0; o < n; ++o) {
            std::array<int, 2 * kMaxPits> taken = row;
            const int pit = taken[static_cast<std::size_t>(o)];
            taken[static_cast<std::size_t>(o)] = 0;
            to[o] = lead(index, taken.data(), stones - pit);
        }
    }

    /// The parts a row of a position adds to its index, at offset(row) + column.
    static constexpr int kLead = 0;                       ///< as the mover's row of this tier
    int lead_below_column(int k) const { return 1 + k; }  ///< as the opponent's row, k more stones, one tier down
    int rank_column() const { return n + 2; }             ///< as the opponent's row, of any tier
    int taken_column(int o) const { return n + 3 + o; }   ///< as the opponent's row, pit o captured
    /// The rows of lap_rows only: as the opponent's row when the mover's sowing went round the ring.
    int lap_taken_column(int o) const { return 2 * n + 3 + o; }  ///< a stone a pit, then pit o captured
    int lap_rank_column() const { return 3 * n + 3; }            ///< a stone a pit, of any tier
    int lap_once_column() const { return 3 * n + 4; }            ///< a stone a pit, one tier down
    int lap_twice_column(int k) const { return 3 * n + 5 + k; }  ///< two stones in the first k, two tiers down
    std::size_t stride() const { return static_cast<std::size_t>(2 * n + 3); }
    std::size_t lap_stride() const { return static_cast<std::size_t>(4 * n + 6); }
    /// Where row r's parts begin: the first lap_rows rows have lap_stride() of them, the others stride().
    std::size_t offset(std::uint32_t r) const {
        return r < lap_rows ? r * lap_stride() : lap_rows * lap_stride() + (r - lap_rows) * stride();
    }
    const std::uint64_t* parts_of(std::uint32_t r) const { return parts.get() + offset(r); }

    std::uint32_t count() const { return group_start.back(); }
    int row_stones_of(std::uint32_t r) const {
        int stones = 0;
        for (int i = 0; i < n; ++i) stones += row(r)[i];
        return stones;
    }
    int row_stones(const int* row) const {
        int stones = 0;
        for (int i = 0; i < n; ++i) stones += row[i];
        return stones;
    }
    /// The index of the first position of `stones` whose mover's row is `row`.
    std::uint64_t lead(const TierIndex& index, const int* row, int stones) const {
        return index.mover_lead(row, stones);
    }
    /// What an opponent's row `row` adds to the lead of the mover's.
    std::uint64_t rank(const TierIndex& index, const int* row) const { return index.opponent_offset(row); }

    std::size_t groups() const {
        return static_cast<std::size_t>(tier + 1) * static_cast<std::size_t>(max_distance + 1);
    }
    std::uint32_t group(int stones, int distance) const {
        return static_cast<std::uint32_t>(stones * (max_distance + 1) + distance);
    }
    std::uint32_t first(std::uint32_t g) const { return group_start[g]; }
    std::uint32_t last(std::uint32_t g) const { return group_start[g + 1]; }
    const std::int8_t* row(std::uint32_t r) const {
        return cells.data() + static_cast<std::size_t>(r) * static_cast<std::size_t>(n);
    }

    int n;
    int tier;
    int max_distance;
    std::vector<std::int8_t> cells;          // row r's pits at [r * n, r * n + n)
    std::uint32_t lap_rows = 0;              // the rows of at most tier - n - 2 stones (the first ones)
    std::unique_ptr<std::uint64_t[]> parts;  // row r's parts of an index at [offset(r), offset(r + 1))
    std::vector<std::uint32_t> group_start;  // group g is rows [group_start[g], group_start[g + 1])
};

}  // namespace mancala::solve::tier_sweep
