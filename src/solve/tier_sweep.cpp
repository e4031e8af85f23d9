#include "solve/tier_sweep.hpp"

#include "solve/fast_sower.hpp"
#include "solve/tier_builder.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <barrier>
#include <functional>
#include <thread>
#include <vector>

namespace mancala::solve {

namespace {

/// Every row of n pits holding 0..tier stones, grouped by (stones, distance): the
/// distance of a row is its stones' distance to its store, sum of count x (n - pit).
/// A position of the tier is a mover's row x and an opponent's row y, its index
/// lead[x] + rank[y], its layer distance(x) + distance(y).
struct Rows {
    Rows(const TierIndex& index, int tier) : n(index.pits()), tier(tier), max_distance(index.pits() * tier) {
        struct Row {
            std::uint32_t group;
            std::array<int, 2 * kMaxPits> cells;  // as a position: the row as the mover's, or as the opponent's
        };
        std::vector<Row> rows;
        std::vector<std::uint32_t> group_size(groups() + 1, 0);
        // Each stone count's rows in rank order, by a walk over the compositions.
        for (int stones = 0; stones <= tier; ++stones) {
            std::array<int, kMaxPits> row{};
            row[static_cast<std::size_t>(n - 1)] = stones;
            for (;;) {
                Row r{};
                int distance = 0;
                for (int i = 0; i < n; ++i) {
                    r.cells[static_cast<std::size_t>(i)] = row[static_cast<std::size_t>(i)];
                    distance += row[static_cast<std::size_t>(i)] * (n - i);
                }
                r.group = group(stones, distance);
                ++group_size[r.group + 1];
                rows.push_back(r);
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
        MANCALA_ASSERT(rows.size() < (std::uint64_t{1} << 32), "row numbers fit in 32 bits");
        group_start.assign(group_size.size(), 0);
        for (std::size_t g = 1; g < group_size.size(); ++g) group_start[g] = group_start[g - 1] + group_size[g];
        cells.assign(rows.size() * static_cast<std::size_t>(n), 0);
        lead.assign(rows.size(), 0);
        rank.assign(rows.size(), 0);
        std::vector<std::uint32_t> fill(group_start.begin(), group_start.end() - 1);
        for (const Row& r : rows) {
            const std::uint32_t at = fill[r.group]++;
            int stones = 0;
            for (int i = 0; i < n; ++i) {
                cells[static_cast<std::size_t>(at) * static_cast<std::size_t>(n) + static_cast<std::size_t>(i)] =
                    static_cast<std::int8_t>(r.cells[static_cast<std::size_t>(i)]);
                stones += r.cells[static_cast<std::size_t>(i)];
            }
            // lead: the row as the mover's, followed by the first opponent's row (all in its last pit);
            // rank: the row as the opponent's after an empty mover's row.
            std::array<int, 2 * kMaxPits> as_mover{}, as_opponent{};
            for (int i = 0; i < n; ++i) {
                as_mover[static_cast<std::size_t>(i)] = r.cells[static_cast<std::size_t>(i)];
                as_opponent[static_cast<std::size_t>(n + i)] = r.cells[static_cast<std::size_t>(i)];
            }
            as_mover[static_cast<std::size_t>(2 * n - 1)] = tier - stones;
            lead[at] = index.rank(as_mover.data(), tier);
            rank[at] = index.rank(as_opponent.data(), stones);
        }
    }

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
    std::vector<std::uint64_t> lead;         // the index of the first position whose mover's row is r
    std::vector<std::uint64_t> rank;         // what the opponent's row r adds to the index
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
                const std::uint32_t xs = rows.first(gx), xe = rows.last(gx), ys = rows.first(gy), ye = rows.last(gy);
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

/// The sweep of boards of N pits a side; N = 0 for any (then slower: loops of unknown length).
template <int N>
class Sweeper {
public:
    Sweeper(const Rules& rules, const TierIndex& index, int tier, const Rows& rows,
            std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values)
        : rules_(rules), index_(index), rows_(rows), n_(index.pits()), tier_(tier), lower_(lower), values_(values) {}

    /// Solves the positions of `task`, kDepth at a time in flight: each position's
    /// children are made and their bytes fetched kDepth positions before it is solved.
    void run(const Task& task) {
        std::size_t made = 0;
        for (std::uint32_t x = task.x_first; x < task.x_last; ++x)
            for (std::uint32_t y = task.y_first; y < task.y_last; ++y) {
                Pending& p = ring_[made % kDepth];
                if (made >= kDepth) finish(p);
                start(p, x, y);
                ++made;
            }
        for (std::size_t k = made - std::min(made, kDepth); k < made; ++k) finish(ring_[k % kDepth]);
    }

private:
    static constexpr std::size_t kDepth = 16;

    /// A child not yet read: its byte, and what it adds to the mover's value.
    struct ChildByte {
        const std::int8_t* byte;
        int gain;
        bool same_side;
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

    void start(Pending& p, std::uint32_t x, std::uint32_t y) {
        const int n = pits();
        std::array<int, 2 * kMaxPits> cells;
        const std::int8_t* mine = rows_.row(x);
        const std::int8_t* theirs = rows_.row(y);
        int mine_sum = 0, theirs_sum = 0;
        for (int i = 0; i < n; ++i) {
            cells[static_cast<std::size_t>(i)] = mine[i];
            cells[static_cast<std::size_t>(n + i)] = theirs[i];
            mine_sum += mine[i];
            theirs_sum += theirs[i];
        }
        p.slot = &values_[rows_.lead[x] + rows_.rank[y]];
        __builtin_prefetch(p.slot, 1);
        p.count = 0;
        if (rule::game_over(kFastEnd, mine_sum == 0, theirs_sum == 0)) {
            p.best = rule::leftover_gain(mine_sum, theirs_sum);
            return;
        }
        p.best = -kMaxPits * 1000;
        std::array<int, 2 * kMaxPits> child;
        for (int move = 0; move < n; ++move) {
            if (cells[static_cast<std::size_t>(move)] == 0) continue;
            const SownMove m = sow_fast(rules_, n, tier_, cells.data(), move, child.data());
            if (m.over) {
                p.best = std::max(p.best, m.gain);
                continue;
            }
            const std::uint64_t at = rank(child.data(), m.stones);
            const std::int8_t* byte =
                m.stones == tier_ ? &values_[at] : &lower_[static_cast<std::size_t>(m.stones)][at];
            __builtin_prefetch(byte);
            p.children[static_cast<std::size_t>(p.count++)] = {byte, m.gain, m.same_side};
        }
    }

    static void finish(const Pending& p) {
        int best = p.best;
        for (int k = 0; k < p.count; ++k) {
            const ChildByte& c = p.children[static_cast<std::size_t>(k)];
            const int rest = *c.byte;
            MANCALA_ASSERT(rest != kTierUnknown, "a same-tier child lies in a nearer layer, solved already");
            best = std::max(best, c.gain + (c.same_side ? rest : -rest));
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
};

/// What the threads share: the layers' tasks, the next task of each, progress.
struct Sweep {
    const Rules& rules;
    const TierIndex& index;
    int tier;
    std::span<const std::span<const std::int8_t>> lower;
    std::span<std::int8_t> values;
    const std::function<void(std::uint64_t done)>& on_progress;
    const Rows& rows;
    const Schedule& plan;
    std::vector<std::atomic<std::size_t>>& next_task;
    std::barrier<>& layer_done;
    std::atomic<std::uint64_t>& done;
};

/// One thread's part of the sweep, layer by layer; `reporting` on the calling thread.
template <int N>
void sweep_layers(const Sweep& s, bool reporting) {
    Sweeper<N> sweeper(s.rules, s.index, s.tier, s.rows, s.lower, s.values);
    std::uint64_t unreported = 0;
    for (std::size_t p = 0; p + 1 < s.plan.layer_start.size(); ++p) {
        for (std::size_t t; (t = s.next_task[p].fetch_add(1, std::memory_order_relaxed)) < s.plan.layer_start[p + 1];) {
            const Task& task = s.plan.tasks[t];
            sweeper.run(task);
            unreported += std::uint64_t{task.x_last - task.x_first} * (task.y_last - task.y_first);
            if (unreported >= (1 << 16)) {
                const std::uint64_t now = s.done.fetch_add(unreported, std::memory_order_relaxed) + unreported;
                unreported = 0;
                if (reporting && s.on_progress) s.on_progress(now);
            }
        }
        // Every thread's writes of this layer are seen by every thread before the next layer reads them.
        s.layer_done.arrive_and_wait();
    }
}

}  // namespace

void sweep_tier(const Rules& rules, const TierIndex& index, int tier,
                std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
                const std::function<void(std::uint64_t done)>& on_progress) {
    MANCALA_ASSERT(has_fast_path(rules), "the sweep plays the fast rules");
    MANCALA_ASSERT(values.size() == index.size(tier), "the values hold the whole tier");
    const Rows rows(index, tier);
    const Schedule plan = schedule(rows);
    std::vector<std::atomic<std::size_t>> next_task(plan.layer_start.size() - 1);
    for (std::size_t p = 0; p < next_task.size(); ++p)
        next_task[p].store(plan.layer_start[p], std::memory_order_relaxed);
    const int workers = std::max(1, threads);
    std::barrier<> layer_done(workers);
    std::atomic<std::uint64_t> done{0};
    const Sweep shared{rules, index, tier, lower, values, on_progress, rows, plan, next_task, layer_done, done};
    // The common board sizes get loops of known length.
    const auto work = index.pits() == 6   ? &sweep_layers<6>
                      : index.pits() == 4 ? &sweep_layers<4>
                                          : &sweep_layers<0>;
    {
        std::vector<std::jthread> helpers;
        for (int t = 1; t < workers; ++t) helpers.emplace_back(work, std::cref(shared), false);
        work(shared, true);
    }
    if (on_progress) on_progress(index.size(tier));
}

}  // namespace mancala::solve
