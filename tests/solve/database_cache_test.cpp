// The cache of open endgame databases a host owns (solve/database_cache.hpp).

#include "solve/database_cache.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace mancala::solve
