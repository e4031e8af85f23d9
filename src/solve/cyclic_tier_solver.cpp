#include "solve/cyclic_tier_solver.hpp"

#include "core/rule_decisions.hpp"
#include "search/cyclic_board.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace mancala::solve {

namespace {

using search::CyclicBoard;
using search::CyclicRules;

constexpr int kMaxCells = 2 * CyclicBoard::kMaxPits;

// A side's word of the cyclic board from `n` counts.
std::uint64_t word_of(const int* counts, int n) {
    std::uint64_t w = 0;
    for (int i = 0; i < n; ++i) w |= static_cast<std::uint64_t>(counts[i]) << (8 * i);
    return w;
}

// The mover-relative counts of `b` (its side to move first) into `cells`.
void cells_of(const CyclicBoard& b, int n, int* cells) {
    const std::uint64_t own = b.word(b.to_move()), opp = b.word(opponent(b.to_move()));
    for (int i = 0; i < n; ++i) {
        cells[i] = static_cast<int>((own >> (8 * i)) & 0xFF);
        cells[n + i] = static_cast<int>((opp >> (8 * i)) & 0xFF);
    }
}

// The bounds of one tier while it is solved, and what a sweep reads and writes of them.
// Each position is written by the one thread whose range holds it and read by all:
// relaxed atomic bytes, since a sweep that reads an older bound only converges later.
struct Bounds {
    std::vector<std::uint8_t> lo, hi, exit;  // exit: the best value of a move that leaves the tier

    std::uint8_t read(std::vector<std::uint8_t>& v, std::uint64_t i) const {
        return std::atomic_ref<std::uint8_t>(v[i]).load(std::memory_order_relaxed);
    }
    static void write(std::vector<std::uint8_t>& v, std::uint64_t i, std::uint8_t x) {
        std::atomic_ref<std::uint8_t>(v[i]).store(x, std::memory_order_relaxed);
    }
};

struct SweepContext {
    const Rules& rules;
    const CyclicRules packed;
    const TierIndex& index;
    int tier;
    std::span<const std::span<const std::int8_t>> lower;
};

// One sweep over [first, last): returns the positions whose bounds it changed.
std::uint64_t sweep_range(SweepContext& c, Bounds& b, bool first_sweep, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>& done, std::uint64_t& moves) {
    const int n = c.rules.pits, s = c.tier;
    std::array<int, kMaxCells> cells{}, child_cells{};
    if (first < last) c.index.unrank(s, first, cells.data());
    std::uint64_t changed = 0, since_report = 0;
    for (std::uint64_t x = first; x < last; ++x) {
        if (x > first) c.index.next(cells.data());
        if (++since_report == 4096) {
            done.fetch_add(since_report, std::memory_order_relaxed);
            since_report = 0;
        }
        const std::uint8_t lo = b.read(b.lo, x), hi = b.read(b.hi, x);
        if (!first_sweep && lo == hi) continue;
        const std::uint64_t own = word_of(cells.data(), n), opp = word_of(cells.data() + n, n);
        const CyclicBoard board = CyclicBoard::from_words(n, own, opp, Side::South);
        // Over before a move: a row the end rule stops on, or no legal move.
        unsigned movable = rule::game_over(c.rules.end, own == 0, opp == 0) ? 0 : board.movable(c.packed);
        if (movable == 0) {
            const auto share = static_cast<std::uint8_t>(cyclic_terminal_share(c.rules, cells.data()));
            Bounds::write(b.lo, x, share);
            Bounds::write(b.hi, x, share);
            ++changed;
            continue;
        }
        int new_lo = b.exit[x], new_hi = b.exit[x];
        int exit_best = -1;
        for (; movable != 0; movable &= movable - 1) {
            const int pit = std::countr_zero(movable);
            CyclicBoard child = board;
            const MoveResult result = child.apply(c.packed, pit);
            ++moves;
            const int mine = child.store(Side::South);
            const int left = s - mine - child.store(Side::North);
            if (result.game_over || left < s) {
                if (!first_sweep) continue;  // its value is in exit already
                int value = mine;
                if (!result.game_over) {
                    cells_of(child, n, child_cells.data());
                    const std::int8_t gain =
                        c.lower[static_cast<std::size_t>(left)][c.index.rank(child_cells.data(), left)];
                    const int child_share = (gain + left) / 2;
                    value += child.to_move() == Side::South ? child_share : left - child_share;
                }
                exit_best = std::max(exit_best, value);
                continue;
            }
            cells_of(child, n, child_cells.data());
            const std::uint64_t q = c.index.rank(child_cells.data(), s);
            if (child.to_move() == Side::South) {  // the opponent passed: the mover's own bounds
                new_lo = std::max<int>(new_lo, b.read(b.lo, q));
                new_hi = std::max<int>(new_hi, b.read(b.hi, q));
            } else {
                new_lo = std::max(new_lo, s - b.read(b.hi, q));
                new_hi = std::max(new_hi, s - b.read(b.lo, q));
            }
        }
        if (first_sweep && exit_best >= 0) {
            b.exit[x] = static_cast<std::uint8_t>(exit_best);
            new_lo = std::max(new_lo, exit_best);
            new_hi = std::max(new_hi, exit_best);
        }
        // Monotone: lo only rises and hi only falls, whatever order the sweeps read in.
        new_lo = std::max<int>(new_lo, lo);
        new_hi = std::min<int>(new_hi, hi);
        if (new_lo != lo || new_hi != hi) {
            Bounds::write(b.lo, x, static_cast<std::uint8_t>(new_lo));
            Bounds::write(b.hi, x, static_cast<std::uint8_t>(new_hi));
            ++changed;
        }
    }
    done.fetch_add(since_report, std::memory_order_relaxed);
    return changed;
}

}  // namespace

