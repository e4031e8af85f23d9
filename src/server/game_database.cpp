// The game database's calls. Each runs under the connection's mutex, as one transaction of
// statements prepared once when the file is opened; their SQL is here, beside the calls
// that run it. Opening is game_database_schema.cpp; a game's rows, game_database_rows.cpp.

#include "server/game_database.hpp"

#include "server/game_database_internal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <mutex>
#include <string_view>

namespace mancala::server {
namespace {

std::int64_t clamp_to_int64(std::size_t n) {
    constexpr auto kMax = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
    return static_cast<std::int64_t>(std::min(n, kMax));
}

}  // namespace

namespace sqlite_store {

void Store::prepare_statements() {
    begin = prepare("BEGIN IMMEDIATE");
    commit = prepare("COMMIT");
    rollback = prepare("ROLLBACK");
    insert_game = prepare(
        fmt::format("INSERT INTO games ({}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", kGameColumns));
    insert_move = prepare("INSERT INTO moves (game_id, ply, side, pit) VALUES (?1, ?2, ?3, ?4)");
    select_game = prepare(fmt::format("SELECT {} FROM games WHERE id = ?1", kGameColumns));
    select_live = prepare(fmt::format(
        "SELECT {} FROM games WHERE finished_ms IS NULL ORDER BY active_ms DESC, id DESC LIMIT ?1", kGameColumns));
    select_moves = prepare("SELECT ply, side, pit FROM moves WHERE game_id = ?1 ORDER BY ply");
    // Not UPDATE ... RETURNING: that builds a temporary table for the returned row (a 90 KB
    // page cache, allocated and freed on every move).
    game_size = prepare("SELECT pits, (SELECT count(*) FROM moves WHERE game_id = ?1) FROM games WHERE id = ?1");
    touch_game = prepare("UPDATE games SET active_ms = ?2, finished_ms = ?3 WHERE id = ?1");
    delete_moves_from = prepare("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2");
    delete_game = prepare("DELETE FROM games WHERE id = ?1");
    delete_expired = prepare(
        "DELETE FROM games WHERE (finished_ms IS NULL AND active_ms < ?1) OR finished_ms < ?2 RETURNING id");
    oldest_finished =
        prepare("SELECT id FROM games WHERE finished_ms IS NOT NULL ORDER BY finished_ms, active_ms, id LIMIT ?1");
    least_active_live = prepare("SELECT id FROM games WHERE finished_ms IS NULL ORDER BY active_ms, id LIMIT ?1");
    count_games = prepare("SELECT count(*) - count(finished_ms), count(finished_ms) FROM games");
}

}  // namespace sqlite_store

struct GameDatabase::Impl : sqlite_store::Store {
    using Store::Store;
};

GameDatabase::GameDatabase(const std::string& path, Durability durability) : impl_(std::make_unique<Impl>(path)) {
    impl_->open(durability);
}

GameDatabase::~GameDatabase() = default;

const std::string& GameDatabase::path() const { return impl_->path; }

void GameDatabase::insert(const StoredGame& game) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = fmt::format("save game {}", game.id);
    if (auto problem = sqlite_store::setup_problem(game))
        throw StoreError(fmt::format("game store {}: cannot {}: {}", store.path, action, *problem));
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply)
        if (auto problem = sqlite_store::move_problem(game.moves[ply], game.pits, ply))
            throw StoreError(fmt::format("game store {}: cannot {}: {}", store.path, action, *problem));

    sqlite_store::Transaction transaction(store, action);
    {
        sqlite_store::Query query(store, store.insert_game, action);
        query.bind(std::string_view(game.id)).bind(std::string_view(game.rules)).bind(game.pits).bind(game.seeds);
        query.bind(to_string(game.first)).bind(std::string_view(game.spec)).bind(game.level);
        query.bind(game.created_ms).bind(game.active_ms).bind(game.finished_ms);
        const int rc = sqlite3_step(store.insert_game);
        if (rc == SQLITE_CONSTRAINT_PRIMARYKEY)
            throw StoreError(
                fmt::format("game store {}: cannot {}: a game with that id is already stored", store.path, action));
        if (rc != SQLITE_DONE) store.fail(action, rc);
    }
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
        sqlite_store::Query query(store, store.insert_move, action);
        query.bind(std::string_view(game.id)).bind(static_cast<std::int64_t>(ply));
        query.bind(to_string(game.moves[ply].side)).bind(game.moves[ply].pit).run();
    }
    transaction.commit();
}

