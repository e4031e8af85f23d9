#include "agents/endgame_source.hpp"
#include "agents/registry.hpp"
#include "solve/database_cache.hpp"
#include "solve/endgame_db.hpp"
#include "support/exhaustive_search.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace mancala::agents {
namespace {

// On small boards every move the perfect agent plays keeps the exact value of
// the position: the child's value (for the mover) equals the parent's.
TEST(PerfectAgent, EveryMoveKeepsTheGameValue) {
    for (const char* preset : {"kalah", "homework", "relay"}) {
        const Rules rules = make_rules(preset, 3, 3);
        testing::ExhaustiveSearch exhaustive(rules);
        auto agent = make_agent("perfect:time=10s,hash=8");
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

// With an endgame database the agent plays the same exact values, searching far fewer nodes.
TEST(PerfectAgent, TakesExactValuesFromADatabase) {
    testing::TempDir dir;
    const Rules rules = make_rules("kalah", 3, 3);
    solve::EndgameDatabase(rules, dir.path()).build(12, 2);
    set_endgame_source([](const Rules& r, const std::string& folder) {
        return std::shared_ptr<const search::EndgameOracle>(solve::open_shared_database(r, folder));
    });
    testing::ExhaustiveSearch exhaustive(rules);
    auto with_db = make_agent("perfect:time=10s,hash=8,db=" + dir.path().string());
    auto without = make_agent("perfect:time=10s,hash=8");
    const Position start = Position::start(rules);
    const Decision a = with_db->choose(rules, start, MoveBudget::unlimited());
    const Decision b = without->choose(rules, start, MoveBudget::unlimited());
    set_endgame_source({});
    ASSERT_TRUE(a.exact && b.exact);
    EXPECT_EQ(static_cast<int>(*a.score), exhaustive.final_margin(start));
    EXPECT_EQ(*a.score, *b.score);
    auto nodes = [](const std::string& summary) { return std::stoull(summary.substr(summary.find('(') + 1)); };
    EXPECT_LT(nodes(a.summary), nodes(b.summary)) << a.summary << " vs " << b.summary;
}

}  // namespace
}  // namespace mancala::agents
