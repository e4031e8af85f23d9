#include "solve/game_solver.hpp"

#include "search/engine.hpp"
#include "search/score_units.hpp"
#include "search/table_file.hpp"
#include "solve/fast_sower.hpp"
#include "solve/table_checkpoint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace mancala::solve {

namespace {

using Seconds = std::chrono::duration<double>;

// The value and every optimal move, from a database holding the start's tier.
Solution from_database(const EndgameDatabase& db, const Position& start) {
    Solution s;
    s.method = SolveMethod::Retrograde;
    s.value = db.final_margin(start);
    s.work = db.positions_up_to(start.stones_in_pits());
    for (int move : start.nonempty_pits())  // databases hold Kalah-shaped games only
        if (db.final_margin_after(start, move) == s.value) s.best_moves.push_back(move);
    return s;
}

ProofStopped stopped(const search::SearchReport& report) {
    return ProofStopped(fmt::format("stopped after {} nodes, {:.0f} s", report.nodes, report.seconds));
}

// The side to move's value, or the bound proven, from a proof search's report.
Solution from_report(const search::SearchReport& report, int db_stones) {
    Solution s;
    s.method = SolveMethod::Search;
    s.bound = report.bound;
    s.value = report.bound > 0   ? search::stones_at_least(report.score)
              : report.bound < 0 ? search::stones_at_most(report.score)
                                 : static_cast<int>(std::lround(report.stones()));
    if (report.bound >= 0) s.best_moves = {report.best_move};
    s.work = report.nodes;
    s.db_stones = db_stones;
    return s;
}

Solution by_retrograde(const Rules& rules, const Position& start, const SolveOptions& options,
                       const SolveHooks& hooks) {
    EndgameDatabase db(rules);
    db.build(start.stones_in_pits(), options.threads, hooks.on_build, options.team);
    return from_database(db, start);
}

// The game a table file of this proof is for, its header checked at once: a file of
// another game stops the run before the database is built.
std::string checked_table_game(const Rules& rules, const Position& start, const SolveOptions& options) {
    std::string game = search::table_game(rules, start.total_stones());
    std::error_code error;
    if (!options.table_file.empty() && std::filesystem::exists(options.table_file, error))
        search::check_table_file(options.table_file, game);
    return game;
}

// The proof's table file, read into `engine` (none without options.table_file).
void keep_table(std::optional<TableCheckpoint>& checkpoint, search::Engine& engine, const std::string& game,
                const SolveOptions& options, const SolveHooks& hooks) {
    if (!options.table_file.empty())
        checkpoint.emplace(engine.table(), options.table_file, game, options.table_every, hooks.on_table);
}

bool stop_requested(const SolveOptions& options) { return options.stop && options.stop->load(); }

// A bound test split into pieces (split_proof.hpp), which ask the first player's
// margin; the question and the answer are the mover's.
Solution by_pieces(const Rules& rules, const Position& start, const SolveOptions& options,
                   const SolveHooks& hooks) {
    std::optional<ProofJournal> journal;  // read first: a bad journal stops the run before the build
    if (!options.journal.empty()) journal.emplace(options.journal, rules);
    const int mover_at_least = *options.at_least;
    const bool south = start.to_move() == Side::South;
    const int first_at_least = south ? mover_at_least : 1 - mover_at_least;
    auto solution = [&](const SplitResult& r, int db_stones) {
        const bool mover_holds = r.holds == south;
        Solution s;
        s.method = SolveMethod::Search;
        s.bound = mover_holds ? 1 : -1;
        s.value = mover_holds ? mover_at_least : mover_at_least - 1;
        if (r.move >= 0) s.best_moves = {r.move};  // the move that settled the root: the mover's
        s.work = r.nodes;
        s.db_stones = db_stones;
        s.split = r;
        return s;
    };
    // A root the journal answers needs neither the database nor the table (about 40 s
    // to load for Kalah(6,6)): a finished piece run again, as a script resuming a long
    // proof does, answers at once.
    if (const JournalEntry* known = journal ? journal->answer(start, first_at_least) : nullptr) {
        if (hooks.on_piece) hooks.on_piece({{}, start, PieceStage::FromJournal, known->holds, 0, 0});
        SplitResult r;
        r.holds = known->holds;
        r.move = known->move;
        r.pieces_from_journal = 1;
        return solution(r, -1);
    }
    const std::string game = checked_table_game(rules, start, options);
    const SearchDatabase database = search_database(rules, start, options, hooks);
    search::Engine engine(proof_engine_settings(start, options, database));
    std::optional<TableCheckpoint> checkpoint;
    keep_table(checkpoint, engine, game, options, hooks);
    SplitOptions split = *options.split;
    split.warmup_depth = options.warmup_depth;
    split.stop = options.stop;
    SplitResult r;
    try {
        r = prove_split(rules, start, first_at_least, engine, split, journal ? &*journal : nullptr, hooks.on_piece,
                        hooks.observer);
    } catch (const ProofStopped&) {
        if (checkpoint) checkpoint->save();
        throw;
    }
    if (checkpoint) checkpoint->save();
    return solution(r, database.stones);
}

Solution by_search(const Rules& rules, const Position& start, const SolveOptions& options,
                   const SolveHooks& hooks) {
    if (options.at_least && options.split) return by_pieces(rules, start, options, hooks);
    const std::string game = checked_table_game(rules, start, options);
    const SearchDatabase database = search_database(rules, start, options, hooks);
    const int db_stones = database.stones;
    search::Engine engine(proof_engine_settings(start, options, database));
    std::optional<TableCheckpoint> checkpoint;
    keep_table(checkpoint, engine, game, options, hooks);
    search::SearchLimits limits;
    limits.stop = options.stop;
    const search::SearchReport report = engine.search(rules, start, limits, proof_mode(options), hooks.observer);
    if (checkpoint) checkpoint->save();
    if (!report.proven && stop_requested(options)) throw stopped(report);
    if (!report.proven) throw std::runtime_error("the search stopped before proving the value");
    return from_report(report, db_stones);
}

// The race of auto (choose_method): the search for as long as retrograde analysis is
// expected to take, then the analysis, on the search's database.
Solution by_race(const Rules& rules, const Position& start, const SolveOptions& asked, const SolveHooks& hooks) {
    const int stones = start.stones_in_pits();
    SolveOptions options = asked;
    if (expected_build_seconds(rules, -1, stones, 1) < kOneThreadSeconds) options.threads = 1;
    const auto built_from = std::chrono::steady_clock::now();
    SearchDatabase database = search_database(rules, start, options, hooks);
    EndgameDatabase& db = *database.db;
    const double build_seconds = Seconds(std::chrono::steady_clock::now() - built_from).count();
    const std::uint64_t built = db.positions_up_to(db.max_stones());
    const double rate =
        built >= kRateSamplePositions && build_seconds > 0 ? static_cast<double>(built) / build_seconds : 0;
    const Seconds search_for = options.search_first_for.value_or(
        Seconds(expected_build_seconds(rules, db.max_stones(), stones, options.threads, rate)));
    if (hooks.on_search_first) hooks.on_search_first(search_for.count());
    search::SearchReport report;
    {
        search::Engine engine(proof_engine_settings(start, options, database));
        search::SearchLimits limits;
        limits.stop = options.stop;
        limits.deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(search_for);
        report = engine.search(rules, start, limits, proof_mode(options), hooks.observer);
    }  // the table given back before the analysis maps its tiers
    if (report.proven) return from_report(report, database.stones);
    if (stop_requested(options)) throw stopped(report);
    const RaceLost lost{report.nodes, report.seconds};
    if (hooks.on_race_lost) hooks.on_race_lost(lost);
    db.build(stones, options.threads, hooks.on_build, options.team);
    Solution s = from_database(db, start);
    s.race_lost = lost;
    return s;
}

}  // namespace

