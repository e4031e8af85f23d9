#include "cli/commands.hpp"
#include "cli/option_checks.hpp"

#include "core/pit_names.hpp"
#include "homework/homework.hpp"
#include "homework/traverse_log.hpp"
#include "util/read_file.hpp"

#include <fmt/format.h>

#include <chrono>
#include <memory>

namespace mancala::cli {

namespace {

struct HomeworkArgs {
    std::string input = "input.txt";
    std::string output_dir = ".";
    double time_seconds = 1.0;
    std::uint64_t max_log_bytes = homework::kDefaultMaxLogBytes;
    bool quiet = false;
};

constexpr std::string_view task_name(homework::Task task) {
    switch (task) {
        case homework::Task::Greedy:
            return "Greedy";
        case homework::Task::Minimax:
            return "MiniMax";
        case homework::Task::AlphaBeta:
            return "Alpha-Beta";
        case homework::Task::Competition:
            return "Competition";
    }
    return "?";
}

void run(const HomeworkArgs& args) {
    const std::string text = read_small_file(args.input);
    homework::Input input;
    try {
        input = homework::parse_input(text);
    } catch (const homework::InputError& e) {
        throw UsageError(fmt::format("{}:{}: {}", args.input, e.line(), e.message()));
    }
    homework::Options options;
    options.output_dir = args.output_dir;
    options.competition_time = std::chrono::milliseconds(static_cast<long long>(args.time_seconds * 1000.0));
    options.max_log_bytes = args.max_log_bytes;
    homework::Report report;
    try {
        report = homework::run(input, options);
    } catch (const homework::LogTooLarge& e) {
        throw UsageError(
            fmt::format("{}:3: the traverse log of cutoff depth {} would be larger than "
                        "--max-log-size {}; nothing was written (lower the depth or raise the limit)",
                        args.input, input.cutoff, format_bytes(e.max_bytes())));
    }
    if (args.quiet) return;
    std::string moves;
    for (int move : report.moves)
        moves += (moves.empty() ? "" : " ") + pit_name(input.position.pits(), input.player, move);
    const std::string depth = input.task == homework::Task::Competition
                                  ? fmt::format("engine depth {} plies", report.depth)
                                  : fmt::format("depth {}", report.depth);
    fmt::print("task {} ({}), player {}, {}: played {}, value {}, {} nodes\n", static_cast<int>(input.task),
               task_name(input.task), homework::player_number(input.player), depth, moves, report.value,
               report.nodes);
}

}  // namespace

void add_homework_command(CLI::App& app) {
    auto args = std::make_shared<HomeworkArgs>();
    CLI::App* cmd = app.add_subcommand(
        "homework",
        "The classic Mancala agent assignment: read INPUT, write next_state.txt and (tasks 2, 3) traverse_log.txt");
    cmd->add_option("input", args->input, "the input file (task, player, cutoff, rows, mancalas)")
        ->capture_default_str();
    cmd->add_option("-o,--output-dir", args->output_dir, "where to write the output files (created if missing)")
        ->capture_default_str();
    cmd->add_option("-t,--time", args->time_seconds, "seconds to think in task 4 (Competition)")
        ->capture_default_str()
        ->check(number_between(0.001, 3600.0));
    cmd->add_option("--max-log-size", args->max_log_bytes,
                    fmt::format("refuse a traverse_log.txt larger than this, in bytes or with K, M, G or T "
                                "(default {}); the log grows exponentially with the cutoff depth",
                                format_bytes(homework::kDefaultMaxLogBytes)))
        ->type_name("SIZE")
        ->transform(byte_size(1 << 10, std::uint64_t{1} << 40));
    cmd->add_flag("-q,--quiet", args->quiet, "print nothing on success");
    cmd->footer(
        "Example:\n  mancala homework tests/data/homework-cases/case02/input.txt --output-dir /tmp/out\n"
        "Exit codes: 0 success, 2 bad input (nothing is written), 1 any other failure.");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
