#include "agents/registry.hpp"
#include "support/exhaustive_search.hpp"

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

}  // namespace
}  // namespace mancala::agents
