#pragma once
// The exact value of a position, or one proven bound of it, by whichever method is
// expected to be faster: tiered retrograde analysis of every position, or the engine's
// proof search to the end of the game with an endgame database at its leaves. One place
// for the choice and its defaults, which solve_plan.hpp asks for `mancala solve` and
// Python's solve().

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/engine.hpp"
#include "search/search_mode.hpp"
#include "search/search_observer.hpp"
#include "solve/endgame_db.hpp"
#include "solve/proof_stopped.hpp"
#include "solve/split_proof.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::solve {

enum class SolveMethod { Auto, Retrograde, Search };

struct SolveOptions {
    SolveMethod method = SolveMethod::Auto;
    int threads = 1;
    std::size_t hash_mb = 0;  ///< 0: sized to the game (solve_hash_mb)
    /// Auto turns to retrograde analysis only while every tier holds at most this many
    /// positions (choose_method).
    std::uint64_t max_positions = 100'000'000;
    /// Auto: how long the search runs before retrograde analysis takes over. None: as
    /// long as the analysis is expected to take (expected_build_seconds).
    std::optional<std::chrono::duration<double>> search_first_for;
    std::filesystem::path db_dir;  ///< empty: the search's database is built in memory
    int db_stones = -1;            ///< -1: default_db_stones
    std::uint64_t db_budget = 3'000'000'000;
    int warmup_depth = search::kProveWarmupDepth;
    /// A bound test instead of the value: is the side to move's final margin at least
    /// this many stones? (SearchMode::at_least)
    std::optional<int> at_least;
    /// With at_least: the proof split into pieces (split_proof.hpp) instead of one
    /// search; its warm-up depth is warmup_depth's. None: one search.
    std::optional<SplitOptions> split;
    /// With split: every piece's answer is recorded in this journal, and answers
    /// recorded there before are taken (proof_journal.hpp). Empty: none kept.
    std::filesystem::path journal;
    /// Builds the databases (retrograde, or the search's) together with other
    /// processes (not owned); none: this process alone.
    TierTeam* team = nullptr;
    /// The search's transposition table kept in this file (table_checkpoint.hpp): read
    /// when it exists, saved every table_every while the proof runs and once it ends,
    /// proven or stopped. Empty: none kept.
    std::filesystem::path table_file;
    std::chrono::milliseconds table_every = std::chrono::minutes(30);
    /// Set (from another thread or a signal handler) to stop the search: once the
    /// table file is saved, solve_position throws ProofStopped. nullptr: never.
    const std::atomic<bool>* stop = nullptr;
};

/// Auto's search, stopped when retrograde analysis was expected to have finished.
struct RaceLost {
    std::uint64_t nodes = 0;
    double seconds = 0;
};

/// What the caller hears while it runs.
struct SolveHooks {
    std::function<void(const BuildProgress&)> on_build;  ///< database tiers being built
    std::function<void(int stones)> on_database;         ///< the search's database is ready, up to this many stones
    search::SearchObserver* observer = nullptr;          ///< the proof search
    std::function<void(const PieceReport&)> on_piece;    ///< a split proof's pieces
    std::function<void(const std::string&)> on_table;    ///< the table file read or saved, in a line
    /// Auto: the search gets this long before retrograde analysis takes over.
    std::function<void(double seconds)> on_search_first;
    /// Auto: the search was not done in time; retrograde analysis goes on from its database.
    std::function<void(const RaceLost&)> on_race_lost;
};

struct Solution {
    SolveMethod method = SolveMethod::Retrograde;
    /// The side to move's final margin: exact, or with a bound test the bound proven
    /// (`bound` +1: the margin is at least `value`; -1: at most `value`).
    int value = 0;
    int bound = 0;
    std::vector<int> best_moves;        ///< every optimal move (retrograde) or the one the search found
    std::uint64_t work = 0;             ///< positions solved, or nodes searched
    int db_stones = -1;                 ///< the search's database: tiers up to this many stones
    std::optional<SplitResult> split;   ///< a split proof's pieces
    std::optional<RaceLost> race_lost;  ///< auto: the search that ran out of time before retrograde analysis
};

