#include "cli/commands.hpp"
#include "cli/rules_options.hpp"

#include "cli/db_progress.hpp"
#include "core/pit_names.hpp"
#include "search/engine.hpp"
#include "solve/endgame_db.hpp"
#include "util/memory_usage.hpp"
#include "util/terminal.hpp"

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
    std::size_t hash_mb = 0;  ///< 0: 2048 MiB for games of 40 stones or more, 256 below
    std::uint64_t max_positions = 100'000'000;
    std::string db_dir;                            ///< empty: build the database in memory
    int db_stones = -1;                            ///< -1: as many as --db-budget allows
    std::uint64_t db_budget = 600'000'000;         ///< positions (a byte each) of the database built by default
    int warmup_depth = search::kProveWarmupDepth;  ///< plies of iterative deepening before the proof
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
    solve::EndgameDatabase db(rules);
    DbProgress progress(stderr, !quiet, is_terminal(stderr));
    db.build(stones, args.threads, [&](const solve::BuildProgress& p) { progress.update(p); });
    progress.finish();
    Solution s{"retrograde", db.final_margin(start), {}, db.positions_up_to(stones)};
    for (int move : start.legal_moves())
        if (db.final_margin_after(start, move) == s.value) s.best_moves.push_back(move);
    return s;
}

// The endgame database the search takes its leaves from: the one in --db (built
// further if --db-stones asks for more), or one built in memory.
std::unique_ptr<solve::EndgameDatabase> endgame_database(const SolveArgs& args, const Rules& rules, int stones,
                                                         bool quiet) {
    auto db = args.db_dir.empty() ? std::make_unique<solve::EndgameDatabase>(rules)
                                  : std::make_unique<solve::EndgameDatabase>(rules, args.db_dir);
    db->load_into_memory();  // huge pages for the search's random probes
    int want = args.db_stones;
    if (want < 0) {
        // The most tiers within the budget, but none the game cannot reach.
        want = 0;
        // At most half the stones: smaller games prove quickly without a big database.
        while (want < stones / 2 && want < solve::EndgameDatabase::kMaxStones &&
               db->positions_up_to(want + 1) <= args.db_budget)
            ++want;
        if (!args.db_dir.empty()) want = std::max(want, db->max_stones());
    }
    if (want > db->max_stones()) {
        DbProgress progress(stderr, !quiet, is_terminal(stderr));
        db->build(want, args.threads, [&](const solve::BuildProgress& p) { progress.update(p); });
        progress.finish();
    }
    return db;
}

Solution by_search(const SolveArgs& args, const Rules& rules, const Position& start, bool quiet) {
    const int stones = start.row_stones(Side::South) + start.row_stones(Side::North);
    const auto db = endgame_database(args, rules, stones, quiet);
    // --db-stones caps what a bigger database on disk offers, so that runs compare.
    const int db_stones = args.db_stones < 0 ? db->max_stones() : std::min(args.db_stones, db->max_stones());
    if (!quiet) fmt::print(stderr, "endgame database: up to {} stones in the pits\n", db_stones);
    const std::size_t hash_mb = args.hash_mb ? args.hash_mb : (start.total_stones() >= 40 ? 2048 : 256);
    search::EngineSettings settings{search::Heuristic::StoreDiff, hash_mb, args.threads};
    settings.endgame = db.get();
    settings.endgame_stones = db_stones;
    search::Engine engine(settings);
    search::SearchLimits limits;
    limits.prove = true;
    limits.prove_warmup_depth = args.warmup_depth;
    const int base = start.store_difference(start.to_move());
    limits.on_proof_pass = [&](int lower, int upper, std::uint64_t nodes, double seconds) {
        if (quiet) return;
        auto bound = [&](int points) {
            return std::abs(points) >= 1'000'000 ? std::string("?")  // no bound yet (infinite)
                                                 : fmt::format("{:+}", base + points / search::kPointsPerStone);
        };
        fmt::print(stderr, "proof: value in [{}, {}] after {} nodes, {:.1f} s\n", bound(lower), bound(upper), nodes,
                   seconds);
    };
    const auto report = engine.search(rules, start, limits, false, [&](const search::SearchReport& r) {
        if (!quiet && r.depth < search::kProveDepth)
            fmt::print(stderr, "\rwarm-up depth {:>3}: {:>12} nodes, {:.1f} s, {}\x1b[K", r.depth, r.nodes,
                       r.seconds, search::format_score(r.score, r.proven));
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
        bool small = stones <= solve::EndgameDatabase::kMaxStones;
        if (small) {
            try {
                small = solve::EndgameDatabase(rules).positions_up_to(stones) <= args.max_positions;
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
    cmd->add_option("--hash", args->hash_mb,
                    "transposition table MiB for the search (default: 2048 for games of 40 stones or more, 256 "
                    "below)")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--max-positions", args->max_positions,
                    "auto picks retrograde analysis while all the tiers hold at most this many positions")
        ->capture_default_str();
    cmd->add_option("--db", args->db_dir,
                    "search: take exact endgame values from the databases under this folder, building missing "
                    "tiers there (default: build them in memory)");
    cmd->add_option("--db-stones", args->db_stones,
                    "search: endgame database tiers up to this many stones in the pits (default: as many as "
                    "--db-budget allows)")
        ->check(CLI::Range(0, solve::EndgameDatabase::kMaxStones));
    cmd->add_option("--db-budget", args->db_budget, "search: positions (a byte each) of the default database")
        ->capture_default_str();
    cmd->add_option("--warmup-depth", args->warmup_depth,
                    "search: plies of iterative deepening (move ordering, first guess) before the proof")
        ->capture_default_str()
        ->check(CLI::Range(0, search::kMaxDepth - 1));
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->footer("Example:\n  mancala solve --rules kalah --pits 4 --seeds 3");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
