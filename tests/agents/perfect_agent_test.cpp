#include "agents/registry.hpp"
#include "core/notation.hpp"
#include "solve/database_cache.hpp"
#include "solve/endgame_db.hpp"
#include "support/exhaustive_search.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace mancala::agents {
namespace {

// On small boards every move the perfect agent plays keeps the exact value of
// the position: the child's value (for the mover) equals the parent's.
TEST(PerfectAgent, EveryMoveKeepsTheGameValue) {
    for (const char* preset : {"kalah", "homework", "relay"}) {
        const Rules rules = make_rules(preset, 3, 3);
        testing::ExhaustiveSearch exhaustive(rules);
        auto agent = make_agent("perfect:time=10s,hash=8", {});
        Position p = Position::start(rules);
        while (!p.is_terminal(rules)) {
            const int value = exhaustive.final_margin(p);
            const Side me = p.to_move();
            const Decision d = agent->choose(rules, p, MoveBudget::unlimited());
            ASSERT_TRUE(d.exact) << d.summary;
            ASSERT_EQ(static_cast<int>(*d.score), value);
            const MoveResult r = p.apply(rules, d.move);
            const int after =
                r.game_over ? p.store_difference(me) : (p.to_move() == me ? 1 : -1) * exhaustive.final_margin(p);
            ASSERT_EQ(after, value) << preset << " move " << d.move;
        }
    }
}

std::uint64_t nodes(const Decision& d) { return std::stoull(d.summary.substr(d.summary.find('(') + 1)); }

// With an endgame database the agent plays the same exact values, searching far fewer nodes.
// The host's folder comes in the context; a spec's db= names another (a path with a comma too).
TEST(PerfectAgent, TakesExactValuesFromADatabase) {
    testing::TempDir dir;
    const std::filesystem::path root = dir.path() / "data,base";
    const Rules rules = make_rules("kalah", 3, 3);
    solve::EndgameDatabase(rules, root).build(12, 2);
    const auto cache = std::make_shared<solve::DatabaseCache>();
    testing::ExhaustiveSearch exhaustive(rules);
    auto with_db = make_agent("perfect:time=10s,hash=8", AgentContext{cache, root, {}, {}});
    auto without = make_agent("perfect:time=10s,hash=8,db-size=0", AgentContext{cache, {}, {}, {}});
    auto elsewhere = make_agent("perfect:time=10s,hash=8,db=" + (dir.path() / "none").string(),
                                AgentContext{cache, root, {}, {}});
    const Position start = Position::start(rules);
    const Decision a = with_db->choose(rules, start, MoveBudget::unlimited());
    const Decision b = without->choose(rules, start, MoveBudget::unlimited());
    const Decision c = elsewhere->choose(rules, start, MoveBudget::unlimited());
    ASSERT_TRUE(a.exact && b.exact && c.exact);
    EXPECT_EQ(static_cast<int>(*a.score), exhaustive.final_margin(start));
    EXPECT_EQ(*a.score, *b.score);
    EXPECT_LT(nodes(a), nodes(b)) << a.summary << " vs " << b.summary;
    EXPECT_EQ(nodes(b), nodes(c)) << "db= in the spec comes before the host's folder";
    EXPECT_EQ(cache->size(), 1u);
}

// Without a folder it builds a database of its own, as the engine does: the same value, fewer nodes.
TEST(PerfectAgent, BuildsADatabaseOfItsOwn) {
    const Rules rules = make_rules("kalah", 3, 3);
    const auto cache = std::make_shared<solve::DatabaseCache>();
    auto own = make_agent("perfect:time=10s,hash=8", AgentContext{cache, {}, {}, {}});
    auto without = make_agent("perfect:time=10s,hash=8,db-size=0", AgentContext{cache, {}, {}, {}});
    own->prepare(rules);
    const Position start = Position::start(rules);
    const Decision a = own->choose(rules, start, MoveBudget::unlimited());
    const Decision b = without->choose(rules, start, MoveBudget::unlimited());
    ASSERT_TRUE(a.exact && b.exact);
    EXPECT_EQ(*a.score, *b.score);
    EXPECT_EQ(static_cast<int>(*a.score), testing::ExhaustiveSearch(rules).final_margin(start));
    EXPECT_LT(nodes(a), nodes(b)) << a.summary << " vs " << b.summary;
}

// The engine reads the same databases at its leaves: on Kalah(3,3) with every tier
// up to its 18 stones, it knows the exact value of the start at the first iteration.
TEST(EngineAgent, TakesExactValuesFromADatabase) {
    testing::TempDir dir;
    const Rules rules = make_rules("kalah", 3, 3);
    solve::EndgameDatabase(rules, dir.path()).build(18, 2);
    const auto cache = std::make_shared<solve::DatabaseCache>();
    auto with_db = make_agent("engine:depth=2,hash=8", AgentContext{cache, dir.path(), {}, {}});
    auto without = make_agent("engine:depth=2,hash=8,db-size=0", AgentContext{cache, {}, {}, {}});
    const Position start = Position::start(rules);
    const Decision a = with_db->choose(rules, start, MoveBudget::unlimited());
    const Decision b = without->choose(rules, start, MoveBudget::unlimited());
    EXPECT_TRUE(a.exact) << a.summary;
    EXPECT_EQ(*a.score, testing::ExhaustiveSearch(rules).final_margin(start));
    EXPECT_FALSE(b.exact) << b.summary;
    EXPECT_THROW(make_agent("engine:db=somewhere", {}), std::invalid_argument);
}

// Without a folder the engine builds a database of its own (db-size= MiB, shared by the
// host's agents) before the game: the value of a position of 9 stones in the pits is exact
// at the first iteration. db-size=0 goes without.
TEST(EngineAgent, BuildsADatabaseOfItsOwn) {
    const Rules rules = make_rules("kalah", 3, 3);
    const Position p = parse_position("1,2,1/3,0,2/5/4/S");
    const auto cache = std::make_shared<solve::DatabaseCache>();
    auto own = make_agent("engine:depth=1,hash=8", AgentContext{cache, {}, {}, {}});
    auto other = make_agent("engine:depth=1,hash=8,threads=2", AgentContext{cache, {}, {}, {}});
    auto without = make_agent("engine:depth=1,hash=8,db-size=0", AgentContext{cache, {}, {}, {}});
    own->prepare(rules);
    const Decision a = own->choose(rules, p, MoveBudget::unlimited());
    const Decision b = without->choose(rules, p, MoveBudget::unlimited());
    const Decision c = other->choose(rules, p, MoveBudget::unlimited());  // not prepared: in its first move
    EXPECT_TRUE(a.exact) << a.summary;
    EXPECT_TRUE(c.exact) << c.summary;
    EXPECT_EQ(*a.score, testing::ExhaustiveSearch(rules).final_margin(p));
    EXPECT_FALSE(b.exact) << b.summary;
    // Kalah(3,3) holds 18 stones: 17 in the database, the start's children with 18 in the pits not.
    EXPECT_EQ(cache->build(rules, std::uint64_t{64} << 20, 1)->max_stones(), 17);
    EXPECT_THROW(make_agent("engine:db-size=-1", AgentContext{cache, {}, {}, {}}), std::invalid_argument);
    EXPECT_THROW(make_agent("engine:db-size=65537", AgentContext{cache, {}, {}, {}}), std::invalid_argument);
}

// A host that builds it in the background (the server): the engine plays without it
// until it is ready, then with it, and each move asks again.
TEST(EngineAgent, TakesItsOwnDatabaseOnceBuiltInTheBackground) {
    const Rules rules = make_rules("kalah", 3, 3);
    const Position p = parse_position("1,2,1/3,0,2/5/4/S");
    AgentContext context{std::make_shared<solve::DatabaseCache>(), {}, {}, {}};
    context.own_database_in_background = true;
    auto agent = make_agent("engine:depth=1,hash=8", context);
    agent->prepare(rules);  // starts the build, waits for nothing
    bool exact = false;
    for (int i = 0; i < 3000 && !exact; ++i) {
        exact = agent->choose(rules, p, MoveBudget::unlimited()).exact;
        if (!exact) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(exact);
}

// Without a source of databases in its context, an agent cannot be told to use one.
TEST(PerfectAgent, RefusesADatabaseItCannotOpen) {
    try {
        make_agent("perfect:db=somewhere", {});
        FAIL() << "accepted db= without an endgame source";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("db=somewhere cannot be used here"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace mancala::agents
