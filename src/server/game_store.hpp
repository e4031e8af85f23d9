#pragma once
// The server's games: the store on disk (GameDatabase, SQLite) is the truth, and
// memory holds a bounded set of them, by random unguessable id. Each game has its
// own lock, so requests to one game are served one at a time while other games go
// on in parallel; every change is written to the database before it is made in
// memory (and so before the client is told it happened).
//
// Memory is bounded by `max_games`. When it is full, a new game takes the place of
// the oldest game in which no move was ever played (however recent: a flood of new
// games then only displaces its own kind), else of the least recently active finished
// game, else of the least recently active game idle for at least `active_window`;
// those stay in the database and come back on their next request. Only when every
// game in memory has moves and is in active play is a new one refused (StoreFull).
// Games die by expiry: unfinished ones idle past `idle_timeout`, finished ones older
// than `keep_finished` (kept so a finished game can be replayed and shared), and the
// oldest ones past `max_stored`.

#include "play/game_session.hpp"
#include "server/game_database.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace mancala::server {

/// Unix milliseconds (the store's clock: times are saved, so a wall clock).
using UnixMs = std::int64_t;
UnixMs unix_ms_now();
using Clock = std::chrono::steady_clock;

/// A game against an agent: the human plays South, the agent North.
struct Game {
    Game(std::string id, play::GameSession session, std::string spec, std::optional<std::string> level,
         UnixMs created_ms)
        : id(std::move(id)),
          session(std::move(session)),
          spec(std::move(spec)),
          level(std::move(level)),
          created_ms(created_ms),
          active_ms(created_ms),
          saved_active_ms(created_ms) {}

    const std::string id;
    std::mutex mutex;  ///< held by whoever reads or changes the fields below it
    play::GameSession session;
    const std::string spec;                  ///< the agent spec North plays with
    const std::optional<std::string> level;  ///< the level it came from, if any
    const UnixMs created_ms;
    UnixMs active_ms;        ///< the last change (creation, move, undo); reading does not count
    UnixMs saved_active_ms;  ///< active_ms as the database has it (saved to the store's activity resolution)
    /// Dropped from memory (deleted, expired or evicted): whoever still holds this copy
    /// must look the game up again, and changes to it are refused.
    bool gone = false;
    /// An agent is choosing North's moves (outside the lock): the game is not evicted,
    /// and moves and undos wait for it. Read without the lock by eviction.
    std::atomic<bool> thinking{false};

    /// The history's moves as JSON text, each serialised once (json_views.cpp): a state
    /// is sent after every move, and its history is most of it.
    struct SerialisedMove {
        Side side;
        int pit;
        std::string json;
    };
    std::vector<SerialisedMove> history_json;
    std::string pit_names_json;  ///< the pit names object, made once
};