SearchDatabase search_database(const Rules& rules, const Position& start, const SolveOptions& options,
                               const SolveHooks& hooks) {
    // --db-stones caps what is opened: the tiers above it on disk are neither read nor loaded.
    const int up_to = options.db_stones >= 0 ? options.db_stones : EndgameDatabase::kMaxStones;
    auto db = options.db_dir.empty() ? std::make_unique<EndgameDatabase>(rules)
                                     : std::make_unique<EndgameDatabase>(rules, options.db_dir, up_to);
    db->load_into_memory();  // huge pages for the search's random probes
    int want = options.db_stones;
    if (want < 0) {
        want = default_db_stones(rules, start.stones_in_pits(), options.db_budget);
        if (!options.db_dir.empty()) want = std::max(want, db->max_stones());
    }
    if (want > db->max_stones()) db->build(want, options.threads, hooks.on_build, options.team);
    // db_stones caps what a bigger database on disk offers, so that runs compare.
    const int stones = options.db_stones < 0 ? db->max_stones() : std::min(options.db_stones, db->max_stones());
    if (hooks.on_database) hooks.on_database(stones);
    return {std::move(db), stones};
}

search::EngineSettings proof_engine_settings(const Position& start, const SolveOptions& options,
                                             const SearchDatabase& database) {
    const std::size_t hash_mb =
        options.hash_mb ? options.hash_mb : solve_hash_mb(start.pits(), start.total_stones());
    search::EngineSettings settings{search::Heuristic::StoreDiff, hash_mb, options.threads};
    settings.endgame = database.db.get();
    settings.endgame_stones = database.stones;
    return settings;
}

