#include "support/reference_retrograde.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace mancala::solve {

namespace {

int checked_stones(int max_stones) {
    if (max_stones < 0 || max_stones > RetrogradeSolver::kMaxStones)
        throw std::invalid_argument(fmt::format("the retrograde solver handles 0 to {} stones in the pits, not {}",
                                                RetrogradeSolver::kMaxStones, max_stones));
    return max_stones;
}

}  // namespace

RetrogradeSolver::RetrogradeSolver(const Rules& rules, int max_stones, int threads)
    : rules_(rules),
      max_stones_(checked_stones(max_stones)),
      threads_(std::max(1, threads)),
      ranking_(rules.pits, max_stones) {
    for (int tier = 0; tier <= max_stones_; ++tier) {
        const std::uint64_t size = ranking_.size(tier);
        auto values = std::make_unique<std::atomic<std::int8_t>[]>(size);
        for (std::uint64_t i = 0; i < size; ++i) values[i].store(kUnknown, std::memory_order_relaxed);
        tiers_.push_back(std::move(values));
    }
}

std::uint64_t RetrogradeSolver::positions() const {
    std::uint64_t total = 0;
    for (int tier = 0; tier <= max_stones_; ++tier) total += ranking_.size(tier);
    return total;
}

int RetrogradeSolver::stones_in_pits(const Position& p) const {
    return p.row_stones(Side::South) + p.row_stones(Side::North);
}

// The value of position `index` of `tier` (`p` is that position; its stores do not matter).
int RetrogradeSolver::solve_position(int tier, std::uint64_t index, const Position& p) {
    std::atomic<std::int8_t>& slot = tiers_[static_cast<std::size_t>(tier)][index];
    if (const std::int8_t known = slot.load(std::memory_order_relaxed); known != kUnknown) return known;

    const Side me = p.to_move();
    int best;
    if (p.is_terminal(rules_)) {
        // Either the board is empty, or a row is: each side sweeps its own row.
        best = p.row_stones(me) - p.row_stones(opponent(me));
    } else if (p.nonempty_pits().empty()) {
        // The board-empty rule: a player without stones passes.
        Position other = p;
        other.set_to_move(opponent(me));
        best = -solve_position(tier, ranking_.rank(other), other);
    } else {
        best = -kMaxStones - 1;
        for (int move : p.nonempty_pits()) {
            Position child = p;
            const MoveResult r = child.apply(rules_, move);
            int value = child.store_difference(me) - p.store_difference(me);  // stones won by the move
            if (!r.game_over) {
                const int child_tier = stones_in_pits(child);
                const std::uint64_t child_index = ranking_.rank(child);
                const int rest =
                    child_tier == tier
                        ? solve_position(tier, child_index, child)
                        : tiers_[static_cast<std::size_t>(child_tier)][child_index].load(std::memory_order_relaxed);
                value += child.to_move() == me ? rest : -rest;
            }
            best = std::max(best, value);
        }
    }
    slot.store(static_cast<std::int8_t>(best), std::memory_order_relaxed);
    return best;
}

void RetrogradeSolver::solve(const std::function<void(const TierProgress&)>& on_tier) {
    for (int tier = 0; tier <= max_stones_; ++tier) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t size = ranking_.size(tier);
        // Threads take interleaved blocks; a position both reach is solved twice to the same value.
        constexpr std::uint64_t kBlock = 4096;
        std::atomic<std::uint64_t> next{0};
        auto work = [&] {
            for (std::uint64_t first; (first = next.fetch_add(kBlock)) < size;)
                for (std::uint64_t i = first; i < std::min(size, first + kBlock); ++i)
                    solve_position(tier, i, ranking_.unrank(tier, i));
        };
        {
            std::vector<std::jthread> helpers;
            for (int t = 1; t < threads_; ++t) helpers.emplace_back(work);
            work();
        }
        if (on_tier)
            on_tier(TierProgress{tier, size,
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    }
}

int RetrogradeSolver::value(const Position& p) const {
    const int tier = stones_in_pits(p);
    if (tier > max_stones_)
        throw std::invalid_argument(
            fmt::format("{} stones in the pits: more than the {} this solver covers", tier, max_stones_));
    const std::int8_t v = tiers_[static_cast<std::size_t>(tier)][ranking_.rank(p)].load(std::memory_order_relaxed);
    if (v == kUnknown) throw std::logic_error("value asked before its tier was solved");
    return v;
}

}  // namespace mancala::solve
