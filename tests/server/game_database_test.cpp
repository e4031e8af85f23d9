// The server's game store on SQLite: what it keeps, what survives a crash, and the
// files it refuses to open.

#include "server/game_database.hpp"

#include "core/rules.hpp"
#include "support/temp_dir.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <functional>
#include <random>
#include <thread>

namespace mancala::server {
namespace {

namespace fs = std::filesystem;
using mancala::testing::read_text;
using mancala::testing::TempDir;
using mancala::testing::write_text;

static_assert(kMaxStoredPits == kMaxPits && kMaxStoredStones == kMaxTotalStones,
              "the store checks the limits of core/rules.hpp");

/// A valid game id: `n` as 32 hex digits.
std::string game_id(int n) { return fmt::format("{:032x}", n); }

StoredGame sample_game(int n) {
    StoredGame game;
    game.id = game_id(n);
    game.rules = "kalah";
    game.spec = "engine:time=300ms";
    game.level = "hard";
    game.created_ms = 1'700'000'000'000 + n;
    game.active_ms = game.created_ms;
    return game;
}

/// Runs `sql` on the file with a plain SQLite connection (as another program would).
void raw_sql(const fs::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    EXPECT_EQ(rc, SQLITE_OK) << sql << ": " << (error != nullptr ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
}

/// How many rows `sql` (a count) finds in the file, read with a plain SQLite connection.
std::int64_t raw_count(const fs::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_stmt* statement = nullptr;
    std::int64_t count = -1;
    if (sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW)
        count = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return count;
}

/// The message of the StoreError that `action` throws; fails the test if it throws none.
std::string store_error(const std::function<void()>& action) {
    try {
        action();
    } catch (const StoreError& error) {
        return error.what();
    }
    ADD_FAILURE() << "no StoreError";
    return "";
}

/// What a child process reported, and how it ended (as waitpid gives it).
struct ChildResult {
    int status = 0;
    std::string output;
};

/// Runs `body` in a child process, which writes what it returns to the parent and exits
/// with 0 (1 if it threw). The child never returns into the test.
ChildResult in_child(const std::function<std::string()>& body) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) return {-1, "pipe failed"};
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) return {-1, "fork failed"};
    if (pid == 0) {
        close(pipe_fds[0]);
        std::string output;
        int code = 0;
        try {
            output = body();
        } catch (const std::exception& error) {
            output = std::string("exception: ") + error.what();
            code = 1;
        }
        for (std::size_t done = 0; done < output.size();) {
            const ssize_t n = write(pipe_fds[1], output.data() + done, output.size() - done);
            if (n <= 0) break;
            done += static_cast<std::size_t>(n);
        }
        _exit(code);
    }
    close(pipe_fds[1]);
    ChildResult result;
    char buffer[4096];
    for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof buffer)) > 0;) result.output.append(buffer, n);
    close(pipe_fds[0]);
    waitpid(pid, &result.status, 0);
    return result;
}

class GameDatabaseTest : public ::testing::Test {
protected:
    std::string store_path() const { return (dir_.path() / "games.sqlite3").string(); }
    const fs::path& dir() const { return dir_.path(); }

private:
    TempDir dir_;
};

TEST_F(GameDatabaseTest, RoundTripsEveryField) {
    StoredGame full = sample_game(1);
    full.rules = "kalah";
    full.pits = 16;
    full.seeds = 1000;
    full.first = Side::North;
    full.spec = "mcts:iterations=5000 \"quoted\" \u00e9";
    full.level = "hard";
    full.created_ms = -5;  // times are whatever the caller's clock says
    full.active_ms = std::numeric_limits<std::int64_t>::max();
    full.finished_ms = 1'700'000'123'456;
    full.moves = {{Side::North, 15}, {Side::South, 0}, {Side::North, 7}};
    StoredGame bare = sample_game(2);
    bare.rules = "relay";
    bare.pits = 1;
    bare.seeds = 0;
    bare.level.reset();
    {
        GameDatabase store(store_path());
        EXPECT_EQ(store.path(), store_path());
        store.insert(full);
        store.insert(bare);
        EXPECT_EQ(store.load(full.id), full);
        EXPECT_EQ(store.load(bare.id), bare);
        EXPECT_EQ(store.load(game_id(3)), std::nullopt);
    }
    GameDatabase reopened(store_path());
    EXPECT_EQ(reopened.load(full.id), full);
    EXPECT_EQ(reopened.load(bare.id), bare);
}

