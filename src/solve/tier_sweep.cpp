#include "solve/tier_sweep.hpp"

#include "solve/fast_sower.hpp"
#include "solve/tier_builder.hpp"
#include "solve/weighted_deal.hpp"
#include "util/anonymous_memory.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <new>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <vector>

namespace mancala::solve {

namespace {

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
    /// for the rows of lap_rows. Done on one thread, it took 6% of the build of
    /// Kalah(5,5)'s 23 stones (with thirteen a row, each ranking a whole board).
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

/// Mover's rows [x_first, x_last) against opponent's rows [y_first, y_last): positions of one layer.
struct Task {
    std::uint32_t x_first, x_last, y_first, y_last;
};

/// Each layer's tasks, nearest layer first, of about kTaskPositions positions each.
struct Schedule {
    std::vector<Task> tasks;
    std::vector<std::size_t> layer_start;  // layer p is tasks [layer_start[p], layer_start[p + 1])
};

Schedule schedule(const Rows& rows) {
    constexpr std::uint64_t kTaskPositions = 1 << 12;
    Schedule s;
    const int tier = rows.tier, n = rows.n;
    for (int layer = 0; layer <= rows.max_distance; ++layer) {
        s.layer_start.push_back(s.tasks.size());
        for (int mine = 0; mine <= tier; ++mine) {
            const int theirs = tier - mine;
            for (int near = std::max(0, layer - n * theirs); near <= std::min(layer, n * mine); ++near) {
                const std::uint32_t gx = rows.group(mine, near), gy = rows.group(theirs, layer - near);
                const std::uint32_t xs = rows.first(gx), xe = rows.last(gx), ys = rows.first(gy),
                                    ye = rows.last(gy);
                if (xs == xe || ys == ye) continue;
                const std::uint64_t per_x = ye - ys;
                const auto step = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, kTaskPositions / per_x));
                for (std::uint32_t x = xs; x < xe; x += std::min(step, xe - x))
                    s.tasks.push_back({x, x + std::min(step, xe - x), ys, ye});
            }
        }
    }
    s.layer_start.push_back(s.tasks.size());
    return s;
}

/// What a child's byte (the value to its mover) is worth to the parent: add + (byte ^ flip),
/// flip 0 when the parent moves again in the child, -1 (so byte ^ flip = -byte - 1) when
/// the opponent moves there; no branch in the sweep's inner loop.
struct Worth {
    std::int16_t add, flip;
    static Worth of(int gain, bool same_side) {
        return same_side ? Worth{static_cast<std::int16_t>(gain), 0}
                         : Worth{static_cast<std::int16_t>(gain + 1), -1};
    }
};

/// A move of a mover's row, worked out once for all the opponent's rows (small:
/// a tier's rows are all planned at once, see Plans).
struct PlannedMove {
    enum class Kind : std::uint8_t {
        Part,                ///< the child's byte: `base` plus the opponent's row's part in `column`
        Capture,             ///< takes the opponent's pit `opposite`: `taken_part` plus its taken_column part
        CaptureUnlessEmpty,  ///< Capture if the opponent's pit `opposite` holds stones, else Part
        LapCapture,          ///< round the ring, then as Capture (lap_taken_column; 3 stones and the pit's won)
        Sown,                ///< anything else (two laps, a capture that could end the game): played on the board
    };
    /// For a Part (and a CaptureUnlessEmpty that takes nothing): the child's tier's bytes
    /// plus the mover's row's part of the child's index, so that the child's byte is one
    /// add away (base + the opponent's row's part in `column`).
    const std::int8_t* base;
    std::uint64_t taken_part;  // the mover's row's part after a capture
    Worth worth;               // a Part's child's (a capture's depends on the opponent's pit)
    Kind kind;
    std::uint8_t move;
    std::uint8_t column;
    std::uint8_t opposite;
};

/// What a mover's row's moves share against every opponent's row of the tier.
struct RowPlan {
    std::uint64_t lead;  // the mover's row's part of the index
    int count;           // its moves that do not end the game, the Parts first
    int parts;           // how many of them are Parts
    int over_best;       // the best of those that do
    int mine;            // its stones
};

