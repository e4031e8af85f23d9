#include "agents/registry.hpp"

#include <gtest/gtest.h>

#include <random>

namespace mancala::agents {
namespace {

void expect_refused(const std::string& spec, const std::string& words) {
    try {
        make_agent(spec, {});
        ADD_FAILURE() << "accepted " << spec;
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(Registry, BuildsEveryKindFromItsExample) {
    for (const AgentKind& kind : agent_kinds()) {
        const auto agent = make_agent(kind.example, {});
        EXPECT_EQ(agent->spec().substr(0, kind.name.size()), kind.name);
    }
}

TEST(Registry, RefusesBadSpecsClearly) {
    expect_refused("wizard", "unknown agent 'wizard'");
    expect_refused("alphabeta:depth", "expected key=value");
    expect_refused("alphabeta:depth=x", "depth=x is not valid");
    expect_refused("alphabeta:depth=0", "an integer from 1");
    expect_refused("alphabeta:speed=3", "has no option 'speed' (its options: depth, heuristic)");
    expect_refused("alphabeta:depth=3,depth=4", "given twice");
    expect_refused("greedy:heuristic=magic", "unknown heuristic 'magic'");
    expect_refused(":depth=3", "must start with a name");
    expect_refused("random:seed=1,", "trailing comma");
}

// The host's seed is played with by agents that take one and whose spec names none,
// and joins their spec, so that the spec builds the same agent again.
TEST(Registry, TheContextSeedsAgentsWhoseSpecNamesNone) {
    const AgentContext seeded{nullptr, {}, 42, {}};
    EXPECT_EQ(make_agent("random", seeded)->spec(), "random:seed=42");
    EXPECT_EQ(make_agent("mcts:iterations=50", seeded)->spec(), "mcts:iterations=50,seed=42");
    EXPECT_EQ(make_agent("evolution:seed=7", seeded)->spec(), "evolution:seed=7");
    EXPECT_EQ(make_agent("alphabeta:depth=2", seeded)->spec(), "alphabeta:depth=2");
    EXPECT_EQ(make_agent("random", {})->spec(), "random");

    // The same seed, from the context or from the spec, plays the same moves.
    const Rules rules = make_rules("kalah", 6, 4);
    auto from_context = make_agent("random", AgentContext{nullptr, {}, 5, {}});
    auto from_spec = make_agent("random:seed=5", {});
    Position p = Position::start(rules);
    for (int ply = 0; ply < 30 && !p.is_terminal(rules); ++ply) {
        const int move = from_context->choose(rules, p, MoveBudget::unlimited()).move;
        ASSERT_EQ(move, from_spec->choose(rules, p, MoveBudget::unlimited()).move) << "ply " << ply;
        p.apply(rules, move);
    }
}

TEST(Registry, CanonicalSpecsSortOptions) {
    EXPECT_EQ(make_agent("minimax:threads=2,depth=3", {})->spec(), "minimax:depth=3,threads=2");
}

// Every agent, on random positions of every preset, returns a legal move.
TEST(Registry, EveryAgentPlaysOnlyLegalMoves) {
    std::mt19937 rng(3);
    for (const AgentKind& kind : agent_kinds()) {
        auto agent = make_agent(kind.example, {});
        for (const char* preset : {"kalah", "homework", "relay"}) {
            const Rules rules = make_rules(preset, 4, 3);
            for (int game = 0; game < 3; ++game) {
                Position p = Position::start(rules);
                agent->new_game();
                for (int ply = 0; ply < 200 && !p.is_terminal(rules); ++ply) {
                    const int move = ply % 2
                                         ? agent->choose(rules, p, MoveBudget::unlimited()).move
                                         : p.nonempty_pits()[static_cast<int>(rng() % p.nonempty_pits().size())];
                    ASSERT_TRUE(p.is_legal(rules, move)) << kind.name << " played " << move;
                    p.apply(rules, move);
                }
            }
        }
    }
}

}  // namespace
}  // namespace mancala::agents
