#pragma once
// The order of a tier's sweep: each layer (a distance of both rows from their stores)
// cut into tasks of mover's rows against opponent's rows, nearest layer first, and which
// process solves each task when several share the tier.

#include "solve/sweep_rows.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mancala::solve::tier_sweep {

/// Mover's rows [x_first, x_last) against opponent's rows [y_first, y_last): positions of one layer.
struct Task {
    std::uint32_t x_first, x_last, y_first, y_last;
};

/// Each layer's tasks, nearest layer first, of about kTaskPositions positions each.
struct Schedule {
    std::vector<Task> tasks;
    std::vector<std::size_t> layer_start;  // layer p is tasks [layer_start[p], layer_start[p + 1])
};

/// The tasks of every layer of `rows`' tier.
Schedule schedule(const Rows& rows);

/// Which process solves each task: in proportion to the weights (WeightedDeal). One process: all.
std::vector<int> task_owners(const Schedule& plan, std::span<const double> weights);

/// Calls f(index) for every position of `task`, in the order the sweep solves them.
template <class F>
void for_each_position(const Rows& rows, const Task& task, F&& f) {
    for (std::uint32_t x = task.x_first; x < task.x_last; ++x) {
        const std::uint64_t lead = rows.parts_of(x)[Rows::kLead];
        for (std::uint32_t y = task.y_first; y < task.y_last; ++y) f(lead + rows.parts_of(y)[rows.rank_column()]);
    }
}

inline std::uint64_t task_size(const Task& t) {
    return std::uint64_t{t.x_last - t.x_first} * (t.y_last - t.y_first);
}

}  // namespace mancala::solve::tier_sweep
