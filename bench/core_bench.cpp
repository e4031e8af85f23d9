// Micro-benchmarks of the rules: a move costs O(pits) whatever the stone count.

#include "core/perft.hpp"

#include <benchmark/benchmark.h>

namespace mancala {
namespace {

void BM_ApplyMove(benchmark::State& state) {
    const int seeds = static_cast<int>(state.range(0));
    const Rules rules = make_rules("kalah", 6, seeds);
    const Position start = Position::start(rules);
    int pit = 0;
    for (auto _ : state) {
        Position p = start;
        benchmark::DoNotOptimize(p.apply(rules, pit));
        benchmark::DoNotOptimize(p);
        pit = pit == 5 ? 0 : pit + 1;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ApplyMove)->Arg(4)->Arg(100)->Arg(1000);

void BM_Perft(benchmark::State& state) {
    const Rules rules = make_rules("kalah", 6, 4);
    const Position start = Position::start(rules);
    const int plies = static_cast<int>(state.range(0));
    std::uint64_t leaves = 0;
    for (auto _ : state) leaves = perft(rules, start, plies);
    state.counters["leaves"] = static_cast<double>(leaves);
    state.SetItemsProcessed(static_cast<std::int64_t>(leaves) * state.iterations());
}
BENCHMARK(BM_Perft)->Arg(8)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mancala
