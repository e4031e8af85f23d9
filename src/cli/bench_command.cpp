#include "cli/commands.hpp"

#include "core/notation.hpp"
#include "search/bench.hpp"

#include <fmt/format.h>

#include <memory>

namespace mancala::cli {

namespace {

struct BenchArgs {
    std::size_t hash_mb = 64;
    int start_depth = 24;
};

void run(const BenchArgs& args) {
    fmt::print("{:<28} {:>5} {:>12} {:>9} {:>12}  {}\n", "position", "depth", "nodes", "ms", "nodes/s", "score");
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    search::run_bench(search::bench_positions(), args.hash_mb, [&](const search::BenchLine& line) {
        const auto& r = line.report;
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        fmt::print("{:<28} {:>5} {:>12} {:>9.1f} {:>12}  {}\n", line.position.name, r.depth, r.nodes,
                   r.seconds * 1000, r.nodes_per_second(), search::format_score(r.score, r.proven));
    });
    fmt::print("\ntotal nodes (signature): {}\n", total_nodes);
    fmt::print("nodes/s: {}\n", static_cast<std::uint64_t>(static_cast<double>(total_nodes) / total_seconds));

    if (args.start_depth > 0) {
        // The headline: time to complete depth N on standard Kalah(6,4) from the start, one thread.
        const Rules rules = make_rules("kalah", 6, 4);
        search::Engine engine({search::Heuristic::StoreDiff, args.hash_mb, 1});
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
        "bench", "Search a fixed set of positions to fixed depths (one thread): node signature and speed");
    cmd->add_option("--hash", args->hash_mb, "transposition table size in MiB")
        ->capture_default_str()
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--start-depth", args->start_depth,
                    "also time Kalah(6,4) from the start to this depth (0: skip)")
        ->capture_default_str()
        ->check(CLI::Range(0, search::kMaxDepth));
    cmd->footer("Example:\n  mancala bench");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
