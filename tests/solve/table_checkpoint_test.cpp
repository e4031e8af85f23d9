// A proof's table kept in a file (solve/table_checkpoint.hpp, SolveOptions::table_file):
// a proof run again with its table answers the same with far fewer nodes; a proof
// stopped on request saves its table and throws ProofStopped, and the next run
// finishes it; a table file of another game is refused before any work; and the
// table is saved periodically while a proof runs.

#include "solve/table_checkpoint.hpp"
#include "solve/game_solver.hpp"

#include "search/table_file.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace mancala::solve {
namespace {

const Rules kKalah44 = make_rules("kalah", 4, 4);  // first player wins by 2

SolveOptions bound_options(int at_least, const std::filesystem::path& table) {
    SolveOptions options;
    options.method = SolveMethod::Search;
    options.threads = 1;
    options.hash_mb = 16;
    options.db_stones = 8;
    options.at_least = at_least;
    options.table_file = table;
    // A short warm-up: a rerun repeats its iterations (their windows are not the
    // bound's, so the proven entries cut few of them), which in a game this small
    // would be most of the nodes.
    options.warmup_depth = 4;
    return options;
}

TEST(TableCheckpoint, AProofRunAgainWithItsTableSearchesFarLess) {
    testing::TempDir dir;
    const auto table = dir.path() / "k44.table";
    const Position start = Position::start(kKalah44);
    for (const int at_least : {2, 3}) {  // holds; refuted
        std::filesystem::remove(table);
        const Solution first = solve_position(kKalah44, start, bound_options(at_least, table));
        ASSERT_TRUE(std::filesystem::exists(table));
        std::vector<std::string> told;
        SolveHooks hooks;
        hooks.on_table = [&](const std::string& line) { told.push_back(line); };
        const Solution again = solve_position(kKalah44, start, bound_options(at_least, table), hooks);
        EXPECT_EQ(again.bound, first.bound) << at_least;
        EXPECT_EQ(again.value, first.value) << at_least;
        EXPECT_EQ(first.bound, at_least == 2 ? 1 : -1);
        EXPECT_LT(again.work * 100, first.work) << at_least << ": " << again.work << " of " << first.work;
        ASSERT_EQ(told.size(), 2u);
        EXPECT_EQ(told[0].rfind("table: read ", 0), 0u) << told[0];
        EXPECT_EQ(told[1].rfind("table: saved ", 0), 0u) << told[1];
    }
}

TEST(TableCheckpoint, AStoppedProofSavesItsTableAndTheNextRunFinishesIt) {
    testing::TempDir dir;
    const auto table = dir.path() / "k44.table";
    const Position start = Position::start(kKalah44);
    const std::atomic<bool> stop{true};
    SolveOptions stopped = bound_options(3, table);
    stopped.stop = &stop;
    EXPECT_THROW(solve_position(kKalah44, start, stopped), ProofStopped);
    EXPECT_TRUE(std::filesystem::exists(table));
    const Solution resumed = solve_position(kKalah44, start, bound_options(3, table));
    EXPECT_EQ(resumed.bound, -1);
    EXPECT_EQ(resumed.value, 2);  // at most +2

    // A split proof stops in its first piece; the journal has no answer yet.
    SolveOptions pieces = bound_options(2, dir.path() / "split.table");
    pieces.split = SplitOptions{};
    pieces.split->split_plies = 1;
    pieces.journal = dir.path() / "k44.journal";
    pieces.stop = &stop;
    EXPECT_THROW(solve_position(kKalah44, start, pieces), ProofStopped);
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "split.table"));
    pieces.stop = nullptr;
    const Solution split = solve_position(kKalah44, start, pieces);
    EXPECT_EQ(split.bound, 1);
    ASSERT_TRUE(split.split.has_value());
    EXPECT_EQ(split.split->pieces_from_journal, 0);
}

TEST(TableCheckpoint, ATableOfAnotherGameIsRefusedBeforeAnyWork) {
    testing::TempDir dir;
    const auto table = dir.path() / "k44.table";
    solve_position(kKalah44, Position::start(kKalah44), bound_options(2, table));
    const Rules homework = make_rules("homework", 4, 4);
    bool built = false;
    SolveHooks hooks;
    hooks.on_database = [&](int) { built = true; };
    try {
        solve_position(homework, Position::start(homework), bound_options(2, table), hooks);
        ADD_FAILURE() << "a kalah table was read for homework";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("the table of another game (rules kalah pits 4 stones 32"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(built);
}

TEST(TableCheckpoint, SavesEverySoOftenWhileItRuns) {
    testing::TempDir dir;
    const auto path = dir.path() / "t.table";
    search::TranspositionTable table(1);
    std::mutex lock;
    std::vector<std::string> told;
    {
        const TableCheckpoint checkpoint(table, path, "game", std::chrono::milliseconds(10),
                                         [&](const std::string& s) {
                                             const std::scoped_lock guard(lock);
                                             told.push_back(s);
                                         });
        for (int waited = 0; waited < 1000; ++waited) {  // up to 10 s on a loaded machine
            {
                const std::scoped_lock guard(lock);
                if (told.size() >= 2) break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    const std::scoped_lock guard(lock);
    ASSERT_GE(told.size(), 2u);
    EXPECT_EQ(told[0].rfind("table: saved 0 entries (1 MiB) to " + path.string(), 0), 0u) << told[0];
    EXPECT_NO_THROW(search::check_table_file(path, "game"));
}

}  // namespace
}  // namespace mancala::solve