/// Every mover's row of a tier, planned once before the sweep: planned again in
/// every task that meets it (once for every 15 positions of Kalah(6,4)'s 18-stone
/// database), the plans took a quarter of the sweep's time. Row x's moves are at
/// moves[x * pits, x * pits + rows[x].count). 168 bytes a row on 6 pits (the
/// rows' parts take 126 more), mapped for the tier alone.
class Plans {
public:
    Plans(std::uint32_t rows, int pits)
        : pits_(static_cast<std::size_t>(pits)),
          memory_(rows * (sizeof(RowPlan) + pits_ * sizeof(PlannedMove)), false),
          // No constructors to run: the threads fill their shares before the sweep reads one.
          rows_(new (memory_.data()) RowPlan[rows]),
          moves_(new (rows_ + rows) PlannedMove[rows * pits_]) {}

    RowPlan& row(std::uint32_t x) const { return rows_[x]; }
    PlannedMove* moves(std::uint32_t x) const { return moves_ + x * pits_; }

private:
    std::size_t pits_;
    util::AnonymousMemory memory_;  // given back after the tier, not kept in the heap
    RowPlan* rows_;
    PlannedMove* moves_;
};
static_assert(std::is_trivially_default_constructible_v<RowPlan> &&
                  std::is_trivially_default_constructible_v<PlannedMove> && alignof(RowPlan) == 8 &&
                  sizeof(RowPlan) % alignof(PlannedMove) == 0,
              "a new array of plans is not written, and the moves follow the rows aligned");
static_assert(sizeof(RowPlan) == 24 && sizeof(PlannedMove) == 24, "a plan of 6 pits takes 168 bytes a row");

/// The sweep of boards of N pits a side; N = 0 for any (then slower: loops of unknown length).
template <int N>
class Sweeper {
public:
    using Move = PlannedMove;

    Sweeper(const Rules& rules, const TierIndex& index, int tier, const Rows& rows,
            std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, const Plans& plans)
        : rules_(rules),
          index_(index),
          rows_(rows),
          n_(index.pits()),
          tier_(tier),
          lower_(lower),
          values_(values),
          plans_(plans),
          bases_{values.data(), tier > 0 ? lower[static_cast<std::size_t>(tier - 1)].data() : nullptr} {}

    /// Plans mover's rows [first, last).
    void plan_rows(std::uint32_t first, std::uint32_t last) const {
        for (std::uint32_t x = first; x < last; ++x)
            plan(x, tier_ - rows_.row_stones_of(x), plans_.row(x), plans_.moves(x));
    }

    /// Solves the positions of `task`, kDepth at a time in flight: each position's
    /// children are made and their bytes fetched kDepth positions before it is solved.
    /// The mover's rows are swept across for each opponent's row: most children's
    /// indices are a part from the opponent's row plus one from the mover's (see
    /// Rows), so consecutive positions read neighbouring bytes.
    void run(const Task& task) {
        std::size_t made = 0;
        for (std::uint32_t y = task.y_first; y < task.y_last; ++y) {
            // The opponent's row's parts and pits, once for all the mover's rows.
            const std::uint64_t* parts = rows_.parts_of(y);
            const std::uint64_t slot_part = parts[rows_.rank_column()];
            const std::int8_t* theirs = rows_.row(y);
            // The mover's rows' plans walked in step (the board size known here when N > 0).
            const RowPlan* plan = &plans_.row(task.x_first);
            const PlannedMove* moves = plans_.moves(task.x_first);
            for (std::uint32_t x = task.x_first; x < task.x_last; ++x, ++plan, moves += pits()) {
                Pending& p = ring_[made % kDepth];
                if (made >= kDepth) finish(p);
                start(p, *plan, moves, parts, slot_part, theirs, x, y);
                ++made;
            }
        }
        for (std::size_t k = made - std::min(made, kDepth); k < made; ++k) finish(ring_[k % kDepth]);
    }

private:
    static constexpr std::size_t kDepth = 16;

    /// A child not yet read: its byte, and what it adds to the mover's value.
    struct ChildByte {
        const std::int8_t* byte;
        Worth worth;
    };
    /// A position whose children are made but not read yet.
    struct Pending {
        std::int8_t* slot;
        int best;  // over the children that ended the game
        int count;
        std::array<ChildByte, kMaxPits> children;
    };

