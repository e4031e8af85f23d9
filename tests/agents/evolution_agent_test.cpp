#include "agents/evolution_agent.hpp"

#include "agents/registry.hpp"
#include "support/agent_games.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>

namespace mancala::agents {
namespace {

using testing::play_game;

TEST(EvolutionAgent, PlaysOnlyLegalMovesOnEveryPresetAndSize) {
    struct Size {
        int pits, seeds;
    };
    for (const char* preset : {"kalah", "homework", "relay"}) {
        for (const Size size : {Size{1, 3}, Size{3, 2}, Size{6, 4}, Size{8, 5}, Size{16, 1}, Size{4, 40}}) {
            const Rules rules = make_rules(preset, size.pits, size.seeds);
            auto evolution = make_agent("evolution:population=12,generations=10,horizon=8,seed=3", {});
            auto random = make_agent("random:seed=4", {});
            for (const bool evolution_south : {true, false}) {
                const auto game =
                    evolution_south ? play_game(rules, *evolution, *random) : play_game(rules, *random, *evolution);
                EXPECT_EQ(game.illegal_move, "") << preset;
                EXPECT_TRUE(game.finished) << preset << " " << size.pits << "x" << size.seeds;
            }
        }
    }
}

TEST(EvolutionAgent, SameSeedPlaysTheSameGame) {
    const Rules rules = make_rules("kalah", 6, 4);
    std::vector<int> first;
    for (int run = 0; run < 2; ++run) {
        auto evolution = make_agent("evolution:seed=21", {});
        auto random = make_agent("random:seed=22", {});
        const auto game = play_game(rules, *random, *evolution);
        ASSERT_TRUE(game.finished);
        if (run == 0)
            first = game.moves;
        else
            EXPECT_EQ(game.moves, first);
    }
}

// South: pit 5 (1 stone) then pit 4 (2 stones) then pit 5 again are three extra turns
// that empty South's row and win by a stone; starting with pit 4 instead ends the game
// a stone behind. The line is South's alone, so evolving it is exact.
TEST(EvolutionAgent, FollowsItsOwnExtraTurnChain) {
    const Rules rules = make_rules("kalah", 6, 4);
    const std::array south{0, 0, 0, 0, 2, 1};
    const std::array north{1, 1, 1, 1, 0, 0};
    const Position chain = Position::from_counts(south, north, 12, 10, Side::South);
    for (const int seed : {1, 2, 3}) {
        auto agent = make_agent(fmt::format("evolution:horizon=3,seed={}", seed), {});
        const Decision decision = agent->choose(rules, chain, MoveBudget::unlimited());
        EXPECT_EQ(decision.move, 5) << decision.summary;
        ASSERT_TRUE(decision.score.has_value());
        EXPECT_EQ(*decision.score, 1.0);  // 15 - 14 once North sweeps its four stones
    }
}

TEST(EvolutionAgent, StopsAtTheCallersDeadline) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("evolution:population=2000,generations=1000000,horizon=20,seed=1", {});
    const auto start = Clock::now();
    const Decision decision =
        agent->choose(rules, Position::start(rules), MoveBudget::within(std::chrono::milliseconds(50)));
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(1));
    EXPECT_TRUE(Position::start(rules).is_legal(rules, decision.move));
}

TEST(EvolutionAgent, StillPlaysALegalMoveWithNoTimeAtAll) {
    const Rules rules = make_rules("relay", 6, 4);
    auto agent = make_agent("evolution:seed=1", {});
    const Position start = Position::start(rules);
    const Decision decision = agent->choose(rules, start, MoveBudget{Clock::now() - std::chrono::seconds(1)});
    EXPECT_TRUE(start.is_legal(rules, decision.move)) << decision.move;
}

TEST(EvolutionAgent, RefusesBadOptionsClearly) {
    auto refused = [](const std::string& spec) {
        try {
            make_agent(spec, {});
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(refused("evolution:population=1").find("population=1 is not valid"), std::string::npos);
    EXPECT_NE(refused("evolution:horizon=0").find("horizon=0 is not valid"), std::string::npos);
    EXPECT_NE(refused("evolution:mutation=1.5").find("mutation=1.5 is not valid"), std::string::npos);
    EXPECT_NE(refused("evolution:heuristic=magic").find("unknown heuristic 'magic'"), std::string::npos);
    EXPECT_NE(refused("evolution:depth=2")
                  .find("its options: population, generations, horizon, mutation, heuristic, seed"),
              std::string::npos);
}

}  // namespace
}  // namespace mancala::agents