TEST_F(GameDatabaseTest, InsertRefusesAUsedIdAndFieldsOutOfRange) {
    GameDatabase store(store_path());
    store.insert(sample_game(1));
    EXPECT_NE(store_error([&] { store.insert(sample_game(1)); }).find("already stored"), std::string::npos);

    const auto refused = [&](const std::function<void(StoredGame&)>& spoil, const std::string& words) {
        StoredGame game = sample_game(2);
        spoil(game);
        const std::string message = store_error([&] { store.insert(game); });
        EXPECT_NE(message.find(words), std::string::npos) << message;
        EXPECT_NE(message.find(store_path()), std::string::npos) << message;
    };
    refused([](StoredGame& g) { g.id = "not-an-id"; }, "32 lowercase hex");
    refused([](StoredGame& g) { g.id = std::string(32, 'A'); }, "32 lowercase hex");
    refused([](StoredGame& g) { g.rules.clear(); }, "no rules");
    refused([](StoredGame& g) { g.pits = 0; }, "0 pits");
    refused([](StoredGame& g) { g.pits = 17; }, "17 pits");
    refused([](StoredGame& g) { g.seeds = -1; }, "-1 seeds");
    refused([](StoredGame& g) { g.seeds = 5462; }, "5462 seeds");  // 6 * 2 * 5462 = 65544 stones
    refused(
        [](StoredGame& g) {
            g.pits = 16;
            g.seeds = 2048;
        },
        "2048 seeds");
    refused([](StoredGame& g) { g.first = static_cast<Side>(7); }, "first player");
    refused([](StoredGame& g) { g.moves = {{Side::South, 6}}; }, "pit 6, outside 0 to 5");
    refused([](StoredGame& g) { g.moves = {{Side::South, 0}, {Side::North, -1}}; }, "ply 1 is in pit -1");
    refused([](StoredGame& g) { g.moves = {{static_cast<Side>(2), 1}}; }, "neither south nor north");
    EXPECT_EQ(store.counts().live, 1u);
    EXPECT_EQ(store.load(game_id(2)), std::nullopt);
}

TEST_F(GameDatabaseTest, UpdateMovesAppendsUndoesAndSetsTheTimes) {
    GameDatabase store(store_path());
    StoredGame game = sample_game(1);
    store.insert(game);

    const std::vector<StoredMove> first = {{Side::South, 2}};
    ASSERT_TRUE(store.update_moves(game.id, 0, first, 10, std::nullopt));
    const std::vector<StoredMove> chain = {{Side::South, 5}, {Side::North, 0}, {Side::North, 3}};
    ASSERT_TRUE(store.update_moves(game.id, 1, chain, 20, std::nullopt));
    game.moves = {{Side::South, 2}, {Side::South, 5}, {Side::North, 0}, {Side::North, 3}};
    game.active_ms = 20;
    EXPECT_EQ(store.load(game.id), game);

    // An undo: keep the first move only.
    ASSERT_TRUE(store.update_moves(game.id, 1, {}, 30, std::nullopt));
    game.moves.resize(1);
    game.active_ms = 30;
    EXPECT_EQ(store.load(game.id), game);

    // Play on from there, to the end of the game.
    const std::vector<StoredMove> last = {{Side::North, 4}};
    ASSERT_TRUE(store.update_moves(game.id, 1, last, 40, 41));
    game.moves.push_back({Side::North, 4});
    game.active_ms = 40;
    game.finished_ms = 41;
    EXPECT_EQ(store.load(game.id), game);

    // Undo everything, and the game is live again.
    ASSERT_TRUE(store.update_moves(game.id, 0, {}, 50, std::nullopt));
    game.moves.clear();
    game.active_ms = 50;
    game.finished_ms.reset();
    EXPECT_EQ(store.load(game.id), game);
}

