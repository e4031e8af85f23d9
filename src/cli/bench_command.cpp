#include "cli/commands.hpp"
#include "cli/option_checks.hpp"

#include "core/notation.hpp"
#include "search/bench.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/endgame_db.hpp"

#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

namespace mancala::cli {

namespace {

struct BenchArgs {
    std::size_t hash_mb = 64;
    int start_depth = 24;
    std::string heuristic = "store-diff";  ///< at the leaves: the signature's, or another's node rate
    int db_stones = 0;               ///< instead time building a 6-pit endgame database in memory up to this tier
    std::string db_rules = "kalah";  ///< of this game: kalah, or one whose positions repeat (oware, awari, ...)
    int db_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
};

// Endgame database build throughput: every tier of `game` with 6 pits up to `stones`,
// in memory, on `threads` threads.
void bench_db_build(const std::string& game, int stones, int threads) {
    const Rules rules = make_rules(game, 6, 4);
    const auto begin = std::chrono::steady_clock::now();
    std::uint64_t positions = 0;
    std::string passes;
    if (solve::cyclic_database_rules(rules)) {
        solve::CyclicDatabase db(rules);
        db.build(stones, threads);
        positions = db.positions_up_to(stones);
        double evaluated = 0;
        for (const auto& [tier, stats] : db.built_tiers())
            evaluated += stats.passes() * static_cast<double>(stats.positions);
        passes = fmt::format(", {:.2f} passes a position", evaluated / static_cast<double>(positions));
    } else {
        solve::EndgameDatabase db(rules);
        db.build(stones, threads);
        positions = db.positions_up_to(stones);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    fmt::print(
        "{} 6-pit endgame database, tiers 0..{}, {} threads: {} positions in {:.2f} s, {:.1f} million "
        "positions/s{}\n",
        game, stones, threads, positions, seconds, static_cast<double>(positions) / seconds / 1e6, passes);
}

void run(const BenchArgs& args) {
    if (args.db_stones > 0) {
        bench_db_build(args.db_rules, args.db_stones, args.db_threads);
        return;
    }
    const search::Heuristic heuristic = search::heuristic_by_name(args.heuristic);
    const bool signature = heuristic == search::Heuristic::StoreDiff;
    // One section a family: its positions, its signature (total nodes) and its rate.
    auto section = [&](const std::vector<search::BenchPosition>& positions, const char* signature_label,
                       const char* rate_label) {
        fmt::print("{:<28} {:>5} {:>12} {:>9} {:>12}  {}\n", "position", "depth", "nodes", "ms", "nodes/s",
                   "score");
        std::uint64_t total_nodes = 0;
        double total_seconds = 0;
        search::run_bench(
            positions, args.hash_mb,
            [&](const search::BenchLine& line) {
                const auto& r = line.report;
                total_nodes += r.nodes;
                total_seconds += r.seconds;
                fmt::print("{:<28} {:>5} {:>12} {:>9.1f} {:>12}  {}\n", line.position.name, r.depth, r.nodes,
                           r.seconds * 1000, r.nodes_per_second(), search::format_score(r.score, r.proven));
            },
            heuristic);
        if (signature)
            fmt::print("\n{}: {}\n", signature_label, total_nodes);
        else
            fmt::print("\ntotal nodes with heuristic {}: {}\n", args.heuristic, total_nodes);
        fmt::print("{}: {}\n", rate_label,
                   static_cast<std::uint64_t>(static_cast<double>(total_nodes) / total_seconds));
    };
    // The Kalah family, on the packed boards: the signature of the search since it began.
    section(search::bench_positions(), "total nodes (signature)", "nodes/s");
    // The Oware family, on the cyclic board.
    fmt::print("\n");
    section(search::oware_bench_positions(), "oware family signature", "oware family nodes/s");

    if (args.start_depth > 0) {
        // The headline: time to complete depth N on standard Kalah(6,4) from the start, one thread.
        const Rules rules = make_rules("kalah", 6, 4);
        search::Engine engine({heuristic, args.hash_mb, 1});
        search::SearchLimits limits;
        limits.depth = args.start_depth;
        const auto r = engine.search(rules, Position::start(rules), limits);
        fmt::print("kalah(6,4) start to depth {}: {:.3f} s, {} nodes, {} nodes/s, score {}\n", r.depth, r.seconds,
                   r.nodes, r.nodes_per_second(), search::format_score(r.score, r.proven));
    }
}

}  // namespace

void add_bench_command(CLI::App& app) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App* cmd = app.add_subcommand(
        "bench",
        "Search fixed sets of positions to fixed depths (one thread), the Kalah family and the Oware family: "
        "node signatures and speed");
    cmd->add_option("--hash", args->hash_mb, "transposition table size in MiB")
        ->capture_default_str()
        ->check(whole_number(1, 65536));
    cmd->add_option("--start-depth", args->start_depth,
                    "also time Kalah(6,4) from the start to this depth (0: skip)")
        ->capture_default_str()
        ->check(whole_number(0, search::kMaxDepth));
    cmd->add_option("--heuristic", args->heuristic,
                    "the evaluation at the leaves; the node signature is store-diff's, another gives its node rate "
                    "(e.g. fitted, learned)")
        ->capture_default_str()
        ->check([](const std::string& name) {
            try {
                search::heuristic_by_name(name);
                return std::string();
            } catch (const std::invalid_argument& e) {
                return std::string(e.what());
            }
        });
    cmd->add_option("--db-stones", args->db_stones,
                    "instead: time building a 6-pit endgame database in memory up to this many stones")
        ->check(whole_number(1, 24));
    cmd->add_option("--db-rules", args->db_rules,
                    "the game of --db-stones: kalah, or oware, awari, bohnenspiel (positions that repeat)")
        ->capture_default_str()
        ->check(CLI::IsMember({"kalah", "oware", "awari", "bohnenspiel"}));
    cmd->add_option("--db-threads", args->db_threads, "threads for --db-stones")
        ->capture_default_str()
        ->check(whole_number(1, 256));
    cmd->footer(
        "Examples:\n  mancala bench\n  mancala bench --heuristic learned\n  mancala bench --db-stones 16\n  "
        "mancala bench --db-stones 14 --db-rules "
        "oware");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