    int pits() const { return N > 0 ? N : n_; }

    std::uint64_t rank(const int* cells, int stones) const {
        if constexpr (N > 0) return index_.rank_fixed<N>(cells, stones);
        return index_.rank(cells, stones);
    }

    /// Works out the moves of mover's row x against opponent's rows of `theirs` stones.
    void plan(std::uint32_t x, int theirs, RowPlan& r, PlannedMove* moves) const {
        const int n = pits();
        const std::int8_t* row = rows_.row(x);
        int mine = 0;
        for (int i = 0; i < n; ++i) mine += row[i];
        r.lead = rows_.parts_of(x)[Rows::kLead];
        r.mine = mine;
        r.count = 0;
        r.parts = 0;
        r.over_best = -kMaxPits * 1000;
        if (rule::game_over(kFastEnd, mine == 0, theirs == 0)) {
            r.over_best = rule::leftover_gain(mine, theirs);
            return;
        }
        const int loop = rule::lap_cells(n);
        for (int m = 0; m < n; ++m) {
            const int stones = row[m];
            if (stones == 0) continue;
            Move& move = moves[r.count++];
            move = Move{};
            move.move = static_cast<std::uint8_t>(m);
            move.kind = Move::Kind::Sown;
            // The mover's row after the sowing: stones m+1 .. on, up to its last pit.
            std::array<int, 2 * kMaxPits> sown{};
            for (int i = 0; i < n; ++i) sown[static_cast<std::size_t>(i)] = row[i];
            sown[static_cast<std::size_t>(m)] = 0;
            const int last = std::min(n - 1, m + stones);
            for (int i = m + 1; i <= last; ++i) ++sown[static_cast<std::size_t>(i)];
            if (stones < n - m) {
                // In the mover's row: the opponent's row is the child's mover's, as it was.
                const int landed = m + stones;
                if (rule::landed_in_empty_pit(sown[static_cast<std::size_t>(landed)]) &&
                    rule::captures(rules_.capture, 1)) {
                    move.kind =
                        rule::captures(rules_.capture, 0) ? Move::Kind::Capture : Move::Kind::CaptureUnlessEmpty;
                    move.opposite = static_cast<std::uint8_t>(n - 1 - landed);
                    sown[static_cast<std::size_t>(landed)] = 0;
                    move.taken_part = rows_.rank(index_, sown.data());
                    sown[static_cast<std::size_t>(landed)] = 1;
                }
                if (move.kind == Move::Kind::Sown) move.kind = Move::Kind::Part;
                move.worth = Worth::of(0, false);
                move.base = bases_[0] + rows_.rank(index_, sown.data());
                move.column = Rows::kLead;
            } else if (stones < loop - m) {
                // Past the store into the opponent's first `more` pits (no capture there), or into the store.
                const int more = stones - (n - m);
                const int left = mine - stones + (n - 1 - m);
                const bool extra = more == 0 && rule::earns_extra_turn(rules_);
                const int their_left = theirs + more;
                if (rule::game_over(kFastEnd, left == 0, their_left == 0)) {
                    --r.count;
                    r.over_best = std::max(r.over_best, 1 + rule::leftover_gain(left, their_left));
                    continue;
                }
                move.kind = Move::Kind::Part;
                move.worth = Worth::of(1, extra);
                // A stone went to the store: the child is in the tier below.
                if (extra) {
                    move.column = static_cast<std::uint8_t>(rows_.rank_column());
                    move.base = bases_[1] + rows_.lead(index_, sown.data(), tier_ - 1);
                } else {
                    move.column = static_cast<std::uint8_t>(rows_.lead_below_column(more));
                    move.base = bases_[1] + rows_.rank(index_, sown.data());
                }
            } else {
                plan_round(m, stones, mine, sown, move);
            }
        }
        // The Parts first: the sweep's inner loop for them has no branch (a position's
        // value is the best of its children, in any order).
        r.parts = static_cast<int>(
            std::partition(moves, moves + r.count, [](const Move& m) { return m.kind == Move::Kind::Part; }) -
            moves);
    }

