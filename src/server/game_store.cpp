#include "server/game_store.hpp"

#include <fmt/format.h>

#include <random>

namespace mancala::server {

std::string random_game_id() {
    std::random_device device;
    std::string id;
    for (int i = 0; i < 4; ++i) id += fmt::format("{:08x}", static_cast<std::uint32_t>(device()));
    return id;
}

GameStore::GameStore(std::size_t max_games, Clock::duration idle_timeout)
    : max_games_(max_games), idle_timeout_(idle_timeout) {}

std::shared_ptr<Game> GameStore::add(play::GameSession session, std::string spec,
                                     std::optional<std::string> level) {
    const std::lock_guard lock(mutex_);
    expire_locked(Clock::now());
    if (games_.size() >= max_games_)
        throw StoreFull(fmt::format("too many games in play (the limit is {}); try again later", max_games_));
    std::string id = random_game_id();
    while (games_.contains(id)) id = random_game_id();  // 2^-128 per pair: never in practice
    auto game = std::make_shared<Game>(id, std::move(session), std::move(spec), std::move(level));
    games_.emplace(std::move(id), Entry{game, Clock::now()});
    return game;
}

std::shared_ptr<Game> GameStore::find(const std::string& id) {
    const std::lock_guard lock(mutex_);
    const auto it = games_.find(id);
    if (it == games_.end()) return nullptr;
    const Clock::time_point now = Clock::now();
    if (now - it->second.last_used > idle_timeout_) {
        games_.erase(it);
        return nullptr;
    }
    it->second.last_used = now;
    return it->second.game;
}

bool GameStore::remove(const std::string& id) {
    const std::lock_guard lock(mutex_);
    return games_.erase(id) > 0;
}

std::size_t GameStore::size() const {
    const std::lock_guard lock(mutex_);
    return games_.size();
}

std::size_t GameStore::expire() {
    const std::lock_guard lock(mutex_);
    return expire_locked(Clock::now());
}

std::size_t GameStore::expire_locked(Clock::time_point now) {
    return std::erase_if(games_, [&](const auto& item) { return now - item.second.last_used > idle_timeout_; });
}

}  // namespace mancala::server