int cyclic_terminal_share(const Rules& rules, const int* cells) {
    const int n = rules.pits;
    int own = 0, other = 0;
    for (int i = 0; i < n; ++i) {
        own += cells[i];
        other += cells[n + i];
    }
    // The mover cannot move, so the last move was the opponent's.
    const auto taker = rule::leftovers_taker(rules.leftovers, Side::North, own == 0, other == 0);
    if (!taker) return own;
    return *taker == Side::South ? own + other : 0;
}

CyclicTierStats solve_cyclic_tier(const Rules& rules, const TierIndex& index, int tier,
                                  std::span<const std::span<const std::int8_t>> lower,
                                  std::span<std::int8_t> values, int threads,
                                  const std::function<void(int sweep, std::uint64_t done)>& on_progress) {
    MANCALA_ASSERT(search::cyclic_shaped(rules) && !rules.majority,
                   "a cyclic tier plays cyclic rules, majority off");
    MANCALA_ASSERT(static_cast<int>(lower.size()) >= tier, "every lower tier is there");
    const std::uint64_t size = index.size(tier);
    MANCALA_ASSERT(values.size() == size, "one value a position");
    CyclicTierStats stats;
    stats.positions = size;
    Bounds b;
    b.lo.assign(size, 0);
    b.hi.assign(size, static_cast<std::uint8_t>(tier));
    b.exit.assign(size, 0);
    SweepContext context{rules, CyclicRules(rules), index, tier, lower};

    const auto parts = static_cast<std::uint64_t>(std::clamp<std::uint64_t>(
        static_cast<std::uint64_t>(std::max(threads, 1)), 1, std::max<std::uint64_t>(size / 1024, 1)));
    for (bool first = true;; first = false) {
        ++stats.sweeps;
        std::atomic<std::uint64_t> done{0}, changed{0}, moves{0};
        std::mutex mutex;
        std::condition_variable finished;
        std::uint64_t running = parts;
        auto run = [&](std::uint64_t p) {
            std::uint64_t m = 0;
            changed += sweep_range(context, b, first, size * p / parts, size * (p + 1) / parts, done, m);
            moves += m;
            const std::lock_guard lock(mutex);
            if (--running == 0) finished.notify_one();
        };
        std::vector<std::thread> workers;
        for (std::uint64_t p = 1; p < parts; ++p) workers.emplace_back(run, p);
        if (!on_progress) {
            run(0);
        } else {
            workers.emplace_back(run, 0);
            std::unique_lock lock(mutex);
            while (!finished.wait_for(lock, std::chrono::milliseconds(200), [&] { return running == 0; })) {
                lock.unlock();
                on_progress(stats.sweeps, done.load(std::memory_order_relaxed));
                lock.lock();
            }
        }
        for (auto& w : workers) w.join();
        stats.move_visits += moves.load();
        if (on_progress) on_progress(stats.sweeps, size);
        if (changed.load() == 0) break;
    }

    std::array<int, kMaxCells> cells{};
    if (size > 0) index.unrank(tier, 0, cells.data());
    for (std::uint64_t x = 0; x < size; ++x) {
        if (x > 0) index.next(cells.data());
        int split = 0;
        for (int i = 0; i < rules.pits; ++i) split += cells[static_cast<std::size_t>(i)];
        const int value = std::clamp<int>(split, b.lo[x], b.hi[x]);
        if (b.lo[x] != b.hi[x]) ++stats.open;
        values[x] = static_cast<std::int8_t>(2 * value - tier);
    }
    return stats;
}

}  // namespace mancala::solve
