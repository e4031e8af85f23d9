#include "cli/commands.hpp"
#include "cli/rules_options.hpp"

#include "core/pit_names.hpp"
#include "search/engine.hpp"
#include "solve/retrograde.hpp"
#include "util/memory_usage.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

namespace mancala::cli {

namespace {

struct SolveArgs {
    RulesOptions game;
    std::string method = "auto";
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::size_t hash_mb = 256;
    std::uint64_t max_positions = 400'000'000;
    bool json = false;
};

struct Solution {
    std::string method;
    int value = 0;  ///< the first player's final margin
    std::vector<int> best_moves;
    std::uint64_t work = 0;  ///< positions solved, or nodes searched
};

Solution by_retrograde(const SolveArgs& args, const Rules& rules, const Position& start, bool quiet) {
    const int stones = start.row_stones(Side::South) + start.row_stones(Side::North);
    solve::RetrogradeSolver solver(rules, stones, args.threads);
    solver.solve([&](const solve::TierProgress& t) {
        if (!quiet)
            fmt::print(stderr, "\rtier {:>3}/{}: {:>12} positions in {:.2f} s ", t.tier, stones, t.positions,
                       t.seconds);
    });
    if (!quiet) fmt::print(stderr, "\n");
    Solution s{"retrograde", solver.final_margin(start), {}, solver.positions()};
    const Side me = start.to_move();
    for (int move : start.legal_moves()) {
        Position child = start;
        const MoveResult r = child.apply(rules, move);
        int margin = child.store_difference(me);
        if (!r.game_over) margin += (child.to_move() == me ? 1 : -1) * solver.value(child);
        if (margin == s.value) s.best_moves.push_back(move);
    }
    return s;
}

Solution by_search(const SolveArgs& args, const Rules& rules, const Position& start, bool quiet) {
    search::Engine engine({search::Heuristic::StoreDiff, args.hash_mb, args.threads});
    const auto report =
        engine.search(rules, start, search::SearchLimits{}, false, [&](const search::SearchReport& r) {
            if (!quiet)
                fmt::print(stderr, "\rdepth {:>3}: {:>14} nodes, {:.1f} s, {} ", r.depth, r.nodes, r.seconds,
                           search::format_score(r.score, r.proven));
        });
    if (!quiet) fmt::print(stderr, "\n");
    if (!report.proven) throw std::runtime_error("the search stopped before proving the value");
    return Solution{"search", report.score / search::kPointsPerStone, {report.best_move}, report.nodes};
}

void run(const SolveArgs& args) {
    const Rules rules = args.game.rules();
    const Position start = args.game.start(rules);
    if (start.is_terminal(rules) || start.legal_moves().empty())
        throw UsageError("the game is already over in this position");
    const int stones = start.row_stones(Side::South) + start.row_stones(Side::North);
    std::string method = args.method;
    if (method == "auto") {
        // Retrograde analysis holds every tier up to the start's (a byte a position).
        bool small = stones <= solve::RetrogradeSolver::kMaxStones;
        if (small) {
            try {
                const solve::TierRanking ranking(rules.pits, stones);
                std::uint64_t total = 0;
                for (int tier = 0; tier <= stones && total <= args.max_positions; ++tier)
                    total += ranking.size(tier);
                small = total <= args.max_positions;
            } catch (const std::overflow_error&) {
                small = false;
            }
        }
        method = small ? "retrograde" : "search";
    }
    const auto begin = std::chrono::steady_clock::now();
    const Solution s = method == "retrograde" ? by_retrograde(args, rules, start, args.json)
                                              : by_search(args, rules, start, args.json);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    // The value is the mover's margin; report it for the first player (South at the start).
    const int first_player = start.to_move() == Side::South ? s.value : -s.value;
    std::vector<std::string> moves;
    for (int m : s.best_moves) moves.push_back(pit_name(rules.pits, start.to_move(), m));
    if (args.json) {
        const nlohmann::json out = {
            {"rules", preset_name(rules)}, {"pits", rules.pits}, {"seeds", rules.seeds}, {"value", first_player},
            {"best_moves", moves},         {"seconds", seconds}, {"nodes", s.work},      {"method", s.method},
            {"peak_rss_mb", peak_rss_mb()}};
        fmt::print("{}\n", out.dump());
        return;
    }
    const std::string verdict = first_player > 0   ? fmt::format("first player wins by {}", first_player)
                                : first_player < 0 ? fmt::format("first player loses by {}", -first_player)
                                                   : std::string("draw");
    fmt::print("{}({},{}): {}\n", preset_name(rules), rules.pits, rules.seeds, verdict);
    fmt::print("best first move{}: {}\n", moves.size() > 1 ? "s" : "", fmt::join(moves, " "));
    fmt::print("{}: {} {} in {:.2f} s, peak memory {:.0f} MiB\n", s.method, s.work,
               s.method == "retrograde" ? "positions" : "nodes", seconds, peak_rss_mb());
}

}  // namespace

void add_solve_command(CLI::App& app) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App* cmd = app.add_subcommand("solve", "Compute the exact game value of a start position");
    args->game.add_to(*cmd);
    cmd->add_option("--method", args->method,
                    "retrograde (every position of every tier), search (the engine to the end), or auto")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "retrograde", "search"}));
    cmd->add_option("--threads", args->threads, "threads")->capture_default_str()->check(CLI::Range(1, 256));
    cmd->add_option("--hash", args->hash_mb, "transposition table MiB for the search")
        ->capture_default_str()
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--max-positions", args->max_positions,
                    "auto picks retrograde analysis while all the tiers hold at most this many positions")
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->footer("Example:\n  mancala solve --rules kalah --pits 4 --seeds 3");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
