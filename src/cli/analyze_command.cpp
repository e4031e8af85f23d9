#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"

#include "agents/agent_options.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "search/engine.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>

namespace mancala::cli {

namespace {

struct AnalyzeArgs {
    RulesOptions game;
    std::string time;
    int depth = 0;
    std::uint64_t nodes = 0;
    int threads = 1;
    std::size_t hash_mb = 64;
    std::string heuristic = "learned";
    bool json = false;
    bool iterations = false;
    bool all_moves = false;
    int multipv = 0;
};

// Pit names along a line of play, where the mover changes as the line goes.
std::vector<std::string> line_names(const Rules& rules, Position p, const std::vector<int>& line) {
    std::vector<std::string> names;
    for (int move : line) {
        if (!p.is_legal(rules, move)) break;
        names.push_back(pit_name(rules, p.to_move(), move));
        p.apply(rules, move);
    }
    return names;
}

double stones(int points) { return static_cast<double>(points) / search::kPointsPerStone; }

void run(const AnalyzeArgs& args) {
    const Rules rules = args.game.parsed_rules();
    const Position position = args.game.start(rules);
    if (position.legal_moves(rules).empty() || position.is_terminal(rules))
        throw UsageError("the game is over in this position: there is nothing to analyse");

    search::SearchLimits limits;
    if (!args.time.empty()) {
        limits.move_time = agents::parse_duration(args.time);
        if (!limits.move_time || limits.move_time->count() == 0)
            throw UsageError(fmt::format("--time {} is not a duration such as 500ms or 2s", args.time));
    }
    if (args.depth > 0) limits.depth = args.depth;
    if (args.nodes > 0) limits.nodes = args.nodes;
    if (!limits.move_time && !limits.depth && !limits.nodes) limits.move_time = std::chrono::seconds(1);

    search::Engine engine({search::heuristic_by_name(args.heuristic), args.hash_mb, args.threads});
    auto show_iteration = [&](const search::SearchReport& r) {
        if (!args.iterations || args.json) return;
        fmt::print("depth {:>3}  score {:>10}  nodes {:>12}  nps {:>10}  time {:>7.3f}s  pv {}\n", r.depth,
                   search::format_score(r.score, r.proven), r.nodes, r.nodes_per_second(), r.seconds,
                   fmt::join(line_names(rules, position, r.pv), " "));
    };
    search::IterationObserver observer(show_iteration);
    // Like every engine, the best move by default; exact scores for every move (or the
    // best few) cost more: 13 times the nodes at depth 24 from the Kalah(6,4) start.
    const bool scored = args.all_moves || args.multipv > 0;
    const search::SearchMode mode = args.all_moves     ? search::SearchMode::every_move()
                                    : args.multipv > 0 ? search::SearchMode::best_moves(args.multipv)
                                                       : search::SearchMode{};
    const search::SearchReport report = engine.search(rules, position, limits, mode, &observer);
    const Side mover = position.to_move();

    if (args.json) {
        nlohmann::json moves = nlohmann::json::array();
        for (const auto& m : report.moves)
            moves.push_back({{"move", pit_name(rules, mover, m.move)},
                             {"score", stones(m.score)},
                             {"proven", m.proven},
                             {"result", search::format_score(m.score, m.proven)},
                             {"pv", line_names(rules, position, m.pv)}});
        nlohmann::json out = {
            {"rules", rules_string(rules)},
            {"pits", rules.pits},
            {"seeds", rules.seeds},
            {"position", to_notation(position)},
            {"to_move", to_string(mover)},
            {"depth", report.depth},
            {"nodes", report.nodes},
            {"seconds", report.seconds},
            {"nps", report.nodes_per_second()},
            {"best_move", pit_name(rules, mover, report.best_move)},
            {"score", stones(report.score)},
            {"proven", report.proven},
            {"result", search::format_score(report.score, report.proven)},
            {"pv", line_names(rules, position, report.pv)},
        };
        if (scored) out["moves"] = moves;
        fmt::print("{}\n", out.dump(2));
        return;
    }
    fmt::print("position {}  ({}, {} to move)\n", to_notation(position), describe(rules), to_string(mover));
    fmt::print("depth {} plies, {} nodes in {:.3f} s ({} nodes/s)\n", report.depth, report.nodes, report.seconds,
               report.nodes_per_second());
    fmt::print("best {}  score {}  (the mover's final margin, in stones{})\n",
               pit_name(rules, mover, report.best_move), search::format_score(report.score, report.proven),
               report.proven ? ", proven" : ", estimated");
    if (!scored) {
        fmt::print("pv {}\n", fmt::join(line_names(rules, position, report.pv), " "));
        return;
    }
    fmt::print("\n{:<5} {:>10}  {}\n", "move", "score", "principal variation");
    for (const auto& m : report.moves)
        fmt::print("{:<5} {:>10}  {}\n", pit_name(rules, mover, m.move), search::format_score(m.score, m.proven),
                   fmt::join(line_names(rules, position, m.pv), " "));
}

}  // namespace

void add_analyze_command(CLI::App& app) {
    auto args = std::make_shared<AnalyzeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "analyze", "The engine's best move and score for a position (every move's score with --all-moves)");
    args->game.add_to(*cmd);
    cmd->add_option("--time", args->time, "think this long, e.g. 500ms or 2s (default 1s when no limit is given)");
    cmd->add_option("--depth", args->depth, "search this many plies (extra-turn moves count)")
        ->check(whole_number(1, search::kMaxDepth));
    cmd->add_option("--nodes", args->nodes, "stop after about this many nodes")->check(whole_number(1));
    cmd->add_option("--threads", args->threads, "search threads (Lazy SMP)")
        ->capture_default_str()
        ->check(whole_number(1, 256));
    cmd->add_option("--hash", args->hash_mb, "transposition table size in MiB")
        ->capture_default_str()
        ->check(whole_number(1, 65536));
    cmd->add_option(
           "--heuristic", args->heuristic,
           "evaluation at the leaves: learned (the game's network, else fitted), fitted, weighted, store-diff, ...")
        ->capture_default_str();
    auto* all = cmd->add_flag("--all-moves", args->all_moves,
                              "an exact score for every legal move (slower: each is searched with a full window)");
    cmd->add_option("--multipv", args->multipv, "exact scores for the best N moves (the others are left out)")
        ->check(whole_number(1, kMaxPits))
        ->excludes(all);
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->add_flag("--iterations", args->iterations, "print a line per completed depth");
    cmd->footer(
        "Examples:\n  mancala analyze --rules kalah --pits 6 --seeds 4 --time 1s\n"
        "  mancala analyze --depth 20 --all-moves\n  mancala analyze --time 2s --multipv 2 --json");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
