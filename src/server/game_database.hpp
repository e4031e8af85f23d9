#pragma once
// The server's games on disk: one SQLite file, so games survive a restart and a crash.
// Every write is committed before the call returns, so once the server has answered a
// request its effect is stored. One process owns the file: a second server on the same
// file is refused when it opens it.

#include "core/side.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace mancala::server {

/// One move as stored: enough to replay it from the game's start.
struct StoredMove {
    Side side = Side::South;
    int pit = 0;  ///< index in `side`'s sowing order, 0-based, below the game's `pits`

    friend bool operator==(const StoredMove&, const StoredMove&) = default;
};

/// A game as stored: its setup, its opponent, its times and its moves. The position is not
/// stored; it is replayed from the moves, so the two can never disagree.
struct StoredGame {
    std::string id;                           ///< 32 lowercase hex digits
    std::string rules;                        ///< rules string, e.g. "kalah" (core/rules_string.hpp)
    int pits = 6;                             ///< 1 to kMaxStoredPits
    int seeds = 4;                            ///< at least 0, at most kMaxStoredStones in all
    Side first = Side::South;                 ///< who moved first
    std::string spec;                         ///< the opponent's agent spec, e.g. "engine:time=300ms"
    std::optional<std::string> level;         ///< the level it came from, e.g. "hard"
    std::int64_t created_ms = 0;              ///< unix milliseconds
    std::int64_t active_ms = 0;               ///< last move, undo or creation (a GET does not count)
    std::optional<std::int64_t> finished_ms;  ///< when the game ended, if it has
    std::vector<StoredMove> moves;            ///< every move played, in order (after undos)

    friend bool operator==(const StoredGame&, const StoredGame&) = default;
};

/// The limits the store checks on write and on load; the same as core/rules.hpp's
/// kMaxPits and kMaxTotalStones (repeated so the store needs nothing but core/side.hpp).
inline constexpr int kMaxStoredPits = 16;
inline constexpr int kMaxStoredStones = 65535;

/// The store cannot be opened or written: not a database, corrupt, a newer format, another
/// program's database, in use by another process, disk full, a game with fields out of
/// range or an id already used... The message names the file and the problem in plain
/// words, and says what to do where it can.
class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// What a committed write survives. Both keep the file consistent; they differ in whether
/// the last writes before a power cut (or an OS crash) may be lost.
enum class Durability {
    process_crash,  ///< synchronous=NORMAL: survives the server being killed; no fsync per write
    power_loss,     ///< synchronous=FULL: every commit is fsynced before the call returns
};

/// The file's PRAGMA application_id, "MNCL" in ASCII: tells our stores from other programs'
/// SQLite files (`file` shows it as "application id 1296974668").
inline constexpr std::int32_t kStoreApplicationId = 0x4d4e434c;
/// The file's PRAGMA user_version: the schema this code reads and writes.
inline constexpr int kStoreFormat = 1;

/// The game store. One SQLite connection behind a mutex: safe to call from many threads,
/// one call at a time. Every public function but path() throws StoreError if the file
/// cannot be read or written.
class GameDatabase {
public:
    /// Opens `path`, creating it with the current schema if it does not exist or is empty;
    /// ":memory:" keeps nothing. Never replaces or changes a file it refuses: one that is
    /// not SQLite, another program's SQLite file, a newer format, a corrupt one (PRAGMA
    /// quick_check), a read-only one, or one another process has open (the file is locked
    /// from here until the destructor, so a second server fails here, not at its first write).
    explicit GameDatabase(const std::string& path, Durability durability = Durability::process_crash);
    ~GameDatabase();
    GameDatabase(const GameDatabase&) = delete;
    GameDatabase& operator=(const GameDatabase&) = delete;

    /// Stores a new game with its moves (usually none). Throws StoreError if the id is
    /// already used or a field is out of range.
    void insert(const StoredGame& game);

    /// Keeps the first `keep` moves of game `id`, appends `append` and, if `active_ms` is
    /// given, sets its times (active_ms and finished_ms; without it both stay as stored: the
    /// game row and its index are left alone, a third of a move's writing), in one
    /// transaction: an undo has keep < size and nothing to append; a move or an AI chain
    /// has keep == size. Returns false if there is no such game. Throws StoreError if
    /// `keep` is more than the game's moves or a move is out of range (nothing is changed).
    bool update_moves(const std::string& id, std::size_t keep, std::span<const StoredMove> append,
                      std::optional<std::int64_t> active_ms, std::optional<std::int64_t> finished_ms);

    /// Sets the times of game `id`; false if there is no such game.
    bool set_times(const std::string& id, std::int64_t active_ms, std::optional<std::int64_t> finished_ms);

    /// Deletes game `id` and its moves; false if there was none.
    bool erase(const std::string& id);

    /// The game `id`, if there is one. Throws StoreError naming the game if its rows do not
    /// make a valid game (the file has been damaged or edited).
    std::optional<StoredGame> load(const std::string& id);

    /// Unfinished games, most recently active first, at most `limit`.
    std::vector<StoredGame> load_live(std::size_t limit);

    /// Deletes unfinished games with active_ms < live_before_ms and finished games with
    /// finished_ms < finished_before_ms; returns the ids deleted.
    std::vector<std::string> delete_expired(std::int64_t live_before_ms, std::int64_t finished_before_ms);

    /// Keeps at most `max_games` games: deletes the finished ones finished longest ago first,
    /// then the unfinished ones least recently active; returns the ids deleted, in that order.
    std::vector<std::string> trim(std::size_t max_games);

    struct Counts {
        std::size_t live = 0;      ///< unfinished games
        std::size_t finished = 0;  ///< finished games
    };
    Counts counts();

    /// The path as given to the constructor.
    const std::string& path() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace mancala::server
