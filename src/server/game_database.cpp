#include "server/game_database.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>
#include <mutex>
#include <string_view>

namespace mancala::server {
namespace {

/// The schema of format 1. The CHECKs hold for every format to come (they cannot be
/// changed without rebuilding a table); the limits that may grow, such as the most pits,
/// are checked in code instead. STRICT makes SQLite refuse a value of the wrong type.
/// games_by_age serves load_live, delete_expired, trim and counts: unfinished games
/// (finished_ms NULL) come first in it, by activity; finished ones follow, by end time.
constexpr std::string_view kSchema = R"sql(
CREATE TABLE games (
    id TEXT NOT NULL PRIMARY KEY CHECK (length(id) = 32 AND id NOT GLOB '*[^0-9a-f]*'),
    rules TEXT NOT NULL CHECK (rules <> ''),
    pits INTEGER NOT NULL CHECK (pits >= 1),
    seeds INTEGER NOT NULL CHECK (seeds >= 0),
    first TEXT NOT NULL CHECK (first IN ('south', 'north')),
    spec TEXT NOT NULL,
    level TEXT,
    created_ms INTEGER NOT NULL,
    active_ms INTEGER NOT NULL,
    finished_ms INTEGER
) STRICT, WITHOUT ROWID;

CREATE INDEX games_by_age ON games (finished_ms, active_ms);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL CHECK (ply >= 0),
    side TEXT NOT NULL CHECK (side IN ('south', 'north')),
    pit INTEGER NOT NULL CHECK (pit >= 0),
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
)sql";

/// The columns of a game, in the order read_game expects them.
constexpr std::string_view kGameColumns =
    "id, rules, pits, seeds, first, spec, level, created_ms, active_ms, finished_ms";

/// How long opening waits for another connection to let go of the file: long enough for
/// a server that is shutting down, short enough to refuse a second server at once.
constexpr int kOpenBusyTimeoutMs = 250;

/// The write-ahead log is truncated back to this size after a checkpoint (it otherwise
/// keeps its largest size).
constexpr int kWalSizeLimit = 8 << 20;

bool is_game_id(std::string_view id) {
    return id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

bool is_side(Side side) { return side == Side::South || side == Side::North; }

std::optional<Side> side_named(std::string_view name) {
    if (name == "south") return Side::South;
    if (name == "north") return Side::North;
    return std::nullopt;
}

/// What is wrong with a game's setup (everything but its moves), if anything.
std::optional<std::string> setup_problem(const StoredGame& game) {
    if (!is_game_id(game.id)) return fmt::format("its id \"{}\" is not 32 lowercase hex digits", game.id);
    if (game.rules.empty()) return "it has no rules";
    if (game.pits < 1 || game.pits > kMaxStoredPits)
        return fmt::format("it has {} pits a side (1 to {} allowed)", game.pits, kMaxStoredPits);
    if (game.seeds < 0 || 2LL * game.pits * game.seeds > kMaxStoredStones)
        return fmt::format("it has {} seeds a pit (at most {} stones in all allowed)", game.seeds,
                           kMaxStoredStones);
    if (!is_side(game.first)) return "its first player is neither south nor north";
    return std::nullopt;
}

/// What is wrong with the move at `ply` of a game with `pits` pits a side, if anything.
std::optional<std::string> move_problem(const StoredMove& move, int pits, std::size_t ply) {
    if (!is_side(move.side)) return fmt::format("the move at ply {} is by neither south nor north", ply);
    if (move.pit < 0 || move.pit >= pits)
        return fmt::format("the move at ply {} is in pit {}, outside 0 to {}", ply, move.pit, pits - 1);
    return std::nullopt;
}

/// A SQLite failure in plain words, with what to do where there is something to do.
std::string describe(int rc, std::string_view message, int system_errno) {
    std::string detail(message);
    if (system_errno != 0) detail += fmt::format(": {}", std::strerror(system_errno));
    switch (rc & 0xff) {
        case SQLITE_NOTADB:
            return fmt::format("not a SQLite database ({}); move it away or give another --store", detail);
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return "in use by another process (another mancala serve?); stop it or give another --store";
        case SQLITE_CORRUPT:
            return fmt::format("corrupt ({}); move it away or give another --store", detail);
        case SQLITE_CANTOPEN:
            return fmt::format(
                "cannot open or create the file ({}); check that its folder exists and can be written", detail);
        case SQLITE_READONLY:
        case SQLITE_PERM:
        case SQLITE_AUTH:
            return fmt::format("cannot be written ({}); check the permissions of the file and its folder", detail);
        case SQLITE_FULL:
            return fmt::format("the disk is full ({})", detail);
        case SQLITE_IOERR:
            return fmt::format("reading or writing the file failed ({}); check that the disk works and has room",
                               detail);
        case SQLITE_NOMEM:
            return "out of memory";
        default:
            return detail;
    }
}

/// The OS error behind `rc`, for the failures that have one (SQLite keeps the last one
/// of the connection, which may be stale for the others).
int system_errno_of(sqlite3* db, int rc) {
    const int primary = rc & 0xff;
    if (primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR || primary == SQLITE_FULL)
        return sqlite3_system_errno(db);
    return 0;
}

std::int64_t clamp_to_int64(std::size_t n) {
    constexpr auto kMax = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
    return static_cast<std::int64_t>(std::min(n, kMax));
}

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

    void open(Durability durability);

    /// Throws StoreError for SQLite result `rc` while doing `action` ("save game X").
    [[noreturn]] void fail(std::string_view action, int rc) const {
        throw StoreError(fmt::format("game store {}: cannot {}: {}", path, action,
                                     describe(rc, sqlite3_errmsg(db.get()), system_errno_of(db.get(), rc))));
    }
    /// Throws StoreError for a problem found while opening.
    [[noreturn]] void refuse(std::string_view problem) const {
        throw StoreError(fmt::format("game store {}: {}", path, problem));
    }
    [[noreturn]] void refuse(int rc) const {
        refuse(describe(rc, sqlite3_errmsg(db.get()), system_errno_of(db.get(), rc)));
    }
    /// Throws StoreError for a game whose rows do not make a valid game.
    [[noreturn]] void damaged(std::string_view id, std::string_view problem) const {
        throw StoreError(fmt::format("game store {}: corrupt (game {}: {}); move it away or give another --store",
                                     path, id, problem));
    }

    /// Runs `sql`, putting its rows' first column in `rows` as text joined by "; "; returns
    /// the SQLite result: SQLITE_DONE if all went well.
    int run_text(const std::string& sql, std::string& rows) const {
        sqlite3_stmt* raw = nullptr;
        const int prepared = sqlite3_prepare_v2(db.get(), sql.c_str(), -1, &raw, nullptr);
        const Statement statement(raw);
        if (prepared != SQLITE_OK) return prepared;
        int rc;
        while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(raw, 0));
            rows += fmt::format("{}{}", rows.empty() ? "" : "; ", text != nullptr ? text : "NULL");
        }
        return rc;
    }
    /// For opening: the rows of `sql` as run_text gives them; refuses the file on any
    /// failure, saying why in the terms of the failure.
    std::string single_text(const std::string& sql) const {
        std::string rows;
        if (const int rc = run_text(sql, rows); rc != SQLITE_DONE) refuse(rc);
        return rows;
    }
    std::int64_t single_value(const std::string& sql) const {
        const std::string text = single_text(sql);
        try {
            return std::stoll(text);
        } catch (const std::exception&) {
            refuse(fmt::format("{} gives \"{}\", not a number", sql, text));
        }
    }
    /// PRAGMA quick_check's findings: "ok" if it finds nothing wrong.
    std::string quick_check() const {
        std::string findings;
        const int rc = run_text("PRAGMA quick_check(5)", findings);
        if ((rc & 0xff) == SQLITE_CORRUPT) return sqlite3_errmsg(db.get());
        if (rc != SQLITE_DONE) refuse(rc);
        return findings;
    }

    sqlite3_stmt* prepare(std::string_view sql) {
        sqlite3_stmt* statement = nullptr;
        const int rc = sqlite3_prepare_v3(db.get(), sql.data(), static_cast<int>(sql.size()),
                                          SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
        if (rc != SQLITE_OK) {
            sqlite3_finalize(statement);
            refuse(fmt::format("not a usable mancala game store ({}); move it away or give another --store",
                               sqlite3_errmsg(db.get())));
        }
        statements.emplace_back(statement);
        return statement;
    }

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

/// Runs `sql` (any number of statements, no parameters); returns the SQLite result code.
int execute(sqlite3* db, const std::string& sql) {
    return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
}

/// The game in the current row of `query`, whose columns are kGameColumns; its moves are
/// left empty. Throws StoreError (corrupt) if a value is of the wrong type or out of range.
StoredGame read_game(const Store& store, const Query& query) {
    StoredGame game;
    game.id = query.text(0).value_or("(no id)");
    const auto fail = [&](std::string_view problem) { store.damaged(game.id, problem); };
    if (!is_game_id(game.id)) fail("the id is not 32 lowercase hex digits");
    const auto rules = query.text(1), first = query.text(4), spec = query.text(5);
    const auto pits = query.integer(2), seeds = query.integer(3);
    const auto created = query.integer(7), active = query.integer(8);
    if (!rules || !spec) fail("its rules or spec is missing");
    if (!pits || *pits < 1 || *pits > kMaxStoredPits)
        fail(fmt::format("it has {} pits a side (1 to {} allowed)", pits.value_or(-1), kMaxStoredPits));
    if (!seeds || *seeds < 0 || *seeds > kMaxStoredStones)
        fail(fmt::format("it has {} seeds a pit (at most {} stones in all allowed)", seeds.value_or(-1),
                         kMaxStoredStones));
    const auto first_side = side_named(first.value_or(""));
    if (!first_side) fail(fmt::format("its first player \"{}\" is neither south nor north", first.value_or("")));
    if (!created || !active) fail("its creation or activity time is missing");
    if (!query.is_null(6) && !query.text(6)) fail("its level is not text");
    if (!query.is_null(9) && !query.integer(9)) fail("its end time is not a number");
    game.rules = *rules;
    game.pits = static_cast<int>(*pits);
    game.seeds = static_cast<int>(*seeds);
    game.first = *first_side;
    game.spec = *spec;
    game.level = query.text(6);
    game.created_ms = *created;
    game.active_ms = *active;
    game.finished_ms = query.integer(9);
    if (const auto problem = setup_problem(game)) fail(*problem);
    return game;
}

}  // namespace

