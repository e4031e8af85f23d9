#include "solve/tier_sweep.hpp"

// The driver of a tier's sweep: the rows numbered (sweep_rows.hpp), the layers' tasks
// scheduled (sweep_schedule.hpp), the rows planned (sweep_plans.hpp) and each layer's
// tasks solved by the threads together (sweeper.hpp), with the other processes'
// bytes traded after each layer when several share the tier (sweep_exchange.hpp).

#include "solve/sweep_exchange.hpp"
#include "solve/sweeper.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

namespace mancala::solve {

namespace {

using namespace tier_sweep;

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
    // thread waiting for the other (docs/PERFORMANCE.md, "The constants in the code").
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

void sweep_with(const Rules& rules, const TierIndex& index, int tier,
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
    sweep_with(rules, index, tier, lower, values, threads, nullptr, on_progress);
}

void sweep_tier_together(const Rules& rules, const TierIndex& index, int tier,
                         std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values,
                         int threads, const SweepTeam& team,
                         const std::function<void(std::uint64_t done)>& on_progress) {
    MANCALA_ASSERT(team.process >= 0 && team.process < static_cast<int>(team.weights.size()) && team.exchange,
                   "a process of the team, with a way to exchange layers");
    sweep_with(rules, index, tier, lower, values, threads, &team, on_progress);
}

}  // namespace mancala::solve
