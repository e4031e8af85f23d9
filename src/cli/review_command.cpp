#include "cli/agent_host_options.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"

#include "agents/agent_options.hpp"
#include "agents/endgame_link.hpp"
#include "arena/games_csv.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "review/game_review.hpp"
#include "review/review_json.hpp"
#include "search/endgame_source.hpp"
#include "util/progress_line.hpp"
#include "util/read_file.hpp"
#include "util/terminal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

namespace mancala::cli {

namespace {

struct ReviewArgs {
    RulesOptions game;
    AgentHostOptions host;
    std::string moves;
    std::string games_csv;
    int game_number = -1;
    std::string time = "1s";
    int depth = 12;
    std::size_t hash_mb = 64;
    int db_size = agents::kDefaultOwnDatabaseMiB;
    bool json = false;
    bool quiet = false;
};

/// The game to review: --moves on the rules and position given, or a game of games.csv.
review::GameMoves game_to_review(const ReviewArgs& args) {
    if (!args.games_csv.empty()) {
        if (args.game_number < 0) throw UsageError("--games-csv needs --game N: the game number of its row");
        const arena::GamesCsvRow row =
            arena::read_games_csv_row(read_small_file(args.games_csv, std::size_t{256} << 20), args.game_number);
        const Position opening = parse_position(row.opening_position);
        // Seeds only set a start position; the opening is given, so take its average.
        const int seeds = std::max(1, opening.total_stones() / (2 * opening.pits()));
        const Rules rules = parse_rules(row.rules, opening.pits(), seeds);
        return review::parse_game_moves(rules, opening, row.moves);
    }
    const Rules rules = args.game.parsed_rules();
    return review::parse_game_moves(rules, args.game.start(rules), args.moves);
}

std::string value_text(double stones, bool exact) {
    if (exact) return fmt::format("{:+.0f}", stones);
    return fmt::format("~{:+.1f}", stones);
}

void print_review(const review::GameReview& r, const review::ReviewSettings& settings) {
    const Rules& rules = r.game.rules;
    int exact = 0;
    for (const auto& p : r.positions) exact += p.exact ? 1 : 0;
    fmt::print("Review of {}, {} pits, from {}: {} moves; {} of {} positions exact", rules_string(rules),
               rules.pits, to_notation(r.game.start), r.moves.size(), exact, r.positions.size());
    if (exact < static_cast<int>(r.positions.size()))
        fmt::print(", the others estimated at depth {} (~)", settings.estimate_depth);
    fmt::print("\n");
    fmt::print("Values are the mover's final margin in stones with best play; loss = best - played.\n\n");
    fmt::print("{:>4}  {:<5}  {:<4}  {:>7}  {:<4}  {:>7}  {:>5}  {}\n", "ply", "side", "move", "played", "best",
               "value", "loss", "grade");
    for (const auto& m : r.moves)
        fmt::print("{:>4}  {:<5}  {:<4}  {:>7}  {:<4}  {:>7}  {:>5}  {}{}\n", m.ply + 1, to_string(m.side),
                   pit_name(rules, m.side, m.move), value_text(m.played, m.exact),
                   m.best_move >= 0 ? pit_name(rules, m.side, m.best_move) : "-", value_text(m.best, m.exact),
                   m.exact ? fmt::format("{:.0f}", m.loss) : fmt::format("{:.1f}", m.loss), to_string(m.grade),
                   m.forced ? " (forced)" : "");
    fmt::print("\n");
    for (Side side : {Side::South, Side::North}) {
        const review::SideSummary& s = r.summary(side);
        std::vector<std::string> counts;
        for (review::Grade g : review::kGrades)
            counts.push_back(fmt::format("{} {}", s.grades[static_cast<std::size_t>(g)], to_string(g)));
        fmt::print("{:<5}  {}; average loss {:.2f} stones a move\n", to_string(side), fmt::join(counts, ", "),
                   s.average_loss());
    }
    const review::PositionValue& last = r.positions.back();
    fmt::print("final margin (south) {}; {} nodes in {:.2f} s\n", value_text(last.south, last.exact), r.nodes,
               r.seconds);
}

void run(const ReviewArgs& args) {
    if (args.moves.empty() == args.games_csv.empty())
        throw UsageError(
            "give the game: --moves \"B2 A5 ...\" (with --rules, --pits, --seeds or --position), or "
            "--games-csv FILE --game N");
    const review::GameMoves game = game_to_review(args);

    review::ReviewSettings settings;
    const auto proof_time =
        args.time == "0" ? std::optional(std::chrono::milliseconds{0}) : agents::parse_duration(args.time);
    if (!proof_time) throw UsageError(fmt::format("--time {}: not a duration such as 500ms or 2s", args.time));
    settings.proof_time = *proof_time;
    settings.estimate_depth = args.depth;
    settings.hash_mb = args.hash_mb;
    const agents::AgentContext context = args.host.context();
    ProgressLine line(stderr, is_terminal(stderr), std::chrono::milliseconds(250));
    // Exact values from the folder, else from a database built here first: more positions
    // proven, and sooner (docs/CLI.md, "mancala review").
    if (!args.quiet && context.endgame_dir.empty() && args.db_size > 0)
        line.show("review: building an endgame database in memory");
    const std::shared_ptr<const search::EndgameOracle> oracle =
        agents::host_database(context, game.rules, args.db_size);
    settings.endgame = oracle.get();

    auto progress = [&](const review::ReviewProgress& p) {
        if (args.quiet) return;
        line.update([&] {
            return fmt::format("review: {}/{} positions valued ({} exact), from the end", p.done, p.total, p.exact);
        });
    };
    const review::GameReview result = review::review_game(game, settings, progress);
    if (!args.quiet && line.terminal()) line.show("");
    if (args.json)
        fmt::print("{}\n", review::to_json(result, settings).dump(2));
    else
        print_review(result, settings);
}

}  // namespace

void add_review_command(CLI::App& app) {
    auto args = std::make_shared<ReviewArgs>();
    CLI::App* cmd = app.add_subcommand("review", "Grade every move of a game against perfect play");
    args->game.add_to(*cmd);
    args->host.add_to(*cmd);
    cmd->add_option("--moves", args->moves,
                    "the game's moves from the start (or --position): pit names or numbers, e.g. \"B5 B2 A7\"");
    cmd->add_option("--games-csv", args->games_csv, "an arena games.csv holding the game (with --game)");
    cmd->add_option("--game", args->game_number, "the game number of the row of --games-csv")
        ->check(whole_number(0));
    cmd->add_option(
           "--time", args->time,
           "the proof search's budget for each position; past it the position is estimated (0: estimate all)")
        ->capture_default_str();
    cmd->add_option("--depth", args->depth, "plies of the search that estimates what no proof settles")
        ->capture_default_str()
        ->check(whole_number(1, 40));
    cmd->add_option("--hash", args->hash_mb, "the proof search's transposition table in MiB")
        ->capture_default_str()
        ->check(whole_number(1, 65536));
    cmd->add_option("--db-size", args->db_size,
                    "without --db, first build an endgame database of at most this many MiB in memory (Kalah(6,4): "
                    "17 stones, about a second); 0: none")
        ->capture_default_str()
        ->check(whole_number(0, 65536));
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->add_flag("--quiet", args->quiet, "no progress line on stderr");
    cmd->footer(
        "Grades (stones lost against the best move): best 0, good up to 1, inaccuracy up to 2, mistake up to 4, "
        "blunder more.\n"
        "Examples:\n"
        "  mancala review --rules kalah --pits 4 --seeds 3 --moves \"B2 A4 A5 B5 A3\"\n"
        "  mancala review --games-csv out/games.csv --game 3 --db dbs --json");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
