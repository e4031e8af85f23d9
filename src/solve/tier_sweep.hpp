#pragma once
// A whole tier of the fast rules (solve/fast_sower.hpp) solved in an order that
// needs no recursion: a move that stays in the tier only pushes stones along the
// mover's row towards its store, so the stones' distance to their owners' stores,
// summed over the board, falls with every such move. Solving the tier layer by
// layer of that distance, nearest first, finds every same-tier child solved, and
// a layer's positions are independent: the threads share each layer, and every
// child's byte is fetched well before it is read (many misses in flight at once
// instead of one after another).

#include "core/rules.hpp"
#include "solve/tier_index.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace mancala::solve {

/// A row's part of a position's layer: its stones' distance to the row's store,
/// each stone counted n - pit for the row's n pits in sowing order. A position's
/// layer is the sum over both rows; a same-tier move lowers it.
inline int row_distance(const int* row, int n) {
    int distance = 0;
    for (int i = 0; i < n; ++i) distance += row[i] * (n - i);
    return distance;
}

/// As solve_tier (solve/tier_builder.hpp), for rules with has_fast_path(rules):
/// the same values, byte for byte.
void sweep_tier(const Rules& rules, const TierIndex& index, int tier,
                std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, int threads,
                const std::function<void(std::uint64_t done)>& on_progress);

/// A sweep shared by several processes (a distributed build): each solves its share
/// of every layer's tasks, dealt by weight, and after each layer every process's
/// bytes of it reach every other, so that the next layer finds its same-tier
/// children solved wherever they were.
struct SweepTeam {
    int process = 0;
    /// Each process's expected rate (positions a second); its share follows it.
    std::vector<double> weights{1.0};
    /// Called after each layer on the calling thread (the one that may talk to the
    /// others): `mine` is this process's bytes of the layer; `all` gets every
    /// process's, process after process, counts[p] bytes each. Every process calls
    /// it, the same number of times, with the same counts.
    std::function<void(std::span<const std::int8_t> mine, std::span<const std::uint64_t> counts,
                       std::span<std::int8_t> all)>
        exchange;
    /// If given, gets the seconds spent on the exchanges: the calls, and the bytes
    /// gathered and spread over the tier around them.
    double* exchange_seconds = nullptr;
};

/// As sweep_tier, with this process one of `team`: every process ends with the whole
/// tier; `on_progress(done)` counts this process's positions.
void sweep_tier_together(const Rules& rules, const TierIndex& index, int tier,
                         std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values,
                         int threads, const SweepTeam& team,
                         const std::function<void(std::uint64_t done)>& on_progress);

}  // namespace mancala::solve
