// Micro-benchmarks of the leaf evaluations on the engine's boards: `fitted` and `learned`
// on the same random Kalah(6,6) and Oware positions (their cost a leaf, beside the node
// rates of `mancala bench --heuristic`).

#include "search/count_fitted_evaluation.hpp"
#include "search/cyclic_board.hpp"
#include "search/fitted_evaluation.hpp"
#include "search/learned_evaluation.hpp"
#include "search/packed_board.hpp"
#include "search/packed_fitted_evaluation.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace mancala::search {
namespace {

// Positions met in play: random moves from the start.
std::vector<Position> played_positions(const Rules& rules, int count) {
    std::mt19937 rng(11);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Position p = Position::start(rules);
        const int plies = static_cast<int>(rng() % 40);
        for (int k = 0; k < plies && !p.is_terminal(rules); ++k) {
            const MoveList moves = p.legal_moves(rules);
            p.apply(rules, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
        }
        if (!p.is_terminal(rules)) out.push_back(p);
    }
    return out;
}

template <class Board, class Value>
void run(benchmark::State& state, const std::vector<Board>& boards, Value value) {
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(value(boards[i]));
        i = i + 1 == boards.size() ? 0 : i + 1;
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_KalahFitted(benchmark::State& state) {
    const Rules rules = make_rules("kalah", 6, 6);
    const PackedRules packed(rules);
    std::vector<PackedBoard> boards;
    for (const Position& p : played_positions(rules, 1024)) boards.push_back(PackedBoard::from(p));
    run(state, boards, [&](const PackedBoard& b) { return packed_fitted_value(b, packed); });
}
BENCHMARK(BM_KalahFitted);

void BM_KalahLearned(benchmark::State& state) {
    const Rules rules = make_rules("kalah", 6, 6);
    const LearnedNetwork& net = *embedded_network_for(rules);
    std::vector<PackedBoard> boards;
    for (const Position& p : played_positions(rules, 1024)) boards.push_back(PackedBoard::from(p));
    run(state, boards, [&](const PackedBoard& b) { return learned_board_value(net, b); });
}
BENCHMARK(BM_KalahLearned);

void BM_OwareFitted(benchmark::State& state) {
    const Rules rules = make_rules("oware");
    std::vector<CyclicBoard> boards;
    for (const Position& p : played_positions(rules, 1024)) boards.push_back(CyclicBoard::from(p));
    run(state, boards, [&](const CyclicBoard& b) { return fitted_value(b, rules); });
}
BENCHMARK(BM_OwareFitted);

void BM_OwareLearned(benchmark::State& state) {
    const Rules rules = make_rules("oware");
    const LearnedNetwork& net = *embedded_network_for(rules);
    std::vector<CyclicBoard> boards;
    for (const Position& p : played_positions(rules, 1024)) boards.push_back(CyclicBoard::from(p));
    run(state, boards, [&](const CyclicBoard& b) { return learned_board_value(net, b); });
}
BENCHMARK(BM_OwareLearned);

}  // namespace
}  // namespace mancala::search
