#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"

#include "cli/db_progress.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "search/engine.hpp"
#include "solve/endgame_db.hpp"
#include "util/memory_usage.hpp"
#include "util/progress_line.hpp"
#include "util/terminal.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <thread>

namespace mancala::cli {

namespace {

// The proof's transposition table. Kalah(6,4) (45 M nodes on one thread) proved
// faster with 256 MiB than with 1-8 GiB: a bigger table only spends time on page
// faults and misses. Bigger games search billions of nodes and need more.
constexpr int kBigGameStones = 56;
constexpr std::size_t kBigGameHashMb = 2048;

struct SolveArgs {
    RulesOptions game;
    std::string method = "auto";
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::size_t hash_mb = 0;  ///< 0: kBigGameHashMb from kBigGameStones stones on, else 256 MiB
    std::uint64_t max_positions = 100'000'000;
    std::string db_dir;                            ///< empty: build the database in memory
    int db_stones = -1;                            ///< -1: as many as --db-budget allows
    std::uint64_t db_budget = 1'500'000'000;       ///< positions (a byte each) of the database built by default
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
        // Half the stones less six, fitted to what was measured: past that the next
        // tier costs more to build than it saves the proof, short of it the proof
        // grows faster (Kalah(6,4): 18 stones 18 s in all, 20 27 s; Kalah(6,5): 22
        // stones 22 min, 24 12 min).
        while (want < stones / 2 - 6 && want < solve::EndgameDatabase::kMaxStones &&
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

// A proof's progress on stderr. On a terminal the warm-up depths rewrite one line,
// and a pass under way rewrites the next, which its result then replaces; in a
// log every line stands, and a pass under way shows once a minute.
class ProofProgress : public search::SearchObserver {
public:
    explicit ProofProgress(bool quiet) : line_(stderr, is_terminal(stderr)), quiet_(quiet) {}

    void on_iteration(const search::SearchReport& r) override {
        if (r.depth < search::kProveDepth)
            show(fmt::format("warm-up depth {:>3}: {:>12} nodes, {:.1f} s, {}", r.depth, r.nodes, r.seconds,
                             search::format_score(r.score, r.proven)),
                 Shown::WarmUp);
    }
    void on_proof_test(const search::ProofTest& t) override {
        show(fmt::format("proof: is the value at least {:+}? {} nodes, {:.0f} s", t.at_least, t.nodes, t.seconds),
             Shown::Pass);
    }
    void on_proof_bounds(const search::ProofBounds& b) override {
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
    Shown shown_ = Shown::Nothing;
};

Solution by_search(const SolveArgs& args, const Rules& rules, const Position& start, bool quiet) {
    const int stones = start.row_stones(Side::South) + start.row_stones(Side::North);
    const auto db = endgame_database(args, rules, stones, quiet);
    // --db-stones caps what a bigger database on disk offers, so that runs compare.
    const int db_stones = args.db_stones < 0 ? db->max_stones() : std::min(args.db_stones, db->max_stones());
    if (!quiet) fmt::print(stderr, "endgame database: up to {} stones in the pits\n", db_stones);
    const std::size_t hash_mb =
        args.hash_mb ? args.hash_mb : (start.total_stones() >= kBigGameStones ? kBigGameHashMb : 256);
    search::EngineSettings settings{search::Heuristic::StoreDiff, hash_mb, args.threads};
    settings.endgame = db.get();
    settings.endgame_stones = db_stones;
    search::Engine engine(settings);
    ProofProgress progress(quiet);
    const auto report = engine.search(rules, start, {}, search::SearchMode::proof(args.warmup_depth), &progress);
    progress.finish();
    if (!report.proven) throw std::runtime_error("the search stopped before proving the value");
    return Solution{"search", static_cast<int>(std::lround(report.stones())), {report.best_move}, report.nodes};
}

void run(const SolveArgs& args) {
    const Rules rules = args.game.parsed_rules();
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
            {"rules", rules_string(rules)}, {"pits", rules.pits}, {"seeds", rules.seeds}, {"value", first_player},
            {"best_moves", moves},          {"seconds", seconds}, {"nodes", s.work},      {"method", s.method},
            {"peak_rss_mb", peak_rss_mb()}};
        fmt::print("{}\n", out.dump());
        return;
    }
    const std::string verdict = first_player > 0   ? fmt::format("first player wins by {}", first_player)
                                : first_player < 0 ? fmt::format("first player loses by {}", -first_player)
                                                   : std::string("draw");
    fmt::print("{}({},{}): {}\n", rules_string(rules), rules.pits, rules.seeds, verdict);
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
    cmd->add_option("--threads", args->threads, "threads")->capture_default_str()->check(whole_number(1, 256));
    cmd->add_option("--hash", args->hash_mb,
                    fmt::format("transposition table MiB for the search (default: {} for games of {} stones or "
                                "more, 256 below)",
                                kBigGameHashMb, kBigGameStones))
        ->check(whole_number(1, 65536));
    cmd->add_option("--max-positions", args->max_positions,
                    "auto picks retrograde analysis while all the tiers hold at most this many positions")
        ->capture_default_str()
        ->check(whole_number(0));
    cmd->add_option("--db", args->db_dir,
                    "search: take exact endgame values from the databases under this folder, building missing "
                    "tiers there (default: build them in memory)");
    cmd->add_option("--db-stones", args->db_stones,
                    "search: endgame database tiers up to this many stones in the pits (default: half the "
                    "stones less 6, as far as --db-budget allows)")
        ->check(whole_number(0, solve::EndgameDatabase::kMaxStones));
    cmd->add_option("--db-budget", args->db_budget, "search: positions (a byte each) of the default database")
        ->capture_default_str()
        ->check(whole_number(0));
    cmd->add_option("--warmup-depth", args->warmup_depth,
                    "search: plies of iterative deepening (move ordering, first guess) before the proof")
        ->capture_default_str()
        ->check(whole_number(0, search::kMaxDepth - 1));
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->footer("Example:\n  mancala solve --rules kalah --pits 4 --seeds 3");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
