// The store's file format and its opening. A file is ours by its application id and format
// (user_version); opening refuses any other, a corrupt or a locked one before writing a
// byte, then sets the journal and durability, and creates the schema in a fresh file.

#include "server/game_database_internal.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

namespace mancala::server::sqlite_store {
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

/// How long opening waits for another connection to let go of the file: long enough for
/// a server that is shutting down, short enough to refuse a second server at once.
constexpr int kOpenBusyTimeoutMs = 250;

/// The write-ahead log is truncated back to this size after a checkpoint (it otherwise
/// keeps its largest size).
constexpr int kWalSizeLimit = 8 << 20;

/// Runs `sql` (any number of statements, no parameters); returns the SQLite result code.
int execute(sqlite3* db, const std::string& sql) {
    return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
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

    prepare_statements();
}

}  // namespace mancala::server::sqlite_store