    /// Plans move m of a row of `mine` stones, whose `stones` go round the ring: a stone
    /// in the store and in each of the opponent's pits, and on into the mover's row
    /// (`sown`: the row with pits m+1.. sown once). Its child's index is a part of the
    /// opponent's row (Rows' lap columns) plus one of the mover's, unless it laps twice
    /// or its capture could end the game: left Sown, played on the board.
    void plan_round(int m, int stones, int mine, std::array<int, 2 * kMaxPits>& sown, Move& move) const {
        const int n = pits();
        const int loop = rule::lap_cells(n);
        // A capture round the ring takes the last stone and the opposite pit, which has a
        // stone more (so it always takes): the mover's row keeps mine - n - 2 stones, the
        // opponent's n - 1 at least.
        const auto lap_capture = [&](int landed) {
            if (n < 2 || mine == n + 2) return;  // the game could end: left Sown
            move.kind = Move::Kind::LapCapture;
            move.opposite = static_cast<std::uint8_t>(n - 1 - landed);
            sown[static_cast<std::size_t>(landed)] = 0;
            move.taken_part = rows_.rank(index_, sown.data());
        };
        const auto part = [&](int gain, bool same_side, int column, const std::int8_t* base) {
            move.kind = Move::Kind::Part;
            move.worth = Worth::of(gain, same_side);
            move.column = static_cast<std::uint8_t>(column);
            move.base = base;
        };
        const bool captures = rule::captures(rules_.capture, 1);
        if (stones < loop) {
            // Short of a whole lap: on into the mover's first pits, up to `landed` < m.
            const int landed = stones - (loop - m);
            for (int i = 0; i <= landed; ++i) ++sown[static_cast<std::size_t>(i)];
            if (rule::landed_in_empty_pit(sown[static_cast<std::size_t>(landed)]) && captures)
                return lap_capture(landed);
            return part(1, false, rows_.lead_below_column(n), bases_[1] + rows_.rank(index_, sown.data()));
        }
        if (stones >= 2 * loop) return;  // two laps or more: seldom, left Sown
        // A whole lap (a stone in every cell, pit m included), then `more` cells after m.
        for (int i = 0; i < m; ++i) ++sown[static_cast<std::size_t>(i)];
        sown[static_cast<std::size_t>(m)] = 1;
        const int more = stones - loop, end = m + more;  // the ring's cell of the last stone, before it wraps
        const std::int8_t* two_down = lower_[static_cast<std::size_t>(tier_ - 2)].data();
        if (more == 0) {
            // The last stone is pit m's only one.
            if (captures) return lap_capture(m);
            return part(1, false, rows_.lap_once_column(), bases_[1] + rows_.rank(index_, sown.data()));
        }
        for (int i = m + 1; i <= std::min(end, n - 1); ++i) ++sown[static_cast<std::size_t>(i)];
        if (end < n)  // in the mover's row, on a pit of two stones at least: one stone stored
            return part(1, false, rows_.lap_once_column(), bases_[1] + rows_.rank(index_, sown.data()));
        if (end == n) {  // the store, a second stone there
            if (rule::earns_extra_turn(rules_))
                return part(2, true, rows_.lap_rank_column(),
                            two_down + rows_.lead(index_, sown.data(), tier_ - 2));
            return part(2, false, rows_.lap_twice_column(0), two_down + rows_.rank(index_, sown.data()));
        }
        if (end <= 2 * n)  // the opponent's first end - n pits, a second stone each
            return part(2, false, rows_.lap_twice_column(end - n), two_down + rows_.rank(index_, sown.data()));
        // On round into the mover's first pits, none empty now.
        for (int i = 0; i <= end - loop; ++i) ++sown[static_cast<std::size_t>(i)];
        return part(2, false, rows_.lap_twice_column(n), two_down + rows_.rank(index_, sown.data()));
    }