TEST_F(GameDatabaseTest, UpdateMovesOfAMissingGameChangesNothing) {
    GameDatabase store(store_path());
    const std::vector<StoredMove> move = {{Side::South, 0}};
    EXPECT_FALSE(store.update_moves(game_id(1), 0, move, 1, std::nullopt));
    EXPECT_FALSE(store.update_moves("", 0, {}, 1, 1));
    EXPECT_EQ(store.counts().live + store.counts().finished, 0u);
}

TEST_F(GameDatabaseTest, UpdateMovesRefusesBadMovesAndChangesNothing) {
    GameDatabase store(store_path());
    StoredGame game = sample_game(1);
    game.pits = 4;
    game.moves = {{Side::South, 1}, {Side::North, 2}};
    store.insert(game);

    const std::vector<StoredMove> move = {{Side::South, 0}};
    std::string message = store_error([&] { store.update_moves(game.id, 3, move, 99, 99); });
    EXPECT_NE(message.find("it has 2 moves, fewer than the 3 to keep"), std::string::npos) << message;
    const std::vector<StoredMove> off_board = {{Side::South, 0}, {Side::North, 4}};
    message = store_error([&] { store.update_moves(game.id, 2, off_board, 99, 99); });
    EXPECT_NE(message.find("ply 3 is in pit 4, outside 0 to 3"), std::string::npos) << message;
    EXPECT_NE(message.find(game.id), std::string::npos) << message;
    EXPECT_EQ(store.load(game.id), game);  // not even the times changed

    // The store goes on working after a refused write.
    ASSERT_TRUE(store.update_moves(game.id, 2, move, 5, std::nullopt));
    EXPECT_EQ(store.load(game.id)->moves.size(), 3u);
}

TEST_F(GameDatabaseTest, EraseDeletesTheGameWithItsMoves) {
    {
        GameDatabase store(store_path());
        StoredGame game = sample_game(1);
        game.moves = {{Side::South, 1}, {Side::North, 2}};
        store.insert(game);
        store.insert(sample_game(2));
        EXPECT_TRUE(store.erase(game.id));
        EXPECT_FALSE(store.erase(game.id));
        EXPECT_FALSE(store.erase("no such game"));
        EXPECT_EQ(store.load(game.id), std::nullopt);
        EXPECT_EQ(store.counts().live, 1u);
    }
    EXPECT_EQ(raw_count(store_path(), "SELECT count(*) FROM moves"), 0);
    EXPECT_EQ(raw_count(store_path(), "SELECT count(*) FROM games"), 1);
}

TEST_F(GameDatabaseTest, LoadLiveGivesTheMostRecentlyActiveFirstUpToTheLimit) {
    GameDatabase store(store_path());
    for (int n = 1; n <= 6; ++n) {
        StoredGame game = sample_game(n);
        game.active_ms = (n * 37) % 11;  // 4, 8, 1, 5, 9, 2
        if (n == 5) game.finished_ms = 100;
        game.moves = {{Side::South, n % 6}};
        store.insert(game);
    }
    std::vector<std::string> ids;
    for (const StoredGame& game : store.load_live(10)) ids.push_back(game.id);
    EXPECT_EQ(ids, (std::vector<std::string>{game_id(2), game_id(4), game_id(1), game_id(6), game_id(3)}));
    const auto two = store.load_live(2);
    ASSERT_EQ(two.size(), 2u);
    EXPECT_EQ(two[0].id, game_id(2));
    EXPECT_EQ(two[1], *store.load(game_id(4)));  // with its moves
    EXPECT_TRUE(store.load_live(0).empty());
}

TEST_F(GameDatabaseTest, DeleteExpiredDeletesIdleLiveGamesAndOldFinishedOnes) {
    GameDatabase store(store_path());
    const auto add = [&](int n, std::int64_t active, std::optional<std::int64_t> finished) {
        StoredGame game = sample_game(n);
        game.active_ms = active;
        game.finished_ms = finished;
        game.moves = {{Side::South, 0}};
        store.insert(game);
    };
    add(1, 100, std::nullopt);  // idle: deleted
    add(2, 500, std::nullopt);  // recent: kept
    add(3, 100, 400);           // finished long ago: deleted
    add(4, 100, 900);           // finished recently: kept, however idle
    add(5, 600, 600);           // finished, active recently: finished_ms decides, deleted
    auto deleted = store.delete_expired(300, 700);
    std::sort(deleted.begin(), deleted.end());
    EXPECT_EQ(deleted, (std::vector<std::string>{game_id(1), game_id(3), game_id(5)}));
    EXPECT_EQ(store.load(game_id(1)), std::nullopt);
    EXPECT_NE(store.load(game_id(2)), std::nullopt);
    EXPECT_NE(store.load(game_id(4)), std::nullopt);
    EXPECT_TRUE(store.delete_expired(300, 700).empty());
}

