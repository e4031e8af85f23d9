#pragma once
// What GameDatabase's sources (game_database*.cpp) share, and nothing else includes: the
// SQLite connection with its prepared statements and its failures in plain words, one use
// of a statement, one transaction, and the mapping of a game to its rows and back.

#include "server/game_database.hpp"

#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mancala::server::sqlite_store {

/// The columns of a game, in the order read_game expects them.
inline constexpr std::string_view kGameColumns =
    "id, rules, pits, seeds, first, spec, level, created_ms, active_ms, finished_ms";

struct CloseDatabase {
    void operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }
};
struct FinalizeStatement {
    void operator()(sqlite3_stmt* statement) const noexcept { sqlite3_finalize(statement); }
};
using Statement = std::unique_ptr<sqlite3_stmt, FinalizeStatement>;

/// The connection, its statements and the ways it reports failures.
struct Store {
    explicit Store(std::string path) : path(std::move(path)) {}

    /// Opens the file, refusing any that is not a store of ours, and creates the schema in
    /// a fresh one (game_database_schema.cpp); then prepares the statements.
    void open(Durability durability);
    /// Prepares every statement the calls run (game_database.cpp).
    void prepare_statements();

    // These and the helpers below them are in game_database_connection.cpp.

    /// Throws StoreError for SQLite result `rc` while doing `action` ("save game X").
    [[noreturn]] void fail(std::string_view action, int rc) const;
    /// Throws StoreError for a problem found while opening.
    [[noreturn]] void refuse(std::string_view problem) const;
    [[noreturn]] void refuse(int rc) const;
    /// Throws StoreError for a game whose rows do not make a valid game.
    [[noreturn]] void damaged(std::string_view id, std::string_view problem) const;

    /// Runs `sql`, putting its rows' first column in `rows` as text joined by "; "; returns
    /// the SQLite result: SQLITE_DONE if all went well.
    int run_text(const std::string& sql, std::string& rows) const;
    /// For opening: the rows of `sql` as run_text gives them; refuses the file on any
    /// failure, saying why in the terms of the failure.
    std::string single_text(const std::string& sql) const;
    std::int64_t single_value(const std::string& sql) const;
    /// PRAGMA quick_check's findings: "ok" if it finds nothing wrong.
    std::string quick_check() const;

    /// Prepares `sql` to be run many times; it is finalized with the connection.
    sqlite3_stmt* prepare(std::string_view sql);

    const std::string path;
    std::mutex mutex;  ///< held through every public call
    // Declared before the statements, so it is closed after they are finalized.
    std::unique_ptr<sqlite3, CloseDatabase> db;
    std::vector<Statement> statements;  ///< every prepared statement, to finalize them

    sqlite3_stmt* begin = nullptr;
    sqlite3_stmt* commit = nullptr;
    sqlite3_stmt* rollback = nullptr;
    sqlite3_stmt* insert_game = nullptr;
    sqlite3_stmt* insert_move = nullptr;
    sqlite3_stmt* select_game = nullptr;
    sqlite3_stmt* select_live = nullptr;
    sqlite3_stmt* select_moves = nullptr;
    sqlite3_stmt* game_size = nullptr;
    sqlite3_stmt* touch_game = nullptr;
    sqlite3_stmt* delete_moves_from = nullptr;
    sqlite3_stmt* delete_game = nullptr;
    sqlite3_stmt* delete_expired = nullptr;
    sqlite3_stmt* oldest_finished = nullptr;
    sqlite3_stmt* least_active_live = nullptr;
    sqlite3_stmt* count_games = nullptr;
};

/// One use of a cached statement: binds parameters in order, steps, reads columns, and
/// resets the statement (releasing its read of the file) when it goes out of scope.
/// `action` says what the statement is for, in an error message ("save game X").
class Query {
public:
    Query(const Store& store, sqlite3_stmt* statement, std::string action)
        : store_(store), statement_(statement), action_(std::move(action)) {}
    ~Query() {
        sqlite3_reset(statement_);
        sqlite3_clear_bindings(statement_);
    }
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;

    // Text is bound without a copy: it must outlive the Query.
    Query& bind(std::string_view text) {
        return check(
            sqlite3_bind_text(statement_, ++bound_, text.data(), static_cast<int>(text.size()), SQLITE_STATIC));
    }
    Query& bind(std::int64_t value) { return check(sqlite3_bind_int64(statement_, ++bound_, value)); }
    Query& bind(int value) { return check(sqlite3_bind_int(statement_, ++bound_, value)); }
    Query& bind(std::optional<std::int64_t> value) {
        return value ? bind(*value) : check(sqlite3_bind_null(statement_, ++bound_));
    }
    Query& bind(const std::optional<std::string>& text) {
        return text ? bind(std::string_view(*text)) : check(sqlite3_bind_null(statement_, ++bound_));
    }

    /// Runs to the next row: true if there is one, false when done.
    bool step() {
        const int rc = sqlite3_step(statement_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        store_.fail(action_, rc);
    }
    /// Runs to the end, ignoring any rows.
    void run() {
        while (step()) {
        }
    }

    bool is_null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
    std::optional<std::int64_t> integer(int column) const {
        if (sqlite3_column_type(statement_, column) != SQLITE_INTEGER) return std::nullopt;
        return sqlite3_column_int64(statement_, column);
    }
    std::optional<std::string> text(int column) const {
        if (sqlite3_column_type(statement_, column) != SQLITE_TEXT) return std::nullopt;
        const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
        return std::string(bytes, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
    }

private:
    Query& check(int rc) {
        if (rc != SQLITE_OK) store_.fail(action_, rc);
        return *this;
    }

    const Store& store_;
    sqlite3_stmt* statement_;
    std::string action_;
    int bound_ = 0;
};

/// A write transaction: BEGIN IMMEDIATE now, rolled back unless commit() succeeds.
class Transaction {
public:
    Transaction(Store& store, std::string action) : store_(store), action_(std::move(action)) {
        Query(store_, store_.begin, action_).run();
    }
    ~Transaction() {
        // After a failed COMMIT SQLite may already have rolled back; then there is nothing to do.
        if (!committed_ && sqlite3_get_autocommit(store_.db.get()) == 0) {
            sqlite3_step(store_.rollback);
            sqlite3_reset(store_.rollback);
        }
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit() {
        Query(store_, store_.commit, action_).run();
        committed_ = true;
    }

private:
    Store& store_;
    std::string action_;
    bool committed_ = false;
};

// The rows of a game (game_database_rows.cpp).

/// What is wrong with a game's setup (everything but its moves), if anything.
std::optional<std::string> setup_problem(const StoredGame& game);

/// What is wrong with the move at `ply` of a game with `pits` pits a side, if anything.
std::optional<std::string> move_problem(const StoredMove& move, int pits, std::size_t ply);

/// The game in the current row of `query`, whose columns are kGameColumns; its moves are
/// left empty. Throws StoreError (corrupt) if a value is of the wrong type or out of range.
StoredGame read_game(const Store& store, const Query& query);

/// Reads the moves of `game` (whose setup is read), checking them.
void read_moves(const Store& store, sqlite3_stmt* select_moves, StoredGame& game);

}  // namespace mancala::server::sqlite_store
