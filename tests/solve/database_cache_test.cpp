// The cache of open endgame databases a host owns (solve/database_cache.hpp).

#include "solve/database_cache.hpp"

#include "solve/cyclic_database.hpp"
#include "solve/endgame_db.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

namespace mancala::solve {
namespace {

TEST(DatabaseCache, OpensEachDatabaseOnceAndSharesIt) {
    testing::TempDir dir;
    const Rules rules = make_rules("kalah", 3, 3);
    DatabaseCache cache;
    EXPECT_EQ(cache.open(rules, dir.path()), nullptr);  // nothing built yet
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_FALSE(std::filesystem::exists(EndgameDatabase::folder(dir.path(), rules)));  // looking creates nothing
    EndgameDatabase(rules, dir.path()).build(4, 1);
    const auto first = cache.open(rules, dir.path());  // built meanwhile: found now
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->max_stones(), 4);
    EXPECT_EQ(cache.open(make_rules("kalah", 3, 7), dir.path()), first);  // seeds do not matter
    EXPECT_EQ(cache.find(rules, dir.path() / "." / ""), first);
    EXPECT_EQ(cache.size(), 1u);
}

// At most `capacity` databases stay open, the least recently used closing first; an
// agent that still holds one keeps it.
TEST(DatabaseCache, KeepsAtMostItsCapacity) {
    testing::TempDir dir;
    const Rules kalah = make_rules("kalah", 2, 1), homework = make_rules("homework", 2, 1),
                relay = make_rules("relay", 2, 1);
    for (const Rules& r : {kalah, homework, relay}) EndgameDatabase(r, dir.path()).build(3, 1);
    DatabaseCache cache(2);
    const auto k = cache.open(kalah, dir.path());
    const auto h = cache.open(homework, dir.path());
    EXPECT_EQ(cache.open(kalah, dir.path()), k);   // kalah is now the most recent
    const auto r = cache.open(relay, dir.path());  // homework goes
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_EQ(cache.open(kalah, dir.path()), k);
    EXPECT_NE(cache.open(homework, dir.path()), h);  // opened afresh
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_TRUE(h->covers(homework));  // the evicted one still works for whoever holds it
}

// The engine's own database: the most tiers within the budget, below the game's stones,
// and only for rules the fast builder plays.
TEST(DatabaseCache, BuildsInMemoryTheTiersTheBudgetAllows) {
    const Rules kalah43 = make_rules("kalah", 4, 3);
    const EndgameDatabase sizes(kalah43);
    EXPECT_EQ(DatabaseCache::stones_within(kalah43, sizes.positions_up_to(16)), 16);
    EXPECT_EQ(DatabaseCache::stones_within(kalah43, sizes.positions_up_to(16) - 1), 15);
    EXPECT_EQ(DatabaseCache::stones_within(kalah43, 1), 0);  // tier 0: the empty board
    EXPECT_EQ(DatabaseCache::stones_within(kalah43, 0), -1);
    EXPECT_EQ(DatabaseCache::stones_within(make_rules("kalah", 3, 1), 1u << 30), 5);  // the game holds 6
    EXPECT_EQ(DatabaseCache::stones_within(make_rules("relay", 4, 3), 1u << 30), -1);

    DatabaseCache cache;
    EXPECT_EQ(cache.build(make_rules("relay", 4, 3), 1u << 20, 1), nullptr);
    const auto db = cache.build(kalah43, sizes.positions_up_to(10), 2);
    ASSERT_NE(db, nullptr);
    EXPECT_EQ(db->max_stones(), 10);
    EXPECT_EQ(db->covers(make_rules("kalah", 4, 5)), true);
    EXPECT_EQ(cache.build(kalah43, sizes.positions_up_to(10), 1), db);  // built once
    EXPECT_EQ(cache.built(kalah43, sizes.positions_up_to(10) + 1, 1), db);
    EXPECT_EQ(cache.size(), 0u);  // no folder opened
    // The same bytes as a database built on its own.
    EndgameDatabase alone(kalah43);
    alone.build(10, 1);
    for (int t = 0; t <= 10; ++t) {
        const auto a = alone.tier(t), b = dynamic_cast<const EndgameDatabase&>(*db).tier(t);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << "tier " << t;
    }
}

// A host serving many board sizes keeps at most kBuiltCapacity databases; two agents
// asking at once share one build.
TEST(DatabaseCache, KeepsAFewBuiltDatabasesAndBuildsEachOnce) {
    DatabaseCache cache;
    std::vector<std::shared_ptr<const search::EndgameOracle>> first;
    for (int pits = 2; pits < 2 + static_cast<int>(DatabaseCache::kBuiltCapacity) + 1; ++pits)
        first.push_back(cache.build(make_rules("kalah", pits, 2), 5000, 1));
    EXPECT_NE(cache.build(make_rules("kalah", 2, 2), 5000, 1), first.front());  // evicted, built afresh
    EXPECT_EQ(cache.build(make_rules("kalah", 6, 2), 5000, 1), first.back());
    EXPECT_TRUE(first.front()->covers(make_rules("kalah", 2, 2)));  // still works for whoever holds it

    DatabaseCache together;
    const Rules rules = make_rules("homework", 5, 2);
    std::shared_ptr<const search::EndgameOracle> a, b;
    {
        std::jthread one([&] { a = together.build(rules, 100000, 1); });
        std::jthread two([&] { b = together.build(rules, 100000, 1); });
    }
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a, b);
}