TEST_F(GameDatabaseTest, TrimDeletesTheOldestFinishedGamesFirst) {
    GameDatabase store(store_path());
    const auto add = [&](int n, std::int64_t active, std::optional<std::int64_t> finished) {
        StoredGame game = sample_game(n);
        game.active_ms = active;
        game.finished_ms = finished;
        store.insert(game);
    };
    add(1, 10, std::nullopt);
    add(2, 50, 60);
    add(3, 20, std::nullopt);
    add(4, 90, 30);  // finished longest ago
    add(5, 5, std::nullopt);
    add(6, 70, 80);
    EXPECT_TRUE(store.trim(6).empty());
    EXPECT_TRUE(store.trim(100).empty());
    EXPECT_EQ(store.trim(5), (std::vector<std::string>{game_id(4)}));
    EXPECT_EQ(store.trim(2), (std::vector<std::string>{game_id(2), game_id(6), game_id(5)}));
    EXPECT_EQ(store.counts().live, 2u);
    EXPECT_EQ(store.trim(0), (std::vector<std::string>{game_id(1), game_id(3)}));
    EXPECT_EQ(store.counts().live + store.counts().finished, 0u);
}

TEST_F(GameDatabaseTest, CountsLiveAndFinishedGames) {
    GameDatabase store(store_path());
    EXPECT_EQ(store.counts().live, 0u);
    EXPECT_EQ(store.counts().finished, 0u);
    for (int n = 1; n <= 5; ++n) store.insert(sample_game(n));
    ASSERT_TRUE(store.update_moves(game_id(2), 0, {}, 7, 8));
    ASSERT_TRUE(store.update_moves(game_id(4), 0, {}, 7, 8));
    EXPECT_EQ(store.counts().live, 3u);
    EXPECT_EQ(store.counts().finished, 2u);
}

/// A run of writes of every kind on `store`: games 0..count-1, moves, undos, erases.
void write_script(GameDatabase& store, int count) {
    for (int n = 0; n < count; ++n) {
        StoredGame game = sample_game(1000 + n);
        game.level = n % 3 == 0 ? std::nullopt : std::optional<std::string>("medium");
        store.insert(game);
        for (int ply = 0; ply < 3 + n % 7; ++ply) {
            const std::vector<StoredMove> move = {{ply % 2 == 0 ? Side::South : Side::North, (n + ply) % 6}};
            store.update_moves(game.id, static_cast<std::size_t>(ply), move, 2000 + ply, std::nullopt);
        }
        if (n % 5 == 0) store.update_moves(game.id, 1, {}, 3000, std::nullopt);
        if (n % 4 == 0) store.update_moves(game.id, n % 5 == 0 ? 1 : 3, {}, 3001, 3002);
        if (n % 11 == 0) store.erase(game.id);
    }
}

/// Every game of write_script(count) in `store`, as loaded (nullopt for the erased ones).
std::vector<std::optional<StoredGame>> load_script_games(GameDatabase& store, int count) {
    std::vector<std::optional<StoredGame>> games;
    for (int n = 0; n < count; ++n) games.push_back(store.load(game_id(1000 + n)));
    return games;
}

TEST_F(GameDatabaseTest, ReopeningKeepsEverything) {
    constexpr int kGames = 40;
    GameDatabase expected(":memory:");
    write_script(expected, kGames);
    {
        GameDatabase store(store_path());
        write_script(store, kGames);
    }
    EXPECT_FALSE(fs::exists(store_path() + "-wal"));  // a clean close checkpoints and removes the log
    for (const Durability durability : {Durability::process_crash, Durability::power_loss}) {
        GameDatabase store(store_path(), durability);
        EXPECT_EQ(load_script_games(store, kGames), load_script_games(expected, kGames));
        EXPECT_EQ(store.counts().live, expected.counts().live);
        EXPECT_EQ(store.counts().finished, expected.counts().finished);
    }
}

