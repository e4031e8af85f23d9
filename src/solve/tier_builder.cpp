#include "solve/tier_builder.hpp"

#include "core/mover_first_counts.hpp"
#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "solve/fast_sower.hpp"
#include "solve/tier_sweep.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <thread>
#include <vector>

namespace mancala::solve {

namespace {

class TierSolver {
public:
    TierSolver(const Rules& rules, const TierIndex& index, int tier,
               std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, bool fast)
        : rules_(rules),
          index_(index),
          n_(index.pits()),
          tier_(tier),
          lower_(lower),
          values_(values),
          fast_(fast && has_fast_path(rules)) {}

    // The value of the position with counts `cells` (mover first) and index `at`.
    int solve(const int* cells, std::uint64_t at) {
        std::atomic_ref<std::int8_t> slot(values_[at]);
        if (const std::int8_t known = slot.load(std::memory_order_relaxed); known != kTierUnknown) return known;
        const int best = evaluate(cells);
        MANCALA_ASSERT(best >= -tier_ && best <= tier_, "a value is at most the stones left in the pits");
        slot.store(static_cast<std::int8_t>(best), std::memory_order_relaxed);
        return best;
    }

private:
    /// A move from the position being solved: what it won at once and, unless the
    /// game ended, the child's counts (its mover first), tier and index.
    struct Child {
        std::array<int, 2 * kMaxPits> cells;
        std::uint64_t at;
        int gain;
        int stones;
        bool over;
        bool same_side;
    };
    using Children = std::array<Child, kMaxPits>;

    // The best of the children's values for the mover; each lower-tier byte was
    // prefetched when the child was made, same-tier children are solved on demand.
    int best_child(const Children& children, int count) {
        int best = -kMaxPits * 1000;
        for (int k = 0; k < count; ++k) {
            const Child& c = children[static_cast<std::size_t>(k)];
            int value = c.gain;
            if (!c.over) {
                const int rest = c.stones == tier_ ? solve(c.cells.data(), c.at)
                                                   : lower_[static_cast<std::size_t>(c.stones)][c.at];
                value += c.same_side ? rest : -rest;
            }
            best = std::max(best, value);
        }
        return best;
    }

    int evaluate(const int* cells) { return fast_ ? evaluate_fast(cells) : evaluate_general(cells); }

    // The same as evaluate_general for the fast rules, on the counts themselves.
    int evaluate_fast(const int* cells) {
        const int n = n_;
        int mine = 0, theirs = 0;
        for (int i = 0; i < n; ++i) {
            mine += cells[i];
            theirs += cells[n + i];
        }
        if (rule::game_over(kFastEnd, mine == 0, theirs == 0)) return rule::leftover_gain(mine, theirs);
        Children children;
        int count = 0;
        for (int move = 0; move < n; ++move) {
            if (cells[move] == 0) continue;
            Child& c = children[static_cast<std::size_t>(count++)];
            const SownMove m = sow_fast(rules_, n, tier_, cells, move, c.cells.data());
            c.gain = m.gain;
            c.over = m.over;
            if (m.over) continue;
            c.same_side = m.same_side;
            c.stones = m.stones;
            c.at = index_.rank(c.cells.data(), c.stones);
            if (c.stones < tier_) __builtin_prefetch(&lower_[static_cast<std::size_t>(c.stones)][c.at]);
        }
        return best_child(children, count);
    }

