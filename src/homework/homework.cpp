#include "homework/homework.hpp"

#include "homework/traverse_log.hpp"
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
    TurnPlan plan;
    {
        TraverseLog log(log_file.stream(), input.position.pits(), kAlgorithm == Algorithm::AlphaBeta);
        plan = search::plan_turn<kAlgorithm>(input.rules, input.position, input.cutoff, StoreDifference{}, log);
    }
    // Both files are complete before either replaces an older one.
    AtomicFile next_state(options.output_dir / kNextState);
    next_state.write(format_next_state(plan.after));
    log_file.commit();
    next_state.commit();
    return to_report(plan, input.cutoff);
}

Report untraced(const Input& input, const Options& options, int cutoff) {
    NoTrace quiet;
    const TurnPlan plan =
        search::plan_turn<Algorithm::AlphaBeta>(input.rules, input.position, cutoff, StoreDifference{}, quiet);
    write_next_state(options, plan.after);
    return to_report(plan, cutoff);
}

// Iterative deepening of the textbook alpha-beta within the time budget. Depth 1
// always completes, so there is always a move; a deeper search that runs out of
// time is discarded, and deepening stops once a search saw the whole game tree.
Report competition(const Input& input, const Options& options) {
    const auto start = Clock::now();
    const auto deadline = start + options.competition_time;
    NoTrace quiet;
    TurnPlan best =
        search::plan_turn<Algorithm::AlphaBeta>(input.rules, input.position, 1, StoreDifference{}, quiet);
    int depth = 1;
    std::uint64_t nodes = best.nodes;
    while (!best.exhaustive) {
        // The next depth usually costs several times the last one: do not start what cannot finish.
        if (Clock::now() - start > options.competition_time / 3) break;
        try {
            TurnPlan deeper = search::plan_turn<Algorithm::AlphaBeta>(input.rules, input.position, depth + 1,
                                                                      StoreDifference{}, quiet, deadline);
            nodes += deeper.nodes;
            best = std::move(deeper);
            ++depth;
        } catch (const search::SearchTimeout&) {
            break;
        }
    }
    write_next_state(options, best.after);
    Report report = to_report(best, depth);
    report.nodes = nodes;
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