TEST_F(GameDatabaseTest, AKilledServerLosesNoCommittedWrite) {
    constexpr int kGames = 60;
    GameDatabase expected(":memory:");
    write_script(expected, kGames);

    // The child writes everything, then dies without closing anything: no destructor, no
    // checkpoint. Its writes are in the write-ahead log only.
    const ChildResult child = in_child([&] {
        GameDatabase store(store_path());
        write_script(store, kGames);
        std::raise(SIGKILL);
        return std::string("still alive");
    });
    ASSERT_TRUE(WIFSIGNALED(child.status) && WTERMSIG(child.status) == SIGKILL) << child.output;
    EXPECT_TRUE(fs::exists(store_path() + "-wal"));
    EXPECT_FALSE(fs::exists(store_path() + "-shm"));  // exclusive locking: the WAL index is in memory

    GameDatabase store(store_path());
    EXPECT_EQ(load_script_games(store, kGames), load_script_games(expected, kGames));
    EXPECT_EQ(store.counts().live, expected.counts().live);
    EXPECT_EQ(store.counts().finished, expected.counts().finished);
}

TEST_F(GameDatabaseTest, ASecondProcessIsRefusedAtOpen) {
    for (const bool existing : {false, true}) {
        SCOPED_TRACE(existing ? "an existing store" : "a new store");
        if (existing) GameDatabase(store_path()).insert(sample_game(1));
        int ready[2], release[2];
        ASSERT_EQ(pipe(ready), 0);
        ASSERT_EQ(pipe(release), 0);
        std::fflush(nullptr);
        // The child opens the store first; this process has not opened it before the fork,
        // so SQLite here knows nothing of the child's lock but what the file says.
        const pid_t pid = fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            close(ready[0]);
            close(release[1]);
            char state = 'e';
            try {
                GameDatabase store(store_path());
                state = 'r';
                (void)!write(ready[1], &state, 1);
                (void)!read(release[0], &state, 1);  // until the parent says so (or dies)
                state = 'c';
            } catch (const std::exception&) {
                (void)!write(ready[1], &state, 1);
            }
            _exit(state == 'c' ? 0 : 1);
        }
        close(ready[1]);
        close(release[0]);
        char state = 0;
        ASSERT_EQ(read(ready[0], &state, 1), 1);
        ASSERT_EQ(state, 'r');

        const auto start = std::chrono::steady_clock::now();
        const std::string message = store_error([&] { GameDatabase second(store_path()); });
        const auto waited = std::chrono::steady_clock::now() - start;
        EXPECT_NE(message.find("in use by another process"), std::string::npos) << message;
        EXPECT_NE(message.find(store_path()), std::string::npos) << message;
        EXPECT_LT(waited, std::chrono::seconds(2));
        EXPECT_FALSE(fs::exists(store_path() + "-shm"));

        close(release[1]);
        int status = 0;
        waitpid(pid, &status, 0);
        close(ready[0]);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        // Once the first server has gone, the store opens.
        GameDatabase after(store_path());
        EXPECT_EQ(after.counts().live, 1u * existing);
    }
}

/// Expects opening `path` to be refused with a message containing `words` and the path,
/// and the file to be left exactly as it was.
void expect_refused(const std::string& path, const std::string& words) {
    const std::string before = read_text(path);
    const std::string message = store_error([&] { GameDatabase store(path); });
    EXPECT_NE(message.find(words), std::string::npos) << message;
    EXPECT_NE(message.find("game store " + path + ": "), std::string::npos) << message;
    EXPECT_EQ(read_text(path), before) << "the refused file was changed";
    EXPECT_FALSE(fs::exists(path + "-wal"));
}