    int evaluate_general(const int* cells) {
        const Position p = index_.position(cells);  // South to move: the mover's pits are South's
        if (p.is_terminal(rules_)) return rule::leftover_gain(p.row_stones(Side::South), p.row_stones(Side::North));
        // Every child first (its value so far, its tier and index), its byte of a
        // lower tier fetched from memory at once; then the values, in parallel misses.
        Children children;
        int count = 0;
        for (int move = 0; move < n_; ++move) {
            if (cells[move] == 0) continue;
            Child& c = children[static_cast<std::size_t>(count++)];
            Position child = p;
            const MoveResult r = child.apply(rules_, move);
            c.gain = child.store_difference(Side::South);  // the stones the move won (stores were empty)
            c.over = r.game_over;
            if (c.over) continue;
            c.same_side = child.to_move() == Side::South;
            const int stones = mover_first_counts(child, c.cells.data());
            c.stones = stones;
            c.at = index_.rank(c.cells.data(), stones);
            if (stones < tier_) __builtin_prefetch(&lower_[static_cast<std::size_t>(stones)][c.at]);
        }
        if (count == 0) {
            // A player without stones passes (the board-empty rule): the opponent moves on the same pits.
            std::array<int, 2 * kMaxPits> next{};
            for (int i = 0; i < n_; ++i) {
                next[static_cast<std::size_t>(i)] = cells[n_ + i];
                next[static_cast<std::size_t>(n_ + i)] = cells[i];
            }
            return -solve(next.data(), index_.rank(next.data(), tier_));
        }
        return best_child(children, count);
    }

    const Rules& rules_;
    const TierIndex& index_;
    int n_;
    int tier_;
    std::span<const std::span<const std::int8_t>> lower_;
    std::span<std::int8_t> values_;
    bool fast_;
};

}  // namespace

void solve_tier(const Rules& rules, const TierIndex& index, int tier,
                std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
                const std::function<void(std::uint64_t done)>& on_progress, bool fast_path) {
    // The fast rules take the sweep, which needs no recursion; the others walk the tier.
    if (fast_path && has_fast_path(rules))
        return sweep_tier(rules, index, tier, lower, values, threads, on_progress);
    const IndexRange whole{0, index.size(tier)};
    solve_tier_share(rules, index, tier, lower, values, threads, std::span<const IndexRange>(&whole, 1),
                     on_progress, fast_path);
}

void solve_tier_share(const Rules& rules, const TierIndex& index, int tier,
                      std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values,
                      int threads, std::span<const IndexRange> parts,
                      const std::function<void(std::uint64_t done)>& on_progress, bool fast_path) {
    [[maybe_unused]] const std::uint64_t size = index.size(tier);
    MANCALA_ASSERT(values.size() == size, "the values hold the whole tier");
    std::fill(values.begin(), values.end(), kTierUnknown);
    // Every run cut into blocks, numbered in order: block b is the one starting at
    // starts[b]. Threads take blocks in turn; a position both reach (a same-tier
    // successor) is solved twice to the same value, which is harmless.
    constexpr std::uint64_t kBlock = 1 << 14;
    std::vector<IndexRange> blocks;
    std::uint64_t total = 0;
    for (const IndexRange& part : parts) {
        MANCALA_ASSERT(part.first <= part.last && part.last <= size, "a part lies within the tier");
        for (std::uint64_t first = part.first; first < part.last; first += kBlock)
            blocks.push_back({first, std::min(part.last, first + kBlock)});
        total += part.last - part.first;
    }
    TierSolver solver(rules, index, tier, lower, values, fast_path);
    std::atomic<std::size_t> next_block{0};
    std::atomic<std::uint64_t> done{0};
    auto work = [&](bool reporting) {
        std::array<int, 2 * kMaxPits> cells{};
        for (std::size_t b; (b = next_block.fetch_add(1)) < blocks.size();) {
            const auto [first, last] = blocks[b];
            index.unrank(tier, first, cells.data());
            for (std::uint64_t i = first; i < last; ++i) {
                solver.solve(cells.data(), i);
                index.next(cells.data());
            }
            done.fetch_add(last - first, std::memory_order_relaxed);
            if (reporting && on_progress) on_progress(done.load(std::memory_order_relaxed));
        }
    };
    {
        std::vector<std::jthread> helpers;
        for (int t = 1; t < threads; ++t) helpers.emplace_back(work, false);
        work(true);
    }
    if (on_progress) on_progress(total);
}

}  // namespace mancala::solve
