// `mancala perft`: the leaf positions D plies deep, the classic check of move
// generation (as in Stockfish), for any game; --divide gives the count under each
// first move. Repetition is ignored, as chess perft ignores it.

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"

#include "core/notation.hpp"
#include "core/perft.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <memory>

namespace mancala::cli {

namespace {

struct PerftArgs {
    RulesOptions game;
    int depth = 1;
    bool divide = false;
    bool json = false;
};

void run(const PerftArgs& args) {
    const Rules rules = args.game.parsed_rules();
    const Position start = args.game.start(rules);
    const auto begin = std::chrono::steady_clock::now();
    nlohmann::json divided = nlohmann::json::object();
    std::uint64_t nodes = 0;
    if (args.divide) {
        for (const int move : start.legal_moves(rules)) {
            Position child = start;
            const MoveResult r = child.apply(rules, move);
            const std::uint64_t count =
                args.depth == 1 ? 1 : (r.game_over ? 0 : perft(rules, child, args.depth - 1));
            divided[pit_name(rules, start.to_move(), move)] = count;
            nodes += count;
            if (!args.json) fmt::print("{}: {}\n", pit_name(rules, start.to_move(), move), count);
        }
    } else {
        nodes = perft(rules, start, args.depth);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (args.json) {
        nlohmann::json out{{"nodes", nodes},     {"depth", args.depth},  {"rules", rules_string(rules)},
                           {"pits", rules.pits}, {"seeds", rules.seeds}, {"position", to_notation(start, rules)},
                           {"seconds", seconds}};
        if (args.divide) out["divide"] = divided;
        fmt::print("{}\n", out.dump());
        return;
    }
    if (args.divide) fmt::print("\n");
    fmt::print("nodes {}  (depth {}, {} in {:.3f} s)\n", nodes, args.depth, describe(rules), seconds);
}

}  // namespace

void add_perft_command(CLI::App& app) {
    auto args = std::make_shared<PerftArgs>();
    CLI::App* cmd = app.add_subcommand(
        "perft", "Count the positions D plies deep (a move-generation check; repetition ignored)");
    args->game.add_to(*cmd);
    cmd->add_option("--depth", args->depth, "plies (a move earning an extra turn is a ply)")
        ->capture_default_str()
        ->check(whole_number(0, 64));
    cmd->add_flag("--divide", args->divide, "the count under each first move too");
    cmd->add_flag("--json", args->json, "print {\"nodes\": N, ...} as one JSON object");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