TEST_F(GameDatabaseTest, RefusesFilesThatAreNotSQLite) {
    write_text(store_path(), "hello, this is a list of games\n");
    expect_refused(store_path(), "not a SQLite database (file is not a database); move it away");
    write_text(store_path(), "x");  // SQLite alone would take it for an empty file and replace it
    expect_refused(store_path(), "not a SQLite database (the file is 1 byte long)");
    write_text(store_path(), "xy");
    expect_refused(store_path(), "not a SQLite database (file is not a database)");

    std::mt19937 random(12345);
    std::string noise(20000, '\0');
    for (char& byte : noise) byte = static_cast<char>(random());
    write_text(store_path(), noise);
    expect_refused(store_path(), "not a SQLite database");
}

TEST_F(GameDatabaseTest, RefusesAnotherProgramsDatabase) {
    raw_sql(store_path(), "CREATE TABLE notes (title TEXT); INSERT INTO notes VALUES ('shopping');");
    expect_refused(store_path(), "a SQLite database of another program");

    const std::string claimed = (dir() / "claimed.sqlite3").string();
    raw_sql(claimed, "PRAGMA application_id = 42; CREATE TABLE t (x);");
    expect_refused(claimed, "another program (application id 0x0000002a, not mancala's 0x4d4e434c)");
}

TEST_F(GameDatabaseTest, RefusesANewerFormat) {
    GameDatabase(store_path()).insert(sample_game(1));
    raw_sql(store_path(), "PRAGMA user_version = 3");
    expect_refused(store_path(), "made by a newer mancala (format 3; this one reads format 1)");
}

TEST_F(GameDatabaseTest, RefusesACorruptedFile) {
    {
        GameDatabase store(store_path());
        for (int n = 0; n < 1500; ++n) {
            StoredGame game = sample_game(n);
            for (int ply = 0; ply < 20; ++ply)
                game.moves.push_back({ply % 2 == 0 ? Side::South : Side::North, ply % 6});
            store.insert(game);
        }
    }
    constexpr std::size_t kPage = 4096;
    std::string bytes = read_text(store_path());
    const std::size_t pages = bytes.size() / kPage;
    ASSERT_GT(pages, 50u);
    std::fill_n(bytes.begin() + static_cast<std::ptrdiff_t>(pages / 2 * kPage), kPage, '\xa5');
    write_text(store_path(), bytes);
    expect_refused(store_path(), "corrupt (quick_check: ");
}

TEST_F(GameDatabaseTest, RefusesRowsThatBreakTheSchemaChecks) {
    {
        GameDatabase store(store_path());
        StoredGame game = sample_game(1);
        game.moves = {{Side::South, 1}};
        store.insert(game);
    }
    raw_sql(store_path(), "PRAGMA ignore_check_constraints = 1; UPDATE moves SET side = 'east'");
    expect_refused(store_path(), "corrupt (quick_check: CHECK constraint failed in moves)");
}

TEST_F(GameDatabaseTest, LoadRefusesGamesThatAreNotValid) {
    {
        GameDatabase store(store_path());
        for (int n = 1; n <= 4; ++n) {
            StoredGame game = sample_game(n);
            game.moves = {{Side::South, 1}, {Side::North, 2}, {Side::South, 3}};
            store.insert(game);
        }
    }
    raw_sql(store_path(), fmt::format("DELETE FROM moves WHERE game_id = '{}' AND ply = 1;"
                                      "UPDATE moves SET pit = 6 WHERE game_id = '{}' AND ply = 2;"
                                      "UPDATE games SET pits = 40 WHERE id = '{}';",
                                      game_id(1), game_id(2), game_id(3)));
    GameDatabase store(store_path());
    const auto expect_damaged = [&](int n, const std::string& words) {
        const std::string message = store_error([&] { store.load(game_id(n)); });
        EXPECT_NE(message.find(fmt::format("corrupt (game {}: {}", game_id(n), words)), std::string::npos)
            << message;
    };
    expect_damaged(1, "the moves skip from ply 1 to ply 2");
    expect_damaged(2, "the move at ply 2 is in pit 6, outside 0 to 5");
    expect_damaged(3, "it has 40 pits a side");
    EXPECT_EQ(store.load(game_id(4))->moves.size(), 3u);
    EXPECT_THROW(store.load_live(10), StoreError);
    // The store still works: the damaged games can be deleted.
    EXPECT_TRUE(store.erase(game_id(1)));
    EXPECT_TRUE(store.erase(game_id(2)));
    EXPECT_TRUE(store.erase(game_id(3)));
    EXPECT_EQ(store.load_live(10).size(), 1u);
}