void Store::open(Durability durability) {
    if (path.empty()) throw StoreError("game store: no file given; give a path or \":memory:\"");
    const bool memory = path == ":memory:";
    // Debian's SQLite takes names starting with "file:" as URIs (SQLITE_USE_URI): keep them plain.
    const std::string name = !memory && path.starts_with("file:") ? "./" + path : path;

    // SQLite takes a file of exactly one byte for an empty database (its Unix layer reports
    // the size as 0, for an old OS X bug) and would write a new database over it.
    std::error_code unknown;
    if (!memory && std::filesystem::file_size(name, unknown) == 1)
        refuse("not a SQLite database (the file is 1 byte long); move it away or give another --store");

    if (!memory && std::filesystem::is_directory(name, unknown))
        refuse("is a folder; give the path of a file in it, e.g. FOLDER/games.sqlite3");

    sqlite3* raw = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    const int opened = sqlite3_open_v2(name.c_str(), &raw, flags, nullptr);
    db.reset(raw);  // closed on every way out, even a failed open
    if (raw == nullptr) refuse("out of memory");
    if (opened != SQLITE_OK) refuse(opened);

    // A file SQLite may not write is opened read-only without a word: refuse it instead.
    if (sqlite3_db_readonly(db.get(), "main") == 1)
        refuse("cannot be written (it is read-only); check the permissions of the file and its folder");
    // The file is ours only, and its schema is trusted no more than its data.
    sqlite3_db_config(db.get(), SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db.get(), SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_busy_timeout(db.get(), kOpenBusyTimeoutMs);

    // Before the first read: the file lock taken then is kept until close, and in WAL mode
    // the WAL index lives in this process's memory (no -shm file, no other process can share).
    if (const int rc = execute(db.get(), "PRAGMA locking_mode = EXCLUSIVE"); rc != SQLITE_OK) refuse(rc);

    // Read only, until the file is known to be a store of ours (or empty).
    const std::int64_t application_id = single_value("PRAGMA application_id");
    const std::int64_t format = single_value("PRAGMA user_version");
    const std::int64_t objects = single_value("SELECT count(*) FROM sqlite_schema");
    const bool fresh = application_id == 0 && format == 0 && objects == 0;
    if (!fresh && application_id != kStoreApplicationId) {
        if (application_id != 0)
            refuse(
                fmt::format("a SQLite database of another program (application id {:#010x}, not mancala's "
                            "{:#010x}); move it away or give another --store",
                            application_id, kStoreApplicationId));
        refuse(
            "a SQLite database of another program (it is not empty and has no mancala application id); "
            "move it away or give another --store");
    }
    if (!fresh && format > kStoreFormat)
        refuse(
            fmt::format("made by a newer mancala (format {}; this one reads format {}); use that version or "
                        "give another --store",
                        format, kStoreFormat));
    if (!fresh && format < 1)
        refuse(fmt::format("an unknown store format {}; move it away or give another --store", format));

    if (!fresh) {
        const std::string findings = quick_check();
        if (findings != "ok")
            refuse(fmt::format("corrupt (quick_check: {}); move it away or give another --store", findings));
    }

    if (!memory) {
        const std::string journal = single_text("PRAGMA journal_mode = WAL");
        if (journal != "wal")
            refuse(fmt::format("cannot use a write-ahead log (the journal mode stays \"{}\")", journal));
    }
    const std::string settings =
        fmt::format("PRAGMA synchronous = {}; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = {};",
                    durability == Durability::power_loss ? "FULL" : "NORMAL", kWalSizeLimit);
    if (const int rc = execute(db.get(), settings); rc != SQLITE_OK) refuse(rc);

    // Create the schema, or write nothing: either way a write transaction, which takes the
    // file's exclusive lock now rather than at the first move.
    const std::string create = fresh ? fmt::format("{}PRAGMA application_id = {}; PRAGMA user_version = {};",
                                                   kSchema, kStoreApplicationId, kStoreFormat)
                                     : std::string();
    if (const int rc = execute(db.get(), "BEGIN EXCLUSIVE; " + create + "COMMIT;"); rc != SQLITE_OK) {
        execute(db.get(), "ROLLBACK");
        refuse(rc);
    }
    sqlite3_busy_timeout(db.get(), 0);  // nobody else can hold the file now

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

struct GameDatabase::Impl : Store {
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
    if (auto problem = setup_problem(game))
        throw StoreError(fmt::format("game store {}: cannot {}: {}", store.path, action, *problem));
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply)
        if (auto problem = move_problem(game.moves[ply], game.pits, ply))
            throw StoreError(fmt::format("game store {}: cannot {}: {}", store.path, action, *problem));

    Transaction transaction(store, action);
    {
        Query query(store, store.insert_game, action);
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
        Query query(store, store.insert_move, action);
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

    Transaction transaction(store, action);
    int pits = 0;
    std::int64_t stored = 0;
    {
        Query query(store, store.game_size, action);
        if (!query.bind(std::string_view(id)).step()) return false;  // nothing was changed
        pits = static_cast<int>(std::clamp<std::int64_t>(query.integer(0).value_or(0), 0, kMaxStoredPits));
        stored = query.integer(1).value_or(0);
    }
    for (std::size_t i = 0; i < append.size(); ++i)
        if (auto problem = move_problem(append[i], pits, keep + i)) refuse(*problem);
    if (keep > static_cast<std::size_t>(stored))
        refuse(fmt::format("it has {} moves, fewer than the {} to keep", stored, keep));
    if (keep < static_cast<std::size_t>(stored)) {
        Query query(store, store.delete_moves_from, action);
        query.bind(std::string_view(id)).bind(static_cast<std::int64_t>(keep)).run();
    }
    for (std::size_t i = 0; i < append.size(); ++i) {
        Query query(store, store.insert_move, action);
        query.bind(std::string_view(id)).bind(static_cast<std::int64_t>(keep + i));
        query.bind(to_string(append[i].side)).bind(append[i].pit).run();
    }
    if (active_ms)
        Query(store, store.touch_game, action).bind(std::string_view(id)).bind(*active_ms).bind(finished_ms).run();
    transaction.commit();
    return true;
}

bool GameDatabase::set_times(const std::string& id, std::int64_t active_ms,
                             std::optional<std::int64_t> finished_ms) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = fmt::format("save the times of game {}", id);
    Query(store, store.touch_game, action).bind(std::string_view(id)).bind(active_ms).bind(finished_ms).run();
    return sqlite3_changes(store.db.get()) > 0;
}

bool GameDatabase::erase(const std::string& id) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = fmt::format("delete game {}", id);
    Query(store, store.delete_game, action).bind(std::string_view(id)).run();  // its own transaction
    return sqlite3_changes(store.db.get()) > 0;  // the moves deleted by the cascade do not count
}