    /// Makes the children of mover's row x against opponent's row y (`parts` and
    /// `theirs` its parts and pits, `slot_part` what it adds to the position's index).
    void start(Pending& p, const RowPlan& r, const PlannedMove* moves, const std::uint64_t* parts,
               std::uint64_t slot_part, const std::int8_t* theirs, std::uint32_t x, std::uint32_t y) {
        p.slot = &values_[r.lead + slot_part];
        __builtin_prefetch(p.slot, 1);
        // The count and the best in locals, written to the pending position once at the end.
        int best = r.over_best;
        int count = 0;
        ChildByte* children = p.children.data();
        for (; count < r.parts; ++count) {
            const Move& move = moves[count];
            const std::int8_t* byte = move.base + parts[move.column];
            __builtin_prefetch(byte);
            children[count] = {byte, move.worth};
        }
        for (int k = r.parts; k < r.count; ++k) {
            const Move& move = moves[k];
            const int across = move.kind == Move::Kind::Sown ? 0 : theirs[move.opposite];
            if (move.kind == Move::Kind::CaptureUnlessEmpty && across == 0) {
                const std::int8_t* byte = move.base + parts[move.column];
                __builtin_prefetch(byte);
                children[count++] = {byte, move.worth};
            } else if (move.kind == Move::Kind::Sown) {
                const SownChild c = sow(x, y, move.move);
                if (c.over)
                    best = std::max(best, c.gain);
                else
                    children[count++] = c.child;
            } else if (move.kind == Move::Kind::LapCapture) {
                // Never the game's end (see plan_round).
                children[count++] = taken_child(move, 3 + across, parts[rows_.lap_taken_column(move.opposite)]);
            } else {
                // The landed stone and the opposite pit go to the store.
                const int gain = 1 + across;
                const int mine_left = r.mine - 1, theirs_left = tier_ - r.mine - across;
                if (rule::game_over(kFastEnd, mine_left == 0, theirs_left == 0)) {
                    best = std::max(best, gain + rule::leftover_gain(mine_left, theirs_left));
                    continue;
                }
                children[count++] = taken_child(move, gain, parts[rows_.taken_column(move.opposite)]);
            }
        }
        p.best = best;
        p.count = count;
    }

    /// A capture's child, its byte fetched: the tier falls by the `gain` stored, and the
    /// opponent's row's part after the capture is `taken`.
    ChildByte taken_child(const Move& move, int gain, std::uint64_t taken) const {
        const std::int8_t* byte = lower_[static_cast<std::size_t>(tier_ - gain)].data() + (move.taken_part + taken);
        __builtin_prefetch(byte);
        return {byte, Worth::of(gain, false)};
    }

    /// A move played on the whole board: the child to read, or (over) the game's end
    /// and what the move gains by it.
    struct SownChild {
        bool over;
        int gain;  // if over
        ChildByte child;
    };
    SownChild sow(std::uint32_t x, std::uint32_t y, int move) const {
        const int n = pits();
        std::array<int, 2 * kMaxPits> cells, child;
        const std::int8_t* mine = rows_.row(x);
        const std::int8_t* theirs = rows_.row(y);
        for (int i = 0; i < n; ++i) {
            cells[static_cast<std::size_t>(i)] = mine[i];
            cells[static_cast<std::size_t>(n + i)] = theirs[i];
        }
        const SownMove m = sow_fast(rules_, n, tier_, cells.data(), move, child.data());
        if (m.over) return {true, m.gain, {}};
        const std::uint64_t at = rank(child.data(), m.stones);
        const std::int8_t* byte =
            m.stones == tier_ ? &values_[at] : &lower_[static_cast<std::size_t>(m.stones)][at];
        __builtin_prefetch(byte);
        return {false, 0, {byte, Worth::of(m.gain, m.same_side)}};
    }

    static void finish(const Pending& p) {
        int best = p.best;
        for (int k = 0; k < p.count; ++k) {
            const ChildByte& c = p.children[static_cast<std::size_t>(k)];
            const int rest = *c.byte;
            MANCALA_ASSERT(rest != kTierUnknown, "a same-tier child lies in a nearer layer, solved already");
            best = std::max(best, c.worth.add + (rest ^ c.worth.flip));
        }
        *p.slot = static_cast<std::int8_t>(best);
    }

    const Rules& rules_;
    const TierIndex& index_;
    const Rows& rows_;
    int n_;
    int tier_;
    std::span<const std::span<const std::int8_t>> lower_;
    std::span<std::int8_t> values_;
    std::array<Pending, kDepth> ring_;
    const Plans& plans_;
    std::array<const std::int8_t*, 2> bases_;  // the tier's bytes and the tier below's (PlannedMove::base)
};