// Without waiting: nothing at first, the build under way in the background, then the
// database build() gives; relay has none.
TEST(DatabaseCache, BuildsInTheBackgroundWithoutWaiting) {
    DatabaseCache cache;
    const Rules rules = make_rules("kalah", 4, 3);
    const std::uint64_t budget = EndgameDatabase(rules).positions_up_to(14);
    std::shared_ptr<const search::EndgameOracle> db = cache.build_if_ready(rules, budget, 1);
    for (int i = 0; i < 3000 && !db; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        db = cache.build_if_ready(rules, budget, 1);
    }
    ASSERT_NE(db, nullptr);
    EXPECT_EQ(db->max_stones(), 14);
    EXPECT_EQ(cache.build(rules, budget, 1), db);  // the same one, kept
    EXPECT_EQ(cache.built_if_ready(make_rules("relay", 4, 3), budget, 1), nullptr);
}

// Games whose positions repeat get their own kind of database, on disk and in memory,
// within a share of the budget that matches their cost.
TEST(DatabaseCache, OpensAndBuildsDatabasesOfRepeatingGames) {
    const testing::TempDir dir;
    const Rules oware = make_rules("oware", 4, 4);
    CyclicDatabase(oware, dir.path()).build(5, 1);
    DatabaseCache cache;
    const auto opened = cache.open(oware, dir.path());
    ASSERT_NE(opened, nullptr);
    EXPECT_EQ(opened->max_stones(), 5);
    EXPECT_NE(dynamic_cast<const CyclicDatabase*>(opened.get()), nullptr);
    EXPECT_EQ(cache.open(make_rules("awari", 4, 4), dir.path()), nullptr);  // another game's folder

    const CyclicDatabase sizes(oware);
    const std::uint64_t budget = sizes.positions_up_to(7) * DatabaseCache::kCyclicCost;
    EXPECT_EQ(DatabaseCache::stones_within(oware, budget), 7);
    EXPECT_EQ(DatabaseCache::stones_within(oware, budget - 1), 6);
    const auto built = cache.build(oware, budget, 2);
    ASSERT_NE(built, nullptr);
    CyclicDatabase alone(oware);
    alone.build(7, 1);
    for (int t = 0; t <= 7; ++t) {
        const auto a = alone.tier(t), b = dynamic_cast<const CyclicDatabase&>(*built).tier(t);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << "tier " << t;
    }
}

}  // namespace
}  // namespace mancala::solve
