#include "server/game_store.hpp"

#include "core/rules.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>
#include <sys/random.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <random>
#include <vector>

namespace mancala::server {

UnixMs unix_ms_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string random_game_id() {
    // getrandom(2): the kernel's generator, 16 bytes in one call (std::random_device opens
    // and initialises a device each time it is made).
    std::array<std::uint8_t, 16> bytes{};
    std::size_t filled = 0;
    while (filled < bytes.size()) {
        const ssize_t n = ::getrandom(bytes.data() + filled, bytes.size() - filled, 0);
        if (n > 0) {
            filled += static_cast<std::size_t>(n);
        } else if (errno != EINTR) {
            std::random_device device;  // no getrandom: the library's device instead
            for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(device());
            break;
        }
    }
    std::string id;
    id.reserve(32);
    for (const std::uint8_t byte : bytes) id += fmt::format("{:02x}", byte);
    return id;
}

StoredGame to_stored(const Game& game, std::optional<UnixMs> finished_ms) {
    const play::GameSession& session = game.session;
    StoredGame stored;
    stored.id = game.id;
    stored.rules = rules_string(session.rules());
    stored.pits = session.rules().pits;
    stored.seeds = session.rules().seeds;
    stored.first = session.start().to_move();
    stored.spec = game.spec;
    stored.level = game.level;
    stored.created_ms = game.created_ms;
    stored.active_ms = game.active_ms;
    stored.finished_ms = finished_ms;
    for (const play::PlayedMove& move : session.history()) stored.moves.push_back(StoredMove{move.side, move.pit});
    return stored;
}

std::shared_ptr<Game> from_stored(const StoredGame& stored) {
    const auto corrupt = [&](const std::string& problem) {
        return DamagedGame(fmt::format("game store: game {} {}", stored.id, problem));
    };
    Rules rules;
    try {
        rules = parse_rules(stored.rules, stored.pits, stored.seeds);
    } catch (const std::exception& e) {
        throw corrupt(fmt::format("has bad rules: {}", e.what()));
    }
    play::GameSession session(rules, stored.first);
    for (std::size_t ply = 0; ply < stored.moves.size(); ++ply) {
        const StoredMove& move = stored.moves[ply];
        if (session.is_over()) throw corrupt(fmt::format("goes on after the end, at move {}", ply + 1));
        if (move.side != session.to_move())
            throw corrupt(fmt::format("has {} moving out of turn at move {}", to_string(move.side), ply + 1));
        if (!session.position().is_legal(session.rules(), move.pit))
            throw corrupt(fmt::format("has an illegal move (pit index {}) at move {}", move.pit, ply + 1));
        session.play(move.pit);
    }
    auto game = std::make_shared<Game>(stored.id, std::move(session), stored.spec, stored.level, stored.created_ms);
    game->active_ms = stored.active_ms;
    game->saved_active_ms = stored.active_ms;
    return game;
}

GameStore::GameStore(StoreSettings settings, GameDatabase& database)
    : settings_(std::move(settings)), database_(database) {
    sweep();
    for (const StoredGame& stored : database_.load_live(settings_.max_games)) {
        std::shared_ptr<Game> game;
        try {
            game = from_stored(stored);
        } catch (const DamagedGame& e) {
            put_aside(stored.id, e.what());  // one bad row does not keep the others from being served
            continue;
        }
        const bool played = !game->session.history().empty();
        games_.emplace(stored.id, Entry{std::move(game), stored.active_ms, stored.finished_ms, played, {}});
    }
}

GameStore::~GameStore() {
    try {
        const std::lock_guard lock(mutex_);
        for (auto& [id, entry] : games_) {
            Game& game = *entry.game;
            const std::lock_guard game_lock(game.mutex);  // nobody waits for mutex_ now: the server has stopped
            if (!game.gone && game.saved_active_ms != game.active_ms)
                database_.set_times(id, game.active_ms, entry.finished_ms);
        }
    } catch (const std::exception&) {
        // the times are a minute behind at most: nothing to lose sleep over at exit
    }
}

UnixMs GameStore::resolution_ms() const { return std::min<UnixMs>(60'000, settings_.idle_timeout.count() / 10); }

Clock::duration GameStore::activity_resolution() const { return std::chrono::milliseconds(resolution_ms()); }

bool GameStore::expired(const Entry& entry, UnixMs now) const {
    if (entry.finished_ms) return now - *entry.finished_ms > settings_.keep_finished.count();
    return now - entry.active_ms > settings_.idle_timeout.count();
}

bool GameStore::try_drop(std::unordered_map<std::string, Entry>::iterator it) {
    Game& game = *it->second.game;
    if (game.thinking) return false;
    std::unique_lock lock(game.mutex, std::try_to_lock);
    if (!lock.owns_lock()) return false;  // a request is using it
    if (game.saved_active_ms != game.active_ms) {
        try {
            database_.set_times(game.id, game.active_ms, it->second.finished_ms);
            game.saved_active_ms = game.active_ms;
        } catch (const StoreError&) {
            return false;  // keep it in memory, where its time is right
        }
    }
    game.gone = true;
    lock.unlock();
    games_.erase(it);
    return true;
}

void GameStore::drop_expired(UnixMs now) {
    // The database keeps them until the next sweep; find() no longer returns them.
    for (auto it = games_.begin(); it != games_.end();) {
        const auto next = std::next(it);
        if (expired(it->second, now)) try_drop(it);
        it = next;
    }
}

bool GameStore::evict_one(UnixMs now) {
    // Games never played and left so for a while first (they cost nothing to load again),
    // then finished games, then games idle for a while, then games just made and not yet
    // played (their players are about to move: evicted first, under load they came back
    // only to be evicted again); the least recently active first. A flood of new games so
    // displaces the others before its own kind, which the database still serves.
    enum Rank { kUnplayed, kFinished, kIdle, kJustMade };
    std::vector<std::pair<std::pair<int, UnixMs>, std::string>> candidates;
    for (const auto& [id, entry] : games_) {
        const bool idle = now - entry.active_ms >= settings_.active_window.count();
        if (!entry.played && !entry.finished_ms) {
            candidates.push_back({{idle ? kUnplayed : kJustMade, entry.active_ms}, id});
        } else if (entry.finished_ms) {
            candidates.push_back({{kFinished, entry.active_ms}, id});
        } else if (idle) {
            candidates.push_back({{kIdle, entry.active_ms}, id});
        }
    }
    std::sort(candidates.begin(), candidates.end());
    for (const auto& [rank, id] : candidates) {
        const auto it = games_.find(id);
        if (!try_drop(it)) continue;
        (rank.first == kFinished ? evicted_finished_ : rank.first == kIdle ? evicted_idle_ : evicted_unplayed_)++;
        return true;
    }
    return false;
}

std::size_t GameStore::games_of(const std::string& client, UnixMs now) const {
    return static_cast<std::size_t>(std::count_if(games_.begin(), games_.end(), [&](const auto& item) {
        return item.second.client == client && !item.second.finished_ms && !expired(item.second, now);
    }));
}

std::shared_ptr<Game> GameStore::create(play::GameSession session, std::string spec,
                                        std::optional<std::string> level, std::string client) {
    const UnixMs now = settings_.clock();
    const std::lock_guard lock(mutex_);
    // Counted at each new game (a thousand entries at most, and new games are rate-limited):
    // nothing to keep in step as games finish, leave memory or expire.
    if (const std::size_t cap = settings_.max_games_per_client; cap > 0 && !client.empty()) {
        if (const std::size_t held = games_of(client, now); held >= cap)
            throw TooManyGames(fmt::format(
                "your address already has {} games in play here (the limit is {}): finish one, or wait for "
                "one you left to expire",
                held, cap));
    }
    if (games_.size() >= settings_.max_games) drop_expired(now);
    if (games_.size() >= settings_.max_games && !evict_one(now))
        throw StoreFull(
            fmt::format("all {} games in memory are in active play; try again in a minute", settings_.max_games));
    std::string id = random_game_id();
    while (games_.contains(id)) id = random_game_id();  // 2^-128 per pair: never in practice
    auto game = std::make_shared<Game>(id, std::move(session), std::move(spec), std::move(level), now);
    database_.insert(to_stored(*game, std::nullopt));
    games_.emplace(std::move(id), Entry{game, now, std::nullopt, false, std::move(client)});
    return game;
}

std::shared_ptr<Game> GameStore::find(const std::string& id, Access access) {
    const UnixMs now = settings_.clock();
    {
        const std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it != games_.end()) {
            if (!expired(it->second, now)) return it->second.game;
            // Expired: deleted by the next sweep (or just below if nobody holds it).
            if (try_drop(it)) {
                database_.erase(id);
                ++expired_;
            }
            return nullptr;
        }
    }
    {
        const std::lock_guard lock(mutex_);
        if (const auto it = damaged_.find(id); it != damaged_.end()) throw DamagedGame(it->second);
    }
    // Not in memory: from the database, read outside the lock.
    std::optional<StoredGame> stored = database_.load(id);
    if (!stored) return nullptr;
    const Entry probe{nullptr, stored->active_ms, stored->finished_ms, false, {}};
    if (expired(probe, now)) return nullptr;
    std::shared_ptr<Game> game;
    try {
        game = from_stored(*stored);
    } catch (const DamagedGame& e) {
        const std::lock_guard lock(mutex_);
        put_aside(id, e.what());
        throw;
    }
    const std::lock_guard lock(mutex_);
    if (const auto it = games_.find(id); it != games_.end()) return it->second.game;  // loaded meanwhile
    if (games_.size() >= settings_.max_games && !evict_one(now)) {
        // Read without being kept: nobody else holds this copy, so it is never changed.
        if (access == Access::Read) return game;
        throw StoreFull(
            fmt::format("all {} games in memory are in active play; try again in a minute", settings_.max_games));
    }
    games_.emplace(id, Entry{game, stored->active_ms, stored->finished_ms, !game->session.history().empty(), {}});
    return game;
}

void GameStore::commit(Game& game, play::GameSession next) {
    const UnixMs now = settings_.clock();
    const auto& before = game.session.history();
    const auto& after = next.history();
    std::size_t keep = 0;
    while (keep < before.size() && keep < after.size() && before[keep].side == after[keep].side &&
           before[keep].pit == after[keep].pit)
        ++keep;
    std::vector<StoredMove> added;
    for (std::size_t i = keep; i < after.size(); ++i) added.push_back(StoredMove{after[i].side, after[i].pit});
    std::optional<UnixMs> finished_ms;
    if (next.is_over()) {
        const std::lock_guard lock(mutex_);
        const auto it = games_.find(game.id);
        finished_ms = it != games_.end() && it->second.finished_ms ? *it->second.finished_ms : now;
    }
    // The game's row (its times) is written when the game ends or goes on again, or when
    // its saved activity is a resolution behind; otherwise only the moves are.
    const bool times_due =
        next.is_over() != game.session.is_over() || now - game.saved_active_ms >= resolution_ms();
    if (!database_.update_moves(game.id, keep, added, times_due ? std::optional<UnixMs>(now) : std::nullopt,
                                finished_ms))
        throw StoreError(fmt::format("game store: game {} is no longer in the database", game.id));
    game.session = std::move(next);
    game.active_ms = now;
    if (times_due) game.saved_active_ms = now;
    const std::lock_guard lock(mutex_);
    if (const auto it = games_.find(game.id); it != games_.end() && it->second.game.get() == &game) {
        it->second.active_ms = now;
        it->second.finished_ms = finished_ms;
        it->second.played = !game.session.history().empty();
    }
}

GameStore::Removal GameStore::remove(const std::string& id) {
    const std::shared_ptr<Game> game = find(id);
    if (!game) return Removal::NotFound;
    {
        const std::lock_guard game_lock(game->mutex);
        if (game->gone) return Removal::NotFound;
        if (game->session.is_over()) return Removal::Finished;
        game->gone = true;
        database_.erase(id);
    }
    const std::lock_guard lock(mutex_);
    if (const auto it = games_.find(id); it != games_.end() && it->second.game == game) games_.erase(it);
    return Removal::Removed;
}

std::size_t GameStore::sweep() {
    const UnixMs now = settings_.clock();
    // Games in memory by their exact activity (their rows may be a resolution behind)...
    std::size_t from_memory = 0;
    {
        const std::lock_guard lock(mutex_);
        for (auto it = games_.begin(); it != games_.end();) {
            const auto next = std::next(it);
            const std::string id = it->first;
            if (expired(it->second, now) && try_drop(it)) {
                database_.erase(id);
                ++from_memory;
            }
            it = next;
        }
    }
    expired_ += from_memory;
    // ...and the rest by their rows, allowing for that.
    std::vector<std::string> deleted = database_.delete_expired(
        now - settings_.idle_timeout.count() - resolution_ms(), now - settings_.keep_finished.count());
    expired_ += deleted.size();
    std::vector<std::string> trimmed = database_.trim(settings_.max_stored);
    deleted.insert(deleted.end(), trimmed.begin(), trimmed.end());
    // Games deleted from the database leave memory too. A game's lock is never taken while
    // holding the store's: collect them first, mark them gone, then forget them.
    std::vector<std::shared_ptr<Game>> dropped;
    {
        const std::lock_guard lock(mutex_);
        for (const std::string& id : deleted)
            if (const auto it = games_.find(id); it != games_.end()) dropped.push_back(it->second.game);
    }
    for (const std::shared_ptr<Game>& game : dropped) {
        {
            const std::lock_guard game_lock(game->mutex);
            game->gone = true;
        }
        const std::lock_guard lock(mutex_);
        if (const auto it = games_.find(game->id); it != games_.end() && it->second.game == game) games_.erase(it);
    }
    return from_memory + deleted.size();
}

std::size_t GameStore::live() const {
    const UnixMs now = settings_.clock();
    const std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count_if(games_.begin(), games_.end(), [&](const auto& item) {
        return !item.second.finished_ms && !expired(item.second, now);
    }));
}

std::size_t GameStore::in_memory() const {
    const std::lock_guard lock(mutex_);
    return games_.size();
}

void GameStore::put_aside(const std::string& id, const std::string& why) {
    if (damaged_.contains(id) || damaged_.size() >= kMaxDamaged) return;
    damaged_.emplace(id, why);
    fmt::print(stderr, "mancala serve: {}; the game is put aside (its requests get 410)\n", why);
}

std::vector<std::pair<std::string, std::string>> GameStore::damaged() const {
    const std::lock_guard lock(mutex_);
    return {damaged_.begin(), damaged_.end()};
}

GameStore::Totals GameStore::totals() const {
    return Totals{evicted_unplayed_, evicted_finished_, evicted_idle_, expired_};
}

}  // namespace mancala::server
