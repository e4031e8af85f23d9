// MCTS speed: iterations (selection, expansion, a random playout, backup) per second
// on Kalah(6,4) from the start, a fresh tree each time.

#include "agents/mcts_agent.hpp"

#include <benchmark/benchmark.h>

namespace mancala::agents {
namespace {

void BM_MctsIterations(benchmark::State& state) {
    const Rules rules = make_rules("kalah", 6, 4);
    const Position start = Position::start(rules);
    MctsSettings settings;
    settings.iterations = static_cast<std::uint64_t>(state.range(0));
    settings.seed = 1;
    MctsAgent agent("mcts", settings);
    for (auto _ : state) {
        agent.new_game();
        benchmark::DoNotOptimize(agent.choose(rules, start, MoveBudget::unlimited()));
    }
    state.SetItemsProcessed(state.range(0) * state.iterations());
    state.counters["nodes"] = static_cast<double>(agent.last_search().nodes);
}
BENCHMARK(BM_MctsIterations)->Arg(1000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mancala::agents
