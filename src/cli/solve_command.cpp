#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"
#include "cli/stop_on_signals.hpp"

#include "cli/db_progress.hpp"
#include "cluster/communicator.hpp"
#include "cluster/distributed_proof.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "search/engine.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/cyclic_start_solver.hpp"
#include "solve/endgame_db.hpp"
#include "solve/game_solver.hpp"
#include "solve/solve_plan.hpp"
#include "util/memory_usage.hpp"
#include "util/progress_line.hpp"
#include "util/terminal.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <utility>

namespace mancala::cli {

namespace {

struct SolveArgs {
    RulesOptions game;
    std::string method = "auto";
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::size_t hash_mb = 0;  ///< 0: sized to the game (solve::solve_hash_mb)
    std::uint64_t max_positions = solve::SolveOptions{}.max_positions;
    std::optional<double> search_first;                         ///< --search-first: auto's search, seconds
    std::string db_dir;                                         ///< empty: build the database in memory
    int db_stones = -1;                                         ///< -1: as many as --db-budget allows
    std::uint64_t db_budget = solve::SolveOptions{}.db_budget;  ///< positions (a byte each) of the default database
    int warmup_depth = search::kProveWarmupDepth;               ///< plies of iterative deepening before the proof
    std::optional<int> at_least;                                ///< --at-least: the first player's margin
    std::optional<int> at_most;                                 ///< --at-most
    std::optional<int> split_plies;                             ///< --split: pieces this many plies from the root
    std::optional<double> piece_seconds;                        ///< --piece-seconds: a longer piece is split
    std::string journal;                                        ///< --journal: the pieces' answers, kept
    std::string table;                                          ///< --table: the transposition table, kept
    std::uint64_t max_memory_mb = 0;                            ///< games whose positions repeat; 0: 3/4 of RAM
    double table_minutes = 30;                                  ///< --table-minutes: how often it is saved
    bool json = false;
};

// A proof's progress on stderr. On a terminal the warm-up depths rewrite one line,
// and a pass under way rewrites the next, which its result then replaces; in a
// log every line stands, and a pass under way shows once a minute.
class ProofProgress : public search::SearchObserver {
public:
    /// `pieces`: the searches are a split proof's pieces, whose warm-ups and bounds (the
    /// mover's, where the pieces ask the first player's) PieceProgress tells instead.
    ProofProgress(bool quiet, bool pieces) : line_(stderr, is_terminal(stderr)), quiet_(quiet), pieces_(pieces) {}

    void on_iteration(const search::SearchReport& r) override {
        if (!pieces_ && r.depth < search::kProveDepth)
            show(fmt::format("warm-up depth {:>3}: {:>12} nodes, {:.1f} s, {}", r.depth, r.nodes, r.seconds,
                             search::format_score(r.score, r.proven)),
                 Shown::WarmUp);
    }
    void on_proof_test(const search::ProofTest& t) override {
        // Which first move the proof is on tells a long run's story: the first that
        // holds ends it, and each that fails had to be refuted in full.
        const std::string on_move =
            t.root_move.empty() ? std::string()
                                : fmt::format(", on {} ({} of {})", t.root_move, t.root_index, t.root_moves);
        if (pieces_) {
            show(fmt::format("piece under way: {} nodes, {:.0f} s{}", t.nodes, t.seconds, on_move), Shown::Pass);
            return;
        }
        show(fmt::format("proof: is the value at least {:+}? {} nodes, {:.0f} s{}", t.at_least, t.nodes, t.seconds,
                         on_move),
             Shown::Pass);
    }
    void on_proof_bounds(const search::ProofBounds& b) override {
        if (pieces_) return;
        auto bound = [](std::optional<int> stones) { return stones ? fmt::format("{:+}", *stones) : "?"; };
        show(fmt::format("proof: value in [{}, {}] after {} nodes, {:.1f} s", bound(b.lower), bound(b.upper),
                         b.nodes, b.seconds),
             Shown::Pass);
        finish();  // a result stands
    }
    std::chrono::milliseconds progress_interval() const override {
        return std::chrono::seconds(line_.terminal() ? 1 : 60);
    }
    void finish() {
        line_.keep();
        shown_ = Shown::Nothing;
    }

private:
    enum class Shown { Nothing, WarmUp, Pass };  // the kind of line a terminal may rewrite
    void show(const std::string& text, Shown kind) {
        if (quiet_) return;
        if (shown_ != kind) line_.keep();  // the other kind's line stands
        line_.show(text);
        shown_ = kind;
    }

