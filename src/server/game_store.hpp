#pragma once
// The live games of the server, by random unguessable id, with a cap on how many
// and expiry of idle ones. Each game has its own lock, so requests to one game are
// served one at a time while other games go on in parallel.

#include "play/game_session.hpp"

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace mancala::server {

using Clock = std::chrono::steady_clock;

/// A game against an agent: the human plays South, the agent North.
struct Game {
    Game(std::string id, play::GameSession session, std::string spec, std::optional<std::string> level)
        : id(std::move(id)), session(std::move(session)), spec(std::move(spec)), level(std::move(level)) {}

    const std::string id;
    std::mutex mutex;  ///< held by whoever reads or changes `session`
    play::GameSession session;
    const std::string spec;                  ///< the agent spec North plays with
    const std::optional<std::string> level;  ///< the level it came from, if any
};

/// Thrown by GameStore::add when the store is full.
class StoreFull : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class GameStore {
public:
    GameStore(std::size_t max_games, Clock::duration idle_timeout);

    /// Stores a new game under a fresh id (128 random bits from std::random_device, as 32
    /// hex digits) and returns it. Throws StoreFull if `max_games` live games remain
    /// after forgetting the idle ones.
    std::shared_ptr<Game> add(play::GameSession session, std::string spec, std::optional<std::string> level);

    /// The game `id`, marked as used now; nullptr if there is none or it has expired.
    /// The game stays valid for the caller even if it is removed meanwhile.
    std::shared_ptr<Game> find(const std::string& id);

    /// Forgets the game `id`; false if there was none.
    bool remove(const std::string& id);

    /// Games stored (idle ones are forgotten by add, find and expire).
    std::size_t size() const;

    /// Forgets every game idle for longer than the timeout; returns how many.
    std::size_t expire();

    std::size_t max_games() const { return max_games_; }

private:
    struct Entry {
        std::shared_ptr<Game> game;
        Clock::time_point last_used;
    };

    std::size_t expire_locked(Clock::time_point now);

    const std::size_t max_games_;
    const Clock::duration idle_timeout_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Entry> games_;
};

/// 128 random bits from std::random_device as 32 lowercase hex digits.
std::string random_game_id();

}  // namespace mancala::server
