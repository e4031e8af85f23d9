#include "homework/homework.hpp"

#include "homework/traverse_log.hpp"
#include "search/engine.hpp"
#include "search/evaluation.hpp"
#include "search/turn_plan.hpp"
#include "util/atomic_file.hpp"

#include <fmt/format.h>

namespace mancala::homework {

namespace {

using search::Algorithm;
using search::NoTrace;
using search::StoreDifference;
using search::TurnPlan;
using Clock = std::chrono::steady_clock;

constexpr std::string_view kNextState = "next_state.txt";
constexpr std::string_view kTraverseLog = "traverse_log.txt";

Report to_report(const TurnPlan& plan, int depth) {
    return Report{plan.moves, plan.after, plan.value, depth, plan.nodes};
}

void write_next_state(const Options& options, const Position& after) {
    AtomicFile file(options.output_dir / kNextState);
    file.write(format_next_state(after));
    file.commit();
}

template <Algorithm kAlgorithm>
Report traced(const Input& input, const Options& options) {
    AtomicFile log_file(options.output_dir / kTraverseLog);
    TraverseLog log(log_file, input.position.pits(), kAlgorithm == Algorithm::AlphaBeta, options.max_log_bytes);
    const TurnPlan plan =
        search::plan_turn<kAlgorithm>(input.rules, input.position, input.cutoff, StoreDifference{}, log);
    log.flush();
    AtomicFile next_state(options.output_dir / kNextState);
    next_state.write(format_next_state(plan.after));
    // The pair is replaced together or not at all: a log beside an older next_state would lie.
    commit_together({log_file, next_state});
    return to_report(plan, input.cutoff);
}

Report untraced(const Input& input, const Options& options, int cutoff) {
    NoTrace quiet;
    const TurnPlan plan =
        search::plan_turn<Algorithm::AlphaBeta>(input.rules, input.position, cutoff, StoreDifference{}, quiet);
    write_next_state(options, plan.after);
    return to_report(plan, cutoff);
}

// The strongest move the budget allows: the engine, once per move of the turn
// (an extra turn asks it again, with what is left of the budget and a warm table).
Report competition(const Input& input, const Options& options) {
    const auto deadline = Clock::now() + options.competition_time;
    search::Engine engine({search::Heuristic::Weighted, 64, 1});
    Report report;
    Position position = input.position;
    for (;;) {
        search::SearchLimits limits;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        // The first move takes most of the budget; later moves of the turn reuse its table.
        limits.move_time = std::max(std::chrono::milliseconds(1), report.moves.empty() ? left * 7 / 10 : left / 2);
        const search::SearchReport r = engine.search(input.rules, position, limits);
        if (report.moves.empty()) {
            report.value = r.score / search::kPointsPerStone;
            report.depth = r.depth;
        }
        report.nodes += r.nodes;
        report.moves.push_back(r.best_move);
        const MoveResult result = position.apply(input.rules, r.best_move);
        if (!result.extra_turn || result.game_over) break;
    }
    report.after = position;
    write_next_state(options, position);
    return report;
}

}  // namespace

std::string format_next_state(const Position& position) {
    const int n = position.pits();
    std::string text;
    for (int j = n - 1; j >= 0; --j)
        text += fmt::format("{}{}", j == n - 1 ? "" : " ", position.pit(Side::North, j));
    text += '\n';
    for (int i = 0; i < n; ++i) text += fmt::format("{}{}", i == 0 ? "" : " ", position.pit(Side::South, i));
    text += fmt::format("\n{}\n{}\n", position.store(Side::North), position.store(Side::South));
    return text;
}

Report run(const Input& input, const Options& options) {
    std::filesystem::create_directories(options.output_dir);
    switch (input.task) {
        case Task::Greedy:
            return untraced(input, options, 1);
        case Task::Minimax:
            return traced<Algorithm::Minimax>(input, options);
        case Task::AlphaBeta:
            return traced<Algorithm::AlphaBeta>(input, options);
        case Task::Competition:
            return competition(input, options);
    }
    throw std::logic_error("unknown task");
}

}  // namespace mancala::homework