/// Thrown by GameStore::create when every game in memory is in active play.
class StoreFull : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Thrown by GameStore::create when the client already has its share of the games in play.
class TooManyGames : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Thrown by GameStore::find for a stored game that cannot be replayed (bad rules, a
/// move out of turn or illegal: a row edited by hand, say). The game is put aside, not
/// retried: the server answers 410 with the problem, and logs it once.
class DamagedGame : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct StoreSettings {
    std::size_t max_games = 1000;  ///< games in memory
    std::chrono::milliseconds idle_timeout = std::chrono::minutes(30);
    std::chrono::milliseconds keep_finished = std::chrono::hours(24 * 30);
    /// A game changed this recently is in active play: it is never evicted.
    std::chrono::milliseconds active_window = std::chrono::minutes(1);
    std::size_t max_stored = 100'000;  ///< games in the database
    /// Unfinished games in memory one client may have made (its address, as rate limits
    /// count it: IPv6 by its /64), so that a few addresses cannot fill memory for
    /// everyone; 0: no cap (behind a proxy, where every client has the proxy's address).
    /// `mancala serve` caps it at 50 unless told otherwise; a server embedded has none.
    std::size_t max_games_per_client = 0;
    /// The clock (tests move it by hand).
    std::function<UnixMs()> clock = unix_ms_now;
};

class GameStore {
public:
    /// Loads the live games of `database` (the most recently active `max_games`), after
    /// deleting expired ones. Throws StoreError if a stored game does not replay.
    GameStore(StoreSettings settings, GameDatabase& database);
    /// Saves the exact activity times of the games in memory.
    ~GameStore();
    GameStore(const GameStore&) = delete;
    GameStore& operator=(const GameStore&) = delete;

    /// Saves a new game under a fresh id and returns it, made by `client` (empty: no one
    /// counted). Throws TooManyGames (the client has max_games_per_client unfinished games
    /// in memory), StoreFull (every game in memory in active play) or StoreError (the
    /// database cannot be written).
    std::shared_ptr<Game> create(play::GameSession session, std::string spec, std::optional<std::string> level,
                                 std::string client = {});

    /// What a caller of find() will do with the game: only read it, or change it.
    enum class Access { Read, Change };
    /// The game `id`, from memory or else from the database; nullptr if there is none
    /// or it has expired. A game read from the database takes a place in memory; when
    /// none can be made (StoreFull), a game to be read only is returned without being
    /// kept. Throws StoreError if the database cannot be read, DamagedGame if the stored
    /// game does not replay.
    std::shared_ptr<Game> find(const std::string& id, Access access = Access::Change);

    /// The games put aside because they do not replay, with why (at most kMaxDamaged kept).
    std::vector<std::pair<std::string, std::string>> damaged() const;
    static constexpr std::size_t kMaxDamaged = 1000;

    /// Makes `next` the session of `game`: writes the difference (moves added or taken
    /// back) to the database, then changes memory. The caller holds game.mutex and has
    /// checked !game.gone. Throws StoreError, leaving the game unchanged, if it cannot be written.
    void commit(Game& game, play::GameSession next);

    enum class Removal { Removed, NotFound, Finished };
    /// Deletes the game `id` everywhere, unless it is over (Finished: a finished game is
    /// kept as it ended, for replay and the links that share it, until it expires).
    Removal remove(const std::string& id);

    /// Deletes expired games (memory and database) and trims the database to
    /// `max_stored`; returns how many games were deleted. Called periodically.
    std::size_t sweep();

    /// Games in memory that are not over and not expired (expired games stop counting at once).
    std::size_t live() const;
    /// Games in memory, whatever their state.
    std::size_t in_memory() const;

    std::size_t max_games() const { return settings_.max_games; }

    /// How stale the database's activity time of a game may be: a move writes the game's
    /// row only when it finishes or starts the game, or when the row is this much behind
    /// (a third of what a move writes otherwise). Expiry allows for it, and a game leaving
    /// memory saves its exact time, so the only cost is that after a crash a game may be
    /// kept this much longer.
    Clock::duration activity_resolution() const;
    GameDatabase& database() { return database_; }

    struct Totals {
        std::uint64_t evicted_unplayed = 0;
        std::uint64_t evicted_finished = 0;
        std::uint64_t evicted_idle = 0;
        std::uint64_t expired = 0;
    };
    Totals totals() const;

private:
    struct Entry {
        std::shared_ptr<Game> game;
        UnixMs active_ms = 0;
        std::optional<UnixMs> finished_ms;
        bool played = false;  ///< a move was played in it (read by eviction without the game's lock)
        std::string client;   ///< who made it (create's client); empty for games read from the database
    };
    /// The unfinished, unexpired games in memory that `client` made (mutex_ held).
    std::size_t games_of(const std::string& client, UnixMs now) const;

    bool expired(const Entry& entry, UnixMs now) const;
    /// Drops the expired games nobody is using from memory.
    void drop_expired(UnixMs now);
    /// Drops one game from memory to make room; false if every game is in active play.
    bool evict_one(UnixMs now);
    UnixMs resolution_ms() const;
    /// Drops `it` from memory if nobody is using it, saving its exact activity time; false if someone is.
    bool try_drop(std::unordered_map<std::string, Entry>::iterator it);

    const StoreSettings settings_;
    GameDatabase& database_;
    mutable std::mutex mutex_;  ///< guards games_; taken after a game's mutex, never before
    std::unordered_map<std::string, Entry> games_;
    std::unordered_map<std::string, std::string> damaged_;  ///< id: why it does not replay (guarded by mutex_)
    /// Puts a game aside (mutex_ held): logged on standard error the first time.
    void put_aside(const std::string& id, const std::string& why);
    std::atomic<std::uint64_t> evicted_unplayed_{0};
    std::atomic<std::uint64_t> evicted_finished_{0};
    std::atomic<std::uint64_t> evicted_idle_{0};
    std::atomic<std::uint64_t> expired_{0};
};

/// 128 random bits from std::random_device as 32 lowercase hex digits.
std::string random_game_id();

/// The stored form of a game (moves as sides and pits), and back: replays the moves
/// and throws StoreError naming the game and the move if they do not replay.
StoredGame to_stored(const Game& game, std::optional<UnixMs> finished_ms);
std::shared_ptr<Game> from_stored(const StoredGame& stored);

}  // namespace mancala::server