TEST_F(GameDatabaseTest, RefusesPathsItCannotCreate) {
    const std::string missing = (dir() / "no-such-folder" / "games.sqlite3").string();
    std::string message = store_error([&] { GameDatabase store(missing); });
    EXPECT_NE(message.find("game store " + missing + ": cannot open or create the file"), std::string::npos)
        << message;
    EXPECT_NE(message.find("folder exists"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(dir() / "no-such-folder"));

    message = store_error([&] { GameDatabase store(""); });
    EXPECT_NE(message.find("no file given"), std::string::npos) << message;

    message = store_error([&] { GameDatabase store(dir().string()); });
    EXPECT_NE(message.find("game store " + dir().string() + ": is a folder"), std::string::npos) << message;
}

TEST_F(GameDatabaseTest, RefusesAReadOnlyFolderOrFile) {
    const fs::path locked = dir() / "locked";
    fs::create_directory(locked);
    const std::string existing = (locked / "existing.sqlite3").string();
    GameDatabase(existing).insert(sample_game(1));
    fs::permissions(existing, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(dir(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
    const std::string fresh = (locked / "new.sqlite3").string();

    // Root may write anywhere: try as nobody, in a child process, when running as root.
    const ChildResult child = in_child([&] {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) return std::string("setuid failed");
        std::string messages;
        for (const std::string& path : {fresh, existing}) {
            try {
                GameDatabase store(path);
                messages += "opened " + path + "\n";
            } catch (const StoreError& error) {
                messages += std::string(error.what()) + "\n";
            }
        }
        return messages;
    });
    fs::permissions(locked, fs::perms::owner_all);
    ASSERT_TRUE(WIFEXITED(child.status) && WEXITSTATUS(child.status) == 0) << child.output;
    EXPECT_NE(child.output.find("game store " + fresh + ": cannot open or create the file"), std::string::npos)
        << child.output;
    EXPECT_NE(child.output.find("game store " + existing + ": cannot be written"), std::string::npos)
        << child.output;
    EXPECT_EQ(child.output.find("opened"), std::string::npos) << child.output;
}

TEST_F(GameDatabaseTest, AFailedWriteChangesNothingAndKeepsTheCommittedOnes) {
    // A file size limit stands in for a full disk: past it, writes fail (with EFBIG, which
    // SQLite reports as an I/O error; ENOSPC would be "the disk is full").
    const ChildResult child = in_child([&] {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{512 * 1024, 512 * 1024};
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0) return std::string("setrlimit failed");
        GameDatabase store(store_path());
        int saved = 0;
        std::string message = "no error";
        try {
            for (; saved < 100000; ++saved) {
                StoredGame game = sample_game(saved);
                game.moves.assign(40, {Side::North, 3});
                store.insert(game);
            }
        } catch (const StoreError& error) {
            message = error.what();
        }
        const bool still_reads = store.load(game_id(0)).has_value() && !store.load(game_id(saved)).has_value();
        return fmt::format("{}\n{}\n{}", saved, still_reads ? "reads" : "does not read", message);
    });
    ASSERT_TRUE(WIFEXITED(child.status) && WEXITSTATUS(child.status) == 0) << child.output;
    const std::size_t saved = std::stoul(child.output);
    EXPECT_GT(saved, 3u) << child.output;
    EXPECT_NE(child.output.find("\nreads\n"), std::string::npos) << child.output;
    EXPECT_NE(
        child.output.find(fmt::format("game store {}: cannot save game {}: reading or writing the file failed",
                                      store_path(), game_id(static_cast<int>(saved)))),
        std::string::npos)
        << child.output;

    GameDatabase store(store_path());
    EXPECT_EQ(store.counts().live, saved);
    EXPECT_EQ(store.load(game_id(static_cast<int>(saved) - 1))->moves.size(), 40u);
    EXPECT_EQ(store.load(game_id(static_cast<int>(saved))), std::nullopt);
}

TEST_F(GameDatabaseTest, AnEmptyFileBecomesAStore) {
    write_text(store_path(), "");
    {
        GameDatabase store(store_path());
        store.insert(sample_game(1));
    }
    EXPECT_EQ(raw_count(store_path(), "PRAGMA application_id"), kStoreApplicationId);
    EXPECT_EQ(raw_count(store_path(), "PRAGMA user_version"), kStoreFormat);
    EXPECT_EQ(GameDatabase(store_path()).counts().live, 1u);
}

TEST_F(GameDatabaseTest, NamesStartingWithFileAreFilesNotUris) {
    struct InDirectory {
        explicit InDirectory(const fs::path& path) { fs::current_path(path); }
        ~InDirectory() { fs::current_path(previous); }
        const fs::path previous = fs::current_path();
    };
    {
        const InDirectory here(dir());
        GameDatabase store("file:games.sqlite3?mode=ro");
        store.insert(sample_game(1));
    }
    EXPECT_TRUE(fs::exists(dir() / "file:games.sqlite3?mode=ro"));
}

TEST(GameDatabase, MemoryStoresKeepNothingAndShareNothing) {
    GameDatabase one(":memory:");
    GameDatabase two(":memory:");
    one.insert(sample_game(1));
    EXPECT_NE(one.load(game_id(1)), std::nullopt);
    EXPECT_EQ(two.load(game_id(1)), std::nullopt);
    EXPECT_EQ(GameDatabase(":memory:").counts().live, 0u);
}

TEST(GameDatabase, BadIdsAreJustNotFound) {
    GameDatabase store(":memory:");
    store.insert(sample_game(1));
    for (const std::string& id : {std::string(), std::string(100000, 'a'), std::string("a\0b", 3),
                                  std::string("' OR 1=1 --"), std::string("\xff\xfe")}) {
        EXPECT_EQ(store.load(id), std::nullopt);
        EXPECT_FALSE(store.erase(id));
        EXPECT_FALSE(store.update_moves(id, 0, {}, 1, std::nullopt));
    }
    EXPECT_EQ(store.counts().live, 1u);
}

TEST_F(GameDatabaseTest, ManyThreadsAtOnce) {
    GameDatabase store(store_path());
    constexpr int kThreads = 8, kGames = 25, kMoves = 10;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&store, t] {
            for (int g = 0; g < kGames; ++g) {
                const int n = t * kGames + g;
                store.insert(sample_game(n));
                for (int ply = 0; ply < kMoves; ++ply) {
                    const std::vector<StoredMove> move = {{Side::South, ply % 6}};
                    store.update_moves(game_id(n), static_cast<std::size_t>(ply), move, ply, std::nullopt);
                    store.load(game_id(n));
                }
                store.counts();
            }
        });
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(store.counts().live, static_cast<std::size_t>(kThreads * kGames));
    for (int n = 0; n < kThreads * kGames; ++n) EXPECT_EQ(store.load(game_id(n))->moves.size(), 10u);
}

/// Not a check: prints what one move costs to store, for the README.
TEST_F(GameDatabaseTest, MeasuresAMoveWrite) {
    constexpr int kGames = 20, kMoves = 2000;
    for (const Durability durability : {Durability::process_crash, Durability::power_loss}) {
        const std::string path = (dir() / fmt::format("measure-{}.sqlite3", static_cast<int>(durability))).string();
        GameDatabase store(path, durability);
        for (int n = 0; n < kGames; ++n) store.insert(sample_game(n));
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        for (int i = 0; i < kMoves; ++i) {
            const std::vector<StoredMove> move = {{Side::South, i % 6}};
            store.update_moves(game_id(i % kGames), static_cast<std::size_t>(i / kGames), move, i, std::nullopt);
        }
        const double cpu_us = 1e6 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - start;
        std::printf("[ MEASURE  ] %.1f us per stored move, %.1f us of it CPU (%s; %d moves over %d games, in %s)\n",
                    took.count() / kMoves, cpu_us / kMoves,
                    durability == Durability::power_loss ? "power_loss" : "process_crash", kMoves, kGames,
                    dir().parent_path().c_str());
    }
}

}  // namespace
}  // namespace mancala::server
