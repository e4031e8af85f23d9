// One tier of a repeating game's database solved by each of the two tier solvers, on
// the same lower tiers: the graph solver's fixpoint sweeps (solve/cyclic_tier_solver.hpp)
// and retrograde counting (solve/cyclic_counting_solver.hpp). Arguments: the tier, the threads.

#include "solve/cyclic_counting_solver.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/cyclic_tier_solver.hpp"

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

namespace mancala::solve {
namespace {

// Oware on 6 pits, tiers 0 .. 11 built once.
const CyclicDatabase& oware_below() {
    static const std::unique_ptr<CyclicDatabase> db = [] {
        auto d = std::make_unique<CyclicDatabase>(make_rules("oware"));
        d->build(11, 2);
        return d;
    }();
    return *db;
}

template <bool kCounting>
void BM_CyclicTier(benchmark::State& state) {
    const int tier = static_cast<int>(state.range(0)), threads = static_cast<int>(state.range(1));
    const CyclicDatabase& db = oware_below();
    const TierIndex index(6, tier);
    std::vector<std::span<const std::int8_t>> lower;
    for (int t = 0; t < tier; ++t) lower.push_back(db.tier(t));
    std::vector<std::int8_t> values(index.size(tier));
    for (auto _ : state) {
        const CyclicTierStats stats =
            kCounting ? solve_cyclic_tier_by_counting(db.rules(), index, tier, lower, values, threads)
                      : solve_cyclic_tier(db.rules(), index, tier, lower, values, threads);
        benchmark::DoNotOptimize(stats.open);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(values.size()));
}

BENCHMARK(BM_CyclicTier<false>)
    ->Name("BM_CyclicTierGraph")
    ->Args({10, 1})
    ->Args({12, 1})
    ->Args({12, 2})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CyclicTier<true>)
    ->Name("BM_CyclicTierCounting")
    ->Args({10, 1})
    ->Args({12, 1})
    ->Args({12, 2})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mancala::solve
