// How the game database's connection reports a failure: every SQLite error in plain words,
// with the file and what to do where there is something to do. And its small tools: the
// one-off queries of opening, and the preparing of the statements its calls keep.

#include "server/game_database_internal.hpp"

#include <fmt/format.h>

#include <cstring>
#include <exception>

namespace mancala::server::sqlite_store {
namespace {

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

}  // namespace

void Store::fail(std::string_view action, int rc) const {
    throw StoreError(fmt::format("game store {}: cannot {}: {}", path, action,
                                 describe(rc, sqlite3_errmsg(db.get()), system_errno_of(db.get(), rc))));
}

void Store::refuse(std::string_view problem) const {
    throw StoreError(fmt::format("game store {}: {}", path, problem));
}

void Store::refuse(int rc) const { refuse(describe(rc, sqlite3_errmsg(db.get()), system_errno_of(db.get(), rc))); }

void Store::damaged(std::string_view id, std::string_view problem) const {
    throw StoreError(fmt::format("game store {}: corrupt (game {}: {}); move it away or give another --store", path,
                                 id, problem));
}

int Store::run_text(const std::string& sql, std::string& rows) const {
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

std::string Store::single_text(const std::string& sql) const {
    std::string rows;
    if (const int rc = run_text(sql, rows); rc != SQLITE_DONE) refuse(rc);
    return rows;
}

std::int64_t Store::single_value(const std::string& sql) const {
    const std::string text = single_text(sql);
    try {
        return std::stoll(text);
    } catch (const std::exception&) {
        refuse(fmt::format("{} gives \"{}\", not a number", sql, text));
    }
}

std::string Store::quick_check() const {
    std::string findings;
    const int rc = run_text("PRAGMA quick_check(5)", findings);
    if ((rc & 0xff) == SQLITE_CORRUPT) return sqlite3_errmsg(db.get());
    if (rc != SQLITE_DONE) refuse(rc);
    return findings;
}

sqlite3_stmt* Store::prepare(std::string_view sql) {
    sqlite3_stmt* statement = nullptr;
    const int rc = sqlite3_prepare_v3(db.get(), sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                      &statement, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(statement);
        refuse(fmt::format("not a usable mancala game store ({}); move it away or give another --store",
                           sqlite3_errmsg(db.get())));
    }
    statements.emplace_back(statement);
    return statement;
}

}  // namespace mancala::server::sqlite_store