namespace {

/// Reads the moves of `game` (whose setup is read), checking them.
void read_moves(const Store& store, sqlite3_stmt* select_moves, StoredGame& game) {
    Query query(store, select_moves, fmt::format("read game {}", game.id));
    query.bind(std::string_view(game.id));
    while (query.step()) {
        const std::size_t expected = game.moves.size();
        const auto ply = query.integer(0), pit = query.integer(2);
        const auto side_name = query.text(1);
        if (!ply || *ply != static_cast<std::int64_t>(expected)) {
            if (ply && *ply > static_cast<std::int64_t>(expected))
                store.damaged(game.id, fmt::format("the moves skip from ply {} to ply {}", expected, *ply));
            store.damaged(game.id, fmt::format("a move has a bad ply after ply {}", expected));
        }
        const auto side = side_named(side_name.value_or(""));
        if (!side)
            store.damaged(game.id, fmt::format("the move at ply {} is by \"{}\", neither south nor north", expected,
                                               side_name.value_or("")));
        if (!pit || *pit < 0 || *pit >= game.pits)
            store.damaged(game.id, fmt::format("the move at ply {} is in pit {}, outside 0 to {}", expected,
                                               pit.value_or(-1), game.pits - 1));
        game.moves.push_back({*side, static_cast<int>(*pit)});
    }
}

}  // namespace

