#pragma once
// The exact value of a position, or one proven bound of it, by whichever method is
// expected to be faster: tiered retrograde analysis of every position (small games),
// or the engine's proof search to the end of the game with an endgame database at its
// leaves. One place for the choice and its defaults, used by `mancala solve` and by
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
    /// Auto takes retrograde analysis only while every tier holds at most this many
    /// positions and it is expected to be quicker (choose_method).
    std::uint64_t max_positions = 100'000'000;
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

/// What the caller hears while it runs.
struct SolveHooks {
    std::function<void(const BuildProgress&)> on_build;  ///< database tiers being built
    std::function<void(int stones)> on_database;         ///< the search's database is ready, up to this many stones
    search::SearchObserver* observer = nullptr;          ///< the proof search
    std::function<void(const PieceReport&)> on_piece;    ///< a split proof's pieces
    std::function<void(const std::string&)> on_table;    ///< the table file read or saved, in a line
};

struct Solution {
    SolveMethod method = SolveMethod::Retrograde;
    /// The side to move's final margin: exact, or with a bound test the bound proven
    /// (`bound` +1: the margin is at least `value`; -1: at most `value`).
    int value = 0;
    int bound = 0;
    std::vector<int> best_moves;       ///< every optimal move (retrograde) or the one the search found
    std::uint64_t work = 0;            ///< positions solved, or nodes searched
    int db_stones = -1;                ///< the search's database: tiers up to this many stones
    std::optional<SplitResult> split;  ///< a split proof's pieces
};

/// The method auto picks: retrograde analysis when the game's tiers hold at most
/// kQuickRetrogradePositions positions (about a quarter of a second to build on two
/// cores: every proof search of a game that small costs as much in setting up), else
/// the search. Measured on this project's machine (README, "Solved games"): from a few
/// million positions up, the search proves the game in a fraction of the build's time.
inline constexpr std::uint64_t kQuickRetrogradePositions = 2'000'000;
SolveMethod choose_method(const Rules& rules, const Position& start, const SolveOptions& options);

/// The stones a proof is best left to search above its default database, while the
/// database stays quick to build (kQuickDatabasePositions). Once the move order by
/// replies (search/move_ordering.hpp) shrank the proofs, the smaller databases won:
/// from nothing on two threads, paired runs, Kalah(6,4) with 18 stones (86 M positions)
/// 0.87-0.95 of the time with 19 (141 M), empty capture 0.87-0.96 (one thread 0.98-1.01
/// and 0.84-0.87); (5,5) with 23 stones (93 M) 0.89-1.04 and 0.80-0.87 of 24's (131 M),
/// where 22 took Kalah(5,5) 1.07-1.12 times 23's and 17 Kalah(6,4) 1.21-1.38 times 18's.
inline constexpr int kStonesAboveDatabase = 25;
inline constexpr std::uint64_t kQuickDatabasePositions = 100'000'000;
/// From this many stones a game's proof takes minutes: its default database and table are bigger.
inline constexpr int kBigGameStones = 56;
/// The search's default database for a game of `stones` stones in the pits (fitted to
/// what was measured): tiers up to `stones` less kStonesAboveDatabase while they hold at
/// most kQuickDatabasePositions, and at least up to half the stones less six (less four
/// from kBigGameStones), as far as `budget` positions allow.
int default_db_stones(const Rules& rules, int stones, std::uint64_t budget);

/// The search's table for a game of `pits` pits a side: 16 MiB below 36 stones (a
/// bigger one costs more to fault in than these proofs take); below 56, 32 MiB from 6
/// pits (a small table stays in the caches: Kalah(6,3) and (6,4) proved in 0.62-0.81 of
/// the time 256 MiB takes) and 64 MiB on smaller boards (once the table was kept away
/// from the database, Kalah(5,5) from nothing took 0.83-0.90 of the time 256 MiB took,
/// empty capture 0.77-0.82, and Kalah(5,5) 1.21-1.46 times as long with 32 MiB); 2 GiB
/// from 56 stones.
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