/// How auto solves. Retrograde analysis's time is foreseeable (its positions at a
/// rate of building); the proof search's is not: from a few thousand positions up it
/// is usually tens to hundreds of times quicker, but without captures it can be the
/// slower (figures: docs/PERFORMANCE.md, "The constants in the code"). So while every tier would
/// hold at most options.max_positions positions, auto races them: the search goes
/// first, for as long as the analysis is expected to take, and if it has not proven
/// the value by then, the analysis builds on the search's database (its first tiers)
/// to the end. That is at most about twice the quicker method's time, and mostly the
/// search's. choose_method gives Retrograde or Search when that is settled before
/// running (asked for; or the analysis too big; or a split proof, a table file or a
/// database on disk, which only a search has), else Auto: the race.
SolveMethod choose_method(const Rules& rules, const Position& start, const SolveOptions& options);
/// Throws std::invalid_argument when `method` cannot solve `start`: retrograde analysis
/// past EndgameDatabase::kMaxStones stones in the pits.
void require_method_reaches(const Position& start, SolveMethod method);

/// Retrograde analysis's expected pace, per thread, when no build of at least
/// kRateSamplePositions was timed (the fast sweep's rules, and the slower ones such as
/// relay sowing), and a cost a tier whatever its size: threads started and met at
/// barriers, memory mapped (the measurements: docs/PERFORMANCE.md, "The constants in the code").
inline constexpr double kNominalBuildRate = 25e6;
inline constexpr double kNominalSlowBuildRate = 7e6;
inline constexpr double kTierSeconds = 0.0002;
inline constexpr std::uint64_t kRateSamplePositions = 1'000'000;
/// Auto solves a game on one thread when one thread is expected to analyse it in less
/// than this: a second thread costs more than it saves there, since a thread on an
/// idle core starts milliseconds late (docs/PERFORMANCE.md, "The constants in the code").
inline constexpr double kOneThreadSeconds = 0.05;
/// Seconds to build `rules`' tiers past `built` stones (-1: none) up to `stones` on
/// `threads` threads, at `rate` positions a second, or (rate <= 0) the nominal rates above.
double expected_build_seconds(const Rules& rules, int built, int stones, int threads, double rate = 0);

/// The stones a proof is best left to search above its default database, while the
/// database stays quick to build (kQuickDatabasePositions). Once the move order by
/// replies (search/move_ordering.hpp) shrank the proofs, the smaller databases won
/// (docs/PERFORMANCE.md, "The constants in the code").
inline constexpr int kStonesAboveDatabase = 25;
inline constexpr std::uint64_t kQuickDatabasePositions = 100'000'000;
/// From this many stones a game's proof takes minutes: its default database and table are bigger.
inline constexpr int kBigGameStones = 56;
/// The search's default database for a game of `stones` stones in the pits (fitted to
/// what was measured): tiers up to `stones` less kStonesAboveDatabase while they hold at
/// most kQuickDatabasePositions, and at least up to half the stones less six (less four
/// from kBigGameStones), as far as `budget` positions allow.
int default_db_stones(const Rules& rules, int stones, std::uint64_t budget);

/// The search's table for a game of `pits` pits a side: 4 MiB below 36 stones (a
/// bigger one costs more to fault in than these proofs take); below 56, 32 MiB from 6
/// pits (a small table stays in the caches) and 64 MiB on smaller boards; 2 GiB from
/// 56 stones (docs/PERFORMANCE.md, "The constants in the code").
std::size_t solve_hash_mb(int pits, int total_stones);

/// Solves `start` (a position with a legal move). Throws std::invalid_argument for an
/// impossible request (retrograde analysis past kMaxStones) or a table file that is not
/// the game's, ProofStopped when options.stop stops it, std::runtime_error if the
/// search stops unproven otherwise.
Solution solve_position(const Rules& rules, const Position& start, const SolveOptions& options,
                        const SolveHooks& hooks = {});

/// The database a proof search takes its leaves from, ready (options.db_dir's,
/// built further as options ask, or one built in memory), loaded into memory;
/// and the number of stones up to which the search is to use it.
struct SearchDatabase {
    std::unique_ptr<EndgameDatabase> db;
    int stones = -1;
};
SearchDatabase search_database(const Rules& rules, const Position& start, const SolveOptions& options,
                               const SolveHooks& hooks);
/// The proof engine's settings over that database.
search::EngineSettings proof_engine_settings(const Position& start, const SolveOptions& options,
                                             const SearchDatabase& database);
/// The proof search's mode for `options` (the value, or the bound test asked).
search::SearchMode proof_mode(const SolveOptions& options);

std::string_view to_string(SolveMethod method);
/// "auto", "retrograde" or "search"; nullopt for anything else.
std::optional<SolveMethod> solve_method_by_name(std::string_view name);

}  // namespace mancala::solve