std::optional<StoredGame> GameDatabase::load(const std::string& id) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    std::optional<StoredGame> game;
    {
        Query query(store, store.select_game, fmt::format("read game {}", id));
        query.bind(std::string_view(id));
        if (!query.step()) return std::nullopt;
        game = read_game(store, query);
    }
    read_moves(store, store.select_moves, *game);
    return game;
}

std::vector<StoredGame> GameDatabase::load_live(std::size_t limit) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    std::vector<StoredGame> games;
    {
        Query query(store, store.select_live, "read the unfinished games");
        query.bind(clamp_to_int64(limit));
        while (query.step()) games.push_back(read_game(store, query));
    }
    for (StoredGame& game : games) read_moves(store, store.select_moves, game);
    return games;
}

std::vector<std::string> GameDatabase::delete_expired(std::int64_t live_before_ms,
                                                      std::int64_t finished_before_ms) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    std::vector<std::string> ids;
    Query query(store, store.delete_expired, "delete expired games");
    query.bind(live_before_ms).bind(finished_before_ms);
    // The first step deletes every row; the last one (done) commits.
    while (query.step()) ids.push_back(query.text(0).value_or(""));
    return ids;
}

std::vector<std::string> GameDatabase::trim(std::size_t max_games) {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    const std::string action = "delete the oldest games";
    Transaction transaction(store, action);
    std::int64_t total = 0;
    {
        Query query(store, store.count_games, action);
        query.step();
        total = query.integer(0).value_or(0) + query.integer(1).value_or(0);
    }
    std::vector<std::string> ids;
    const std::int64_t excess = total - clamp_to_int64(max_games);
    for (sqlite3_stmt* oldest : {store.oldest_finished, store.least_active_live}) {
        if (static_cast<std::int64_t>(ids.size()) >= excess) break;
        Query query(store, oldest, action);
        query.bind(excess - static_cast<std::int64_t>(ids.size()));
        while (query.step()) ids.push_back(query.text(0).value_or(""));
    }
    for (const std::string& id : ids) Query(store, store.delete_game, action).bind(std::string_view(id)).run();
    transaction.commit();
    return ids;
}

GameDatabase::Counts GameDatabase::counts() {
    Impl& store = *impl_;
    const std::lock_guard lock(store.mutex);
    Query query(store, store.count_games, "count the games");
    query.step();
    return {static_cast<std::size_t>(query.integer(0).value_or(0)),
            static_cast<std::size_t>(query.integer(1).value_or(0))};
}

}  // namespace mancala::server