/// Which process solves each task: in proportion to the weights (WeightedDeal). One process: all.
std::vector<int> task_owners(const Schedule& plan, std::span<const double> weights) {
    std::vector<int> owner(plan.tasks.size(), 0);
    if (weights.size() <= 1) return owner;
    const WeightedDeal deal(weights);
    for (std::size_t t = 0; t < owner.size(); ++t) owner[t] = deal.taker(t);
    return owner;
}

/// Calls f(index) for every position of `task`, in the order the sweep solves them.
template <class F>
void for_each_position(const Rows& rows, const Task& task, F&& f) {
    for (std::uint32_t x = task.x_first; x < task.x_last; ++x) {
        const std::uint64_t lead = rows.parts_of(x)[Rows::kLead];
        for (std::uint32_t y = task.y_first; y < task.y_last; ++y) f(lead + rows.parts_of(y)[rows.rank_column()]);
    }
}

std::uint64_t task_size(const Task& t) { return std::uint64_t{t.x_last - t.x_first} * (t.y_last - t.y_first); }

/// The layers' bytes on their way between processes: where each task's bytes lie
/// in the buffers, worked out once, so that every thread packs and spreads its
/// tasks' bytes while the calling thread alone talks to the other processes.
struct LayerExchange {
    LayerExchange(const Schedule& plan, const std::vector<int>& owner, std::size_t processes, int me,
                  const SweepTeam& team)
        : team(team),
          me(me),
          counts(plan.layer_start.size() - 1, std::vector<std::uint64_t>(processes, 0)),
          offset(plan.tasks.size()),
          others(plan.layer_start.size() - 1),
          packed(plan.layer_start.size() - 1),
          spread(plan.layer_start.size() - 1) {
        std::uint64_t most_out = 0, most_in = 0;
        for (std::size_t p = 0; p + 1 < plan.layer_start.size(); ++p) {
            std::vector<std::uint64_t>& c = counts[p];
            for (std::size_t t = plan.layer_start[p]; t < plan.layer_start[p + 1]; ++t) {
                const auto q = static_cast<std::size_t>(owner[t]);
                offset[t] = c[q];  // within its process's bytes of the layer
                c[q] += task_size(plan.tasks[t]);
                if (owner[t] != me) others[p].push_back(t);
            }
            // In `in`, process q's bytes follow those of the processes before it.
            std::uint64_t before = 0;
            for (std::size_t q = 0; q < processes; ++q) {
                for (std::size_t t : others[p])
                    if (static_cast<std::size_t>(owner[t]) == q) offset[t] += before;
                before += c[q];
            }
            most_out = std::max(most_out, c[static_cast<std::size_t>(me)]);
            most_in = std::max(most_in, before);
        }
        out.resize(most_out);
        in.resize(most_in);
        for (auto& a : packed) a.store(0, std::memory_order_relaxed);
        for (auto& a : spread) a.store(0, std::memory_order_relaxed);
    }

    /// The calling thread, once the layer's bytes are packed: every process's into `in`.
    void trade(std::size_t layer) {
        const std::vector<std::uint64_t>& c = counts[layer];
        const std::uint64_t total = std::accumulate(c.begin(), c.end(), std::uint64_t{0});
        team.exchange(std::span<const std::int8_t>(out.data(), c[static_cast<std::size_t>(me)]), c,
                      std::span<std::int8_t>(in.data(), total));
    }

    const SweepTeam& team;
    int me;
    std::vector<std::vector<std::uint64_t>> counts;  // by layer, by process: bytes
    std::vector<std::uint64_t> offset;  // by task: where its bytes start, in `out` (this process's) or `in`
    std::vector<std::vector<std::size_t>> others;  // by layer: the tasks of other processes
    std::vector<std::atomic<std::size_t>> packed;  // by layer: the next of this process's tasks to pack
    std::vector<std::atomic<std::size_t>> spread;  // by layer: the next of `others` to spread
    std::vector<std::int8_t> out, in;
    double seconds = 0;  // on the calling thread: packing, trading and spreading
};