bool GameDatabase::update_moves(const std::string& id, std::size_t keep, std::span<const StoredMove> append,
                                std::optional<std::int64_t> active_ms, std::optional<std::int64_t> finished_ms) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = fmt::format("save the moves of game {}", id);
    const auto refuse = [&](std::string_view problem) {
        throw StoreError(fmt::format("game store {}: cannot {}: {}", store.path, action, problem));
    };

    sqlite_store::Transaction transaction(store, action);
    int pits = 0;
    std::int64_t stored = 0;
    {
        sqlite_store::Query query(store, store.game_size, action);
        if (!query.bind(std::string_view(id)).step()) return false;  // nothing was changed
        pits = static_cast<int>(std::clamp<std::int64_t>(query.integer(0).value_or(0), 0, kMaxStoredPits));
        stored = query.integer(1).value_or(0);
    }
    for (std::size_t i = 0; i < append.size(); ++i)
        if (auto problem = sqlite_store::move_problem(append[i], pits, keep + i)) refuse(*problem);
    if (keep > static_cast<std::size_t>(stored))
        refuse(fmt::format("it has {} moves, fewer than the {} to keep", stored, keep));
    if (keep < static_cast<std::size_t>(stored)) {
        sqlite_store::Query query(store, store.delete_moves_from, action);
        query.bind(std::string_view(id)).bind(static_cast<std::int64_t>(keep)).run();
    }
    for (std::size_t i = 0; i < append.size(); ++i) {
        sqlite_store::Query query(store, store.insert_move, action);
        query.bind(std::string_view(id)).bind(static_cast<std::int64_t>(keep + i));
        query.bind(to_string(append[i].side)).bind(append[i].pit).run();
    }
    if (active_ms)
        sqlite_store::Query(store, store.touch_game, action)
            .bind(std::string_view(id))
            .bind(*active_ms)
            .bind(finished_ms)
            .run();
    transaction.commit();
    return true;
}

bool GameDatabase::set_times(const std::string& id, std::int64_t active_ms,
                             std::optional<std::int64_t> finished_ms) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = fmt::format("save the times of game {}", id);
    sqlite_store::Query(store, store.touch_game, action)
        .bind(std::string_view(id))
        .bind(active_ms)
        .bind(finished_ms)
        .run();
    return sqlite3_changes(store.db.get()) > 0;
}

bool GameDatabase::erase(const std::string& id) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = fmt::format("delete game {}", id);
    sqlite_store::Query(store, store.delete_game, action).bind(std::string_view(id)).run();  // its own transaction
    return sqlite3_changes(store.db.get()) > 0;  // the moves deleted by the cascade do not count
}

std::optional<StoredGame> GameDatabase::load(const std::string& id) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    std::optional<StoredGame> game;
    {
        sqlite_store::Query query(store, store.select_game, fmt::format("read game {}", id));
        query.bind(std::string_view(id));
        if (!query.step()) return std::nullopt;
        game = sqlite_store::read_game(store, query);
    }
    sqlite_store::read_moves(store, store.select_moves, *game);
    return game;
}

std::vector<StoredGame> GameDatabase::load_live(std::size_t limit) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    std::vector<StoredGame> games;
    {
        sqlite_store::Query query(store, store.select_live, "read the unfinished games");
        query.bind(clamp_to_int64(limit));
        while (query.step()) games.push_back(sqlite_store::read_game(store, query));
    }
    for (StoredGame& game : games) sqlite_store::read_moves(store, store.select_moves, game);
    return games;
}

std::vector<std::string> GameDatabase::delete_expired(std::int64_t live_before_ms,
                                                      std::int64_t finished_before_ms) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    std::vector<std::string> ids;
    sqlite_store::Query query(store, store.delete_expired, "delete expired games");
    query.bind(live_before_ms).bind(finished_before_ms);
    // The first step deletes every row; the last one (done) commits.
    while (query.step()) ids.push_back(query.text(0).value_or(""));
    return ids;
}

std::vector<std::string> GameDatabase::trim(std::size_t max_games) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = "delete the oldest games";
    sqlite_store::Transaction transaction(store, action);
    std::int64_t total = 0;
    {
        sqlite_store::Query query(store, store.count_games, action);
        query.step();
        total = query.integer(0).value_or(0) + query.integer(1).value_or(0);
    }
    std::vector<std::string> ids;
    const std::int64_t excess = total - clamp_to_int64(max_games);
    for (sqlite3_stmt* oldest : {store.oldest_finished, store.least_active_live}) {
        if (static_cast<std::int64_t>(ids.size()) >= excess) break;
        sqlite_store::Query query(store, oldest, action);
        query.bind(excess - static_cast<std::int64_t>(ids.size()));
        while (query.step()) ids.push_back(query.text(0).value_or(""));
    }
    for (const std::string& id : ids)
        sqlite_store::Query(store, store.delete_game, action).bind(std::string_view(id)).run();
    transaction.commit();
    return ids;
}

GameDatabase::Counts GameDatabase::counts() {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    sqlite_store::Query query(store, store.count_games, "count the games");
    query.step();
    return {static_cast<std::size_t>(query.integer(0).value_or(0)),
            static_cast<std::size_t>(query.integer(1).value_or(0))};
}

}  // namespace mancala::server
