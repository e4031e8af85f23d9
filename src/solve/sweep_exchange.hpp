#pragma once
// A tier swept by several processes: after each layer, every process's bytes of it reach
// every other, so that the next layer finds its same-tier children solved wherever they
// were. The threads pack and spread the bytes; the calling thread alone talks to the
// others, through SweepTeam::exchange (the cluster layer's, or the tests' threads).

#include "solve/sweep_plans.hpp"
#include "solve/sweep_schedule.hpp"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdint>
#include <functional>
#include <numeric>
#include <span>
#include <vector>

namespace mancala::solve::tier_sweep {

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
bool exchange_layer(const Sweep& s, std::size_t p, bool calling);

}  // namespace mancala::solve::tier_sweep