/// What the threads share: the layers' tasks (this process's), the next task of each, progress.
struct Sweep {
    const Rules& rules;
    const TierIndex& index;
    int tier;
    std::span<const std::span<const std::int8_t>> lower;
    std::span<std::int8_t> values;
    const std::function<void(std::uint64_t done)>& on_progress;
    Rows& rows;          // its parts filled by the threads together
    const Plans& plans;  // every mover's row's, made by the threads together
    const Schedule& plan;
    const std::vector<std::vector<std::size_t>>& mine;  // by layer: the tasks this process solves
    std::vector<std::atomic<std::size_t>>& next_task;   // by layer: the next of `mine` to take
    std::atomic<std::size_t>& next_setup;               // the next chunk to fill or plan
    std::barrier<>& layer_done;
    std::atomic<std::uint64_t>& done;
    LayerExchange* exchange;    // with other processes: after each layer
    std::atomic<bool>& failed;  // the exchange threw: every thread stops
};

/// After layer p, with every thread: this process's bytes packed, traded by the
/// calling thread, the others' spread into the tier. False if the trade failed.
bool exchange_layer(const Sweep& s, std::size_t p, bool calling) {
    LayerExchange& x = *s.exchange;
    const auto started = std::chrono::steady_clock::now();
    for (std::size_t k; (k = x.packed[p].fetch_add(1, std::memory_order_relaxed)) < s.mine[p].size();) {
        const std::size_t t = s.mine[p][k];
        std::int8_t* to = x.out.data() + x.offset[t];
        for_each_position(s.rows, s.plan.tasks[t], [&](std::uint64_t i) { *to++ = s.values[i]; });
    }
    s.layer_done.arrive_and_wait();
    if (calling) {
        try {
            x.trade(p);
        } catch (...) {
            s.failed = true;
            s.layer_done.arrive_and_wait();
            throw;
        }
    }
    s.layer_done.arrive_and_wait();
    if (s.failed.load()) return false;
    for (std::size_t k; (k = x.spread[p].fetch_add(1, std::memory_order_relaxed)) < x.others[p].size();) {
        const std::size_t t = x.others[p][k];
        const std::int8_t* from = x.in.data() + x.offset[t];
        for_each_position(s.rows, s.plan.tasks[t], [&](std::uint64_t i) { s.values[i] = *from++; });
    }
    s.layer_done.arrive_and_wait();
    if (calling) x.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

/// The pieces the threads take to fill a tier and plan its rows (see sweep_layers).
constexpr std::size_t kFillChunk = std::size_t{1} << 21;
constexpr std::uint32_t kPlanChunk = 1024;

/// One thread's part of the sweep, layer by layer; `reporting` on the calling thread.
template <int N>
void sweep_layers(const Sweep& s, bool reporting) {
    // Every byte is written once; filled first all the same, so that a byte read
    // before it is solved shows, and the pages are mapped in order rather than at
    // random. Then the rows' parts and plans (a row's plan reads only its own
    // parts). The threads take both in chunks: the first touch of fresh memory is
    // slow on some machines (a virtual machine's host maps it then), and the rows
    // with fewer stones cost more to plan, so that halves fixed in advance kept one
    // thread waiting for the other (up to 5% of Kalah(5,5)'s 23-stone build).
    Sweeper<N> sweeper(s.rules, s.index, s.tier, s.rows, s.lower, s.values, s.plans);
    const std::size_t bytes = s.values.size(), byte_chunks = (bytes + kFillChunk - 1) / kFillChunk;
    const std::uint32_t rows = s.rows.count();
    const std::size_t chunks = byte_chunks + (rows + kPlanChunk - 1) / kPlanChunk;
    for (std::size_t k; (k = s.next_setup.fetch_add(1, std::memory_order_relaxed)) < chunks;) {
        if (k < byte_chunks) {
            const auto from = static_cast<std::ptrdiff_t>(k * kFillChunk);
            const auto to = static_cast<std::ptrdiff_t>(std::min(bytes, (k + 1) * kFillChunk));
            std::fill(s.values.begin() + from, s.values.begin() + to, kTierUnknown);
        } else {
            const auto first = static_cast<std::uint32_t>((k - byte_chunks) * kPlanChunk);
            const std::uint32_t last = std::min(rows, first + kPlanChunk);
            s.rows.fill_parts(s.index, first, last);
            sweeper.plan_rows(first, last);
        }
    }
    s.layer_done.arrive_and_wait();
    std::uint64_t unreported = 0;
    for (std::size_t p = 0; p < s.mine.size(); ++p) {
        const std::vector<std::size_t>& tasks = s.mine[p];
        for (std::size_t k; (k = s.next_task[p].fetch_add(1, std::memory_order_relaxed)) < tasks.size();) {
            const Task& task = s.plan.tasks[tasks[k]];
            sweeper.run(task);
            unreported += task_size(task);
            if (unreported >= (1 << 16)) {
                const std::uint64_t now = s.done.fetch_add(unreported, std::memory_order_relaxed) + unreported;
                unreported = 0;
                if (reporting && s.on_progress) s.on_progress(now);
            }
        }
        // Every thread's writes of this layer are seen by every thread before the next layer reads them.
        s.layer_done.arrive_and_wait();
        if (s.exchange && !exchange_layer(s, p, reporting)) return;
    }
}

void sweep(const Rules& rules, const TierIndex& index, int tier,
           std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
           const SweepTeam* team, const std::function<void(std::uint64_t done)>& on_progress) {
    MANCALA_ASSERT(has_fast_path(rules), "the sweep plays the fast rules");
    MANCALA_ASSERT(values.size() == index.size(tier), "the values hold the whole tier");
    Rows rows(index, tier);
    const Plans plans(rows.count(), index.pits());
    const Schedule plan = schedule(rows);
    const std::size_t layers = plan.layer_start.size() - 1;
    const std::vector<int> owner =
        task_owners(plan, team ? std::span<const double>(team->weights) : std::span<const double>());
    const int me = team ? team->process : 0;
    const std::size_t processes = team ? team->weights.size() : 1;
    std::vector<std::vector<std::size_t>> mine(layers);
    for (std::size_t p = 0; p < layers; ++p)
        for (std::size_t t = plan.layer_start[p]; t < plan.layer_start[p + 1]; ++t)
            if (owner[t] == me) mine[p].push_back(t);

    std::optional<LayerExchange> exchange;
    if (team) exchange.emplace(plan, owner, processes, me, *team);

    std::vector<std::atomic<std::size_t>> next_task(layers);
    for (auto& n : next_task) n.store(0, std::memory_order_relaxed);
    const int workers = std::max(1, threads);
    std::barrier<> layer_done(workers);
    std::atomic<std::uint64_t> done{0};
    std::atomic<bool> failed{false};
    std::atomic<std::size_t> next_setup{0};
    const Sweep shared{rules,       index,      tier,       lower, values,
                       on_progress, rows,       plans,      plan,  mine,
                       next_task,   next_setup, layer_done, done,  exchange ? &*exchange : nullptr,
                       failed};
    // The common board sizes get loops of known length.
    const auto work = index.pits() == 6   ? &sweep_layers<6>
                      : index.pits() == 5 ? &sweep_layers<5>
                      : index.pits() == 4 ? &sweep_layers<4>
                                          : &sweep_layers<0>;
    {
        std::vector<std::jthread> helpers;
        for (int t = 1; t < workers; ++t) helpers.emplace_back(work, std::cref(shared), false);
        work(shared, true);
    }
    if (team && team->exchange_seconds) *team->exchange_seconds += exchange->seconds;
    std::uint64_t solved_here = 0;
    for (const auto& tasks : mine)
        for (std::size_t t : tasks) solved_here += task_size(plan.tasks[t]);
    if (on_progress) on_progress(solved_here);
}

}  // namespace

void sweep_tier(const Rules& rules, const TierIndex& index, int tier,
                std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
                const std::function<void(std::uint64_t done)>& on_progress) {
    sweep(rules, index, tier, lower, values, threads, nullptr, on_progress);
}

void sweep_tier_together(const Rules& rules, const TierIndex& index, int tier,
                         std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values,
                         int threads, const SweepTeam& team,
                         const std::function<void(std::uint64_t done)>& on_progress) {
    MANCALA_ASSERT(team.process >= 0 && team.process < static_cast<int>(team.weights.size()) && team.exchange,
                   "a process of the team, with a way to exchange layers");
    sweep(rules, index, tier, lower, values, threads, &team, on_progress);
}

}  // namespace mancala::solve