    ProgressLine line_;
    bool quiet_;
    bool pieces_;
    Shown shown_ = Shown::Nothing;
};

std::string signed_stones(int v) { return fmt::format("{:+}", v); }

// A split proof's piece on stderr, one line each: the line of moves that leads to it
// and its answer, in the first player's terms as every piece asks.
class PieceProgress {
public:
    /// `root`: what the root is called ("the start", or "the position" given).
    PieceProgress(const Rules& rules, const Position& start, std::string root, int first_at_least, bool quiet)
        : rules_(rules), start_(start), root_(std::move(root)), first_at_least_(first_at_least), quiet_(quiet) {}

    void operator()(const solve::PieceReport& p) const {
        using solve::PieceStage;
        if (quiet_ || (p.stage == PieceStage::FromJournal && !p.line.empty())) return;
        std::vector<std::string> names;
        Position at = start_;
        for (const int move : p.line) {
            names.push_back(pit_name(rules_, at.to_move(), move));
            at.apply(rules_, move);
        }
        const std::string where = names.empty() ? root_ : fmt::format("after {}", fmt::join(names, " "));
        std::string answer;
        switch (p.stage) {
            case PieceStage::Started:
                answer = fmt::format("searching ({})", to_notation(p.position));
                break;
            case PieceStage::Answered:
                answer = fmt::format("{} ({} nodes, {:.1f} s)", p.holds ? "yes" : "no", p.nodes, p.seconds);
                break;
            case PieceStage::Abandoned:
                answer = fmt::format("unanswered in {:.0f} s ({} nodes): split", p.seconds, p.nodes);
                break;
            case PieceStage::FromJournal:
                answer = fmt::format("{} (from the journal)", p.holds ? "yes" : "no");
                break;
        }
        fmt::print(stderr, "piece {}: first player at least {}? {}\n", where, signed_stones(first_at_least_),
                   answer);
    }

private:
    Rules rules_;
    Position start_;
    std::string root_;
    int first_at_least_;
    bool quiet_;
};

// A refusal of the solver's in the words of this command's flags.
std::string in_flags(const solve::SolveRefused& refused, const SolveArgs& args) {
    switch (refused.reason()) {
        case solve::Refusal::SearchFirstNoRace:
            return "--search-first times auto's search; --method " + args.method + " has no race";
        case solve::Refusal::SplitNoBound:
            return "--split, --piece-seconds and --journal need --at-least or --at-most";
        case solve::Refusal::SplitRetrograde:
            return "--split, --piece-seconds and --journal split a search; --method retrograde has none";
        case solve::Refusal::TableRetrograde:
            return "--table keeps a search's table; --method retrograde has none";
        default:
            return refused.what();
    }
}

// A game whose positions repeat (Oware, Awari, Bohnenspiel) is solved by its database:
// every tier up to the start's seeds, then the start's value read from it (docs/SOLVING.md,
// "Databases for games with cycles"). A majority rule is left out of the tiers: the
// winner is the same with it, the margin that of every seed played out.
void solve_by_cyclic_database(const SolveArgs& args, const Rules& rules, const Position& start) {
    if (args.method == "search")
        throw UsageError(
            fmt::format("{} is solved by its database (--method retrograde or auto): a search "
                        "proves no value where positions repeat",
                        rules_string(rules)));
    if (args.at_least || args.at_most || args.split_plies || args.piece_seconds || !args.journal.empty() ||
        !args.table.empty() || args.db_stones >= 0)
        throw UsageError(fmt::format(
            "--at-least, --at-most, --split, --piece-seconds, --journal, --table and --db-stones are for "
            "Kalah-shaped games; {} is solved by its database",
            rules_string(rules)));
    if (cluster::Communicator::world().distributed())
        throw UsageError(fmt::format("{} is solved in one process (use --threads)", rules_string(rules)));
    std::optional<solve::CyclicDatabase> db;
    if (args.db_dir.empty())
        db.emplace(rules);
    else
        db.emplace(rules, args.db_dir);
    const int seeds = start.stones_in_pits();
    const auto begin = std::chrono::steady_clock::now();
    DbProgress progress(stderr, !args.json, is_terminal(stderr));
    const solve::CyclicSolution solution = solve::solve_by_cyclic_database(
        rules, *db, start, args.threads,
        args.max_memory_mb > 0 ? args.max_memory_mb : solve::default_build_memory_mb(),
        [&](const solve::BuildProgress& p) { progress.update(p); });
    progress.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    // The first player's (South's) final margin, and the moves that keep it.
    const Side me = start.to_move();
    const int first_player = me == Side::South ? solution.margin : -solution.margin;
    std::vector<std::string> moves;
    for (const int m : solution.best_moves) moves.push_back(pit_name(rules, me, m));
    if (args.json) {
        fmt::print("{}\n", nlohmann::json{{"rules", rules_string(rules)},
                                          {"pits", rules.pits},
                                          {"seeds", rules.seeds},
                                          {"value", first_player},
                                          {"best_moves", moves},
                                          {"seconds", seconds},
                                          {"nodes", solution.built},
                                          {"positions", db->positions_up_to(seeds)},
                                          {"method", "database"},
                                          {"majority_left_out", rules.majority},
                                          {"peak_rss_mb", peak_rss_mb()}}
                               .dump());
        return;
    }
    const std::string verdict = first_player > 0   ? fmt::format("first player wins by {}", first_player)
                                : first_player < 0 ? fmt::format("first player loses by {}", -first_player)
                                                   : std::string("draw");
    fmt::print("{}({},{}): {}{}\n", rules_string(rules), rules.pits, rules.seeds, verdict,
               rules.majority ? " (the winner with its majority rule; the margin with every seed played out)" : "");
    if (!moves.empty()) fmt::print("best first move{}: {}\n", moves.size() > 1 ? "s" : "", fmt::join(moves, " "));
    fmt::print("database: tiers 0..{}, {} positions built in {:.2f} s, peak memory {:.0f} MiB\n", seeds,
               solution.built, seconds, peak_rss_mb());
}

void run(const SolveArgs& args) {
    const Rules rules = args.game.parsed_rules();
    const Position start = args.game.start(rules);
    if (solve::cyclic_database_rules(rules)) return solve_by_cyclic_database(args, rules, start);
    const bool from_position = !args.game.position.empty();  // a piece of a longer proof, maybe
    solve::SolveRequest request;
    request.rules = rules;
    request.start = start;
    solve::SolveOptions& asked = request.options;
    asked.method = solve::solve_method_by_name(args.method).value();  // CLI11 checked the name
    asked.threads = args.threads;
    asked.hash_mb = args.hash_mb;
    asked.max_positions = args.max_positions;
    if (args.search_first) asked.search_first_for = std::chrono::duration<double>(*args.search_first);
    asked.db_dir = args.db_dir;
    asked.db_stones = args.db_stones;
    asked.db_budget = args.db_budget;
    asked.warmup_depth = args.warmup_depth;
    // Values are the first player's (South's) margin: the plan asks them of the mover.
    const bool asking = args.at_least || args.at_most;
    if (args.at_least) request.bound = solve::BoundQuestion{true, *args.at_least};
    if (args.at_most) request.bound = solve::BoundQuestion{false, *args.at_most};
    if (args.split_plies || args.piece_seconds || !args.journal.empty()) {
        asked.split = solve::SplitOptions{};
        asked.split->split_plies = args.split_plies.value_or(0);
        asked.split->piece_seconds = args.piece_seconds;
        asked.journal = args.journal;
    }
    if (!args.table.empty()) {
        asked.table_file = args.table;
        asked.table_every = std::chrono::milliseconds(std::llround(args.table_minutes * 60'000));
    }
    solve::SolvePlan plan;
    try {
        plan = solve::plan_solve(request);
    } catch (const solve::SolveRefused& refused) {
        throw UsageError(in_flags(refused, args));
    }
    solve::SolveOptions& options = plan.options;

    // Under mpirun every process runs this and shares the work; the leader alone speaks.
    const auto& world = cluster::Communicator::world();
    if (options.split && world.distributed())
        throw UsageError("--split, --piece-seconds and --journal run in one process, not under mpirun");
    if (!args.table.empty() && world.distributed())
        throw UsageError("--table runs in one process, not under mpirun");
    // With a table file, Ctrl-C stops the proof and saves the table (and the journal
    // holds every piece answered): the same command resumes. Without one it ends the
    // process at once, as before (the journal is written piece by piece anyway).
    std::optional<StopOnSignals> stop_on_signals;
    if (!args.table.empty()) {
        stop_on_signals.emplace("\nsolve: interrupted; saving the table (press Ctrl-C again to quit at once)\n");
        options.stop = stop_on_signals->flag();
    }
    const bool quiet = args.json || !world.leader();
    DbProgress build_progress(stderr, !quiet, is_terminal(stderr));
    ProofProgress proof_progress(quiet, options.split.has_value());
    solve::SolveHooks hooks;
    hooks.on_build = [&](const solve::BuildProgress& p) { build_progress.update(p); };
    hooks.on_database = [&](int stones) {
        build_progress.finish();
        if (!quiet) fmt::print(stderr, "endgame database: up to {} stones in the pits\n", stones);
    };
    hooks.observer = &proof_progress;
    hooks.on_table = [&](const std::string& line) {
        if (!quiet) fmt::print(stderr, "{}\n", line);
    };
    hooks.on_search_first = [&](double seconds) {
        if (!quiet)
            fmt::print(stderr,
                       "auto: searching for up to {:.3f} s, as long as retrograde analysis is expected to take\n",
                       seconds);
    };
    hooks.on_race_lost = [&](const solve::RaceLost& lost) {
        proof_progress.finish();
        if (!quiet)
            fmt::print(stderr,
                       "auto: the search stopped unproven after {} nodes ({:.3f} s); retrograde analysis "
                       "goes on from its database\n",
                       lost.nodes, lost.seconds);
    };
    if (options.split) {
        hooks.on_piece = [&, progress = PieceProgress(rules, start, from_position ? "the position" : "the start",
                                                      *plan.first_at_least, quiet)](const solve::PieceReport& p) {
            proof_progress.finish();
            progress(p);
        };
    }
    const auto begin = std::chrono::steady_clock::now();
    cluster::ProofTeamReport team;
    solve::Solution s;
    try {
        s = world.distributed() ? cluster::solve_together(world, rules, start, options, hooks, &team)
                                : solve::solve_position(rules, start, options, hooks);
    } catch (const solve::ProofStopped& e) {
        proof_progress.finish();
        throw Interrupted(fmt::format("{}; the table is saved in {}{}: run the same command to resume", e.what(),
                                      args.table,
                                      options.journal.empty() ? "" : " and the answers in the journal"));
    }
    build_progress.finish();
    proof_progress.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (!world.leader()) return;

    // The mover's margin (or bound of it) as the first player's, and the question's answer.
    const solve::SolveAnswer answer = plan.answer(s);
    const int first_player = answer.value;
    const int first_bound = answer.bound;  // +1: at least first_player, -1: at most
    std::vector<std::string> moves;
    for (int m : s.best_moves) moves.push_back(pit_name(rules, start.to_move(), m));
    const std::string method(solve::to_string(s.method));
    // A piece of a long proof names its position: the game's name alone would claim the start.
    const std::string game = from_position ? fmt::format("{} from {}", rules_string(rules), to_notation(start))
                                           : fmt::format("{}({},{})", rules_string(rules), rules.pits, rules.seeds);
    // A bound test: the question as asked, and whether the bound holds.
    const std::optional<bool> holds = answer.holds;
    const std::string question = asking ? fmt::format("{} {}", args.at_least ? "at least" : "at most",
                                                      signed_stones(args.at_least ? *args.at_least : *args.at_most))
                                        : std::string();
    if (args.json) {
        nlohmann::json out = {{"rules", rules_string(rules)},
                              {"pits", rules.pits},
                              {"seeds", rules.seeds},
                              {"best_moves", moves},
                              {"seconds", seconds},
                              {"nodes", s.work},
                              {"method", method},
                              {"peak_rss_mb", peak_rss_mb()}};
        if (s.db_stones >= 0) out["db_stones"] = s.db_stones;
        if (s.race_lost) out["search_first"] = {{"nodes", s.race_lost->nodes}, {"seconds", s.race_lost->seconds}};
        if (world.distributed()) {
            out["processes"] = world.size();
            out["tests"] = team.tests;
            out["cancelled_tests"] = team.cancelled;
            out["busy_seconds"] = team.busy;
        }
        if (first_bound == 0) out["value"] = first_player;
        if (s.split)
            out["pieces"] = {{"searched", s.split->pieces_searched},
                             {"split", s.split->pieces_abandoned},
                             {"from_journal", s.split->pieces_from_journal}};
        if (asking) {
            out["question"] = question;
            out["holds"] = *holds;
            if (first_bound > 0) out["at_least"] = first_player;
            if (first_bound < 0) out["at_most"] = first_player;
        }
        fmt::print("{}\n", out.dump());
        return;
    }
    if (first_bound == 0) {
        const std::string verdict = first_player > 0   ? fmt::format("first player wins by {}", first_player)
                                    : first_player < 0 ? fmt::format("first player loses by {}", -first_player)
                                                       : std::string("draw");
        fmt::print("{}: {}\n", game, verdict);
    }
    if (asking) {
        const std::string proven =
            first_bound > 0   ? fmt::format(" (proven: at least {})", signed_stones(first_player))
            : first_bound < 0 ? fmt::format(" (proven: at most {})", signed_stones(first_player))
                              : std::string();
        fmt::print("{}: the first player's final margin is {}: {}{}\n", game, question, *holds ? "true" : "false",
                   proven);
    }
    if (!moves.empty()) fmt::print("best first move{}: {}\n", moves.size() > 1 ? "s" : "", fmt::join(moves, " "));
    fmt::print("{}: {} {} in {:.2f} s, peak memory {:.0f} MiB{}\n", method, s.work,
               s.method == solve::SolveMethod::Retrograde ? "positions" : "nodes", seconds, peak_rss_mb(),
               world.distributed() ? " (rank 0)" : "");
    if (s.race_lost)
        fmt::print("auto: the search went first and stopped unproven after {} nodes, {:.3f} s\n",
                   s.race_lost->nodes, s.race_lost->seconds);
    if (s.split)
        fmt::print("pieces: {} searched, {} split after running past --piece-seconds, {} from the journal\n",
                   s.split->pieces_searched, s.split->pieces_abandoned, s.split->pieces_from_journal);
    if (world.distributed() && s.method == solve::SolveMethod::Search) {
        std::vector<std::string> busy;
        for (double b : team.busy) busy.push_back(fmt::format("{:.0f}%", 100.0 * b / std::max(team.seconds, 1e-9)));
        fmt::print(
            "{} processes: {} passes, {} bound tests of lines from the root ({} cancelled); busy by rank: {}\n",
            world.size(), team.passes, team.tests, team.cancelled, fmt::join(busy, " "));
    }
}

}  // namespace

void add_solve_command(CLI::App& app) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App* cmd = app.add_subcommand("solve", "Compute the exact game value of a start position");
    args->game.add_to(*cmd);
    cmd->add_option("--method", args->method,
                    "retrograde (every position of every tier), search (the engine to the end), or auto (the "
                    "search for as long as retrograde analysis is expected to take, then the analysis)")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "retrograde", "search"}));
    cmd->add_option("--threads", args->threads, "threads")->capture_default_str()->check(whole_number(1, 256));
    cmd->add_option("--hash", args->hash_mb,
                    "transposition table MiB for the search (default: 4 below 36 stones; below 56, 32 from 6 pits "
                    "and 64 with fewer; 2048 from 56)")
        ->check(whole_number(1, 65536));
    cmd->add_option("--max-positions", args->max_positions,
                    "auto: while all the tiers hold at most this many positions, the search goes first for as "
                    "long as retrograde analysis is expected to take, and the analysis finishes if it has not "
                    "proven the value by then; past it, auto searches")
        ->capture_default_str()
        ->check(whole_number(0));
    cmd->add_option("--search-first", args->search_first,
                    "auto: seconds the search goes first before retrograde analysis takes over (default: as "
                    "long as the analysis is expected to take)")
        ->check(CLI::Range(0.0, 1e9));
    cmd->add_option("--db", args->db_dir,
                    "search: take exact endgame values from the databases under this folder, building missing "
                    "tiers there (default: build them in memory)");
    cmd->add_option("--max-memory", args->max_memory_mb,
                    "games whose positions repeat: refuse a database expected to take more MiB at its peak "
                    "(default: three quarters of the machine's memory)")
        ->check(whole_number(1));
    cmd->add_option("--db-stones", args->db_stones,
                    "search: endgame database tiers up to this many stones in the pits (default: 25 fewer than "
                    "the game's while at most 100 M positions, and at least half of them less 6 (less 4 from 56 "
                    "stones), as far as --db-budget allows)")
        ->check(whole_number(0, solve::EndgameDatabase::kMaxStones));
    cmd->add_option("--db-budget", args->db_budget, "search: positions (a byte each) of the default database")
        ->capture_default_str()
        ->check(whole_number(0));
    cmd->add_option("--warmup-depth", args->warmup_depth,
                    "search: plies of iterative deepening (move ordering, first guess) before the proof")
        ->capture_default_str()
        ->check(whole_number(0, search::kMaxDepth - 1));
    auto* at_least = cmd->add_option("--at-least", args->at_least,
                                     "instead of the value, prove or refute a bound: is the first player's final "
                                     "margin at least V stones? (a piece of a long proof)");
    cmd->add_option("--at-most", args->at_most, "prove or refute: is the first player's final margin at most V?")
        ->excludes(at_least);
    cmd->add_option("--split", args->split_plies,
                    "with a bound: split the proof into pieces this many plies from the start (the first "
                    "player's most promising moves first, every reply of the second player), each proven "
                    "by its own search")
        ->check(whole_number(0, 60));
    cmd->add_option("--piece-seconds", args->piece_seconds,
                    "with a bound: a piece still unanswered after this long is split into its children "
                    "(default: never)")
        ->check(CLI::Range(0.0, 1e9));
    cmd->add_option("--journal", args->journal,
                    "with a bound: record every piece's answer in this file, and take the answers it "
                    "holds, so that a stopped proof resumes where it was");
    cmd->add_option("--table", args->table,
                    "search: keep the transposition table in this file: read it at the start if it exists, save "
                    "it every --table-minutes and at the end; Ctrl-C stops the proof and saves it, so that the "
                    "same command resumes with what the search had learnt");
    cmd->add_option("--table-minutes", args->table_minutes, "with --table: minutes between saves of the table")
        ->capture_default_str()
        ->check(number_between(0.01, 10080));
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->footer(
        "Examples:\n  mancala solve --rules kalah --pits 4 --seeds 3\n"
        "  mancala solve --pits 6 --seeds 6 --at-least 2 --position \"6,6,6,6,6,6/6,6,0,7,7,7/0/1/N\"\n"
        "  mancala solve --pits 6 --seeds 5 --at-least 10 --split 2 --piece-seconds 600 --journal k65.journal\n"
        "  mancala solve --rules homework --pits 6 --seeds 5 --at-least 12 --table h65.table");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