search::SearchMode proof_mode(const SolveOptions& options) {
    return options.at_least ? search::SearchMode::bound(*options.at_least, options.warmup_depth)
                            : search::SearchMode::proof(options.warmup_depth);
}

SolveMethod choose_method(const Rules& rules, const Position& start, const SolveOptions& options) {
    if (options.method != SolveMethod::Auto) return options.method;
    // Only a search has pieces, a table to keep or a database on disk to take.
    if (options.split || !options.table_file.empty() || !options.db_dir.empty()) return SolveMethod::Search;
    const int stones = start.stones_in_pits();
    if (stones > EndgameDatabase::kMaxStones) return SolveMethod::Search;
    try {
        return EndgameDatabase(rules).positions_up_to(stones) <= options.max_positions ? SolveMethod::Auto
                                                                                       : SolveMethod::Search;
    } catch (const std::overflow_error&) {
        return SolveMethod::Search;
    }
}

void require_method_reaches(const Position& start, SolveMethod method) {
    if (method == SolveMethod::Retrograde && start.stones_in_pits() > EndgameDatabase::kMaxStones)
        throw std::invalid_argument(
            fmt::format("retrograde analysis holds up to {} stones in the pits; the position has {}",
                        EndgameDatabase::kMaxStones, start.stones_in_pits()));
}

double expected_build_seconds(const Rules& rules, int built, int stones, int threads, double rate) {
    if (rate <= 0) rate = (has_fast_path(rules) ? kNominalBuildRate : kNominalSlowBuildRate) * std::max(1, threads);
    built = std::min(built, stones);
    const EndgameDatabase db(rules);
    const std::uint64_t have = built < 0 ? 0 : db.positions_up_to(built);
    return static_cast<double>(db.positions_up_to(stones) - have) / rate + (stones - built) * kTierSeconds;
}

int default_db_stones(const Rules& rules, int stones, std::uint64_t budget) {
    // The proof grows with the stones above the database and the build with the
    // positions in it. Measured from a fresh start (docs/PERFORMANCE.md, "Solving times"), the best
    // database leaves about 25 stones above it while it holds no more than about 100
    // million positions (kQuickDatabasePositions: Kalah(5,5) 23 stones, Kalah(6,4) 18,
    // (5,4) 15, (6,3) 12), and no less than half the stones less six while the budget
    // allows, or less four in games of kBigGameStones and more, whose proof dwarfs the
    // build (the runs: docs/PERFORMANCE.md, "The constants in the code").
    const EndgameDatabase db(rules);
    const int floor = stones / 2 - (stones >= kBigGameStones ? 4 : 6);
    const int reach = stones - kStonesAboveDatabase;
    auto worth = [&](int tier) {
        if (tier > EndgameDatabase::kMaxStones) return false;
        const std::uint64_t positions = db.positions_up_to(tier);
        return positions <= budget && (tier <= floor || (tier <= reach && positions <= kQuickDatabasePositions));
    };
    int want = 0;
    while (worth(want + 1)) ++want;
    return want;
}

std::size_t solve_hash_mb(int pits, int total_stones) {
    if (total_stones < 36) return 4;
    if (total_stones < kBigGameStones) return pits >= 6 ? 32 : 64;
    return 2048;
}

Solution solve_position(const Rules& rules, const Position& start, const SolveOptions& options,
                        const SolveHooks& hooks) {
    require_database_rules(rules);
    const SolveMethod method = choose_method(rules, start, options);
    require_method_reaches(start, method);
    switch (method) {
        case SolveMethod::Retrograde:
            return by_retrograde(rules, start, options, hooks);
        case SolveMethod::Search:
            return by_search(rules, start, options, hooks);
        case SolveMethod::Auto:
            break;
    }
    return by_race(rules, start, options, hooks);
}

std::optional<SolveMethod> solve_method_by_name(std::string_view name) {
    for (const SolveMethod m : {SolveMethod::Auto, SolveMethod::Retrograde, SolveMethod::Search})
        if (to_string(m) == name) return m;
    return std::nullopt;
}

std::string_view to_string(SolveMethod method) {
    switch (method) {
        case SolveMethod::Auto:
            return "auto";
        case SolveMethod::Retrograde:
            return "retrograde";
        case SolveMethod::Search:
            return "search";
    }
    return "?";
}

}  // namespace mancala::solve
