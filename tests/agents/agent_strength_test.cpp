// Strength sanity checks with fixed seeds: 20 games on Kalah(6,4), colours alternating.
// Deterministic, so a weaker agent fails them for good rather than now and then.

#include "support/agent_games.hpp"

#include <gtest/gtest.h>

namespace mancala::agents {
namespace {

TEST(AgentStrength, MctsBeatsRandom) {
    const int wins = testing::wins_of("mcts:iterations=1000", "random", make_rules("kalah", 6, 4), 20);
    RecordProperty("wins", wins);
    EXPECT_GE(wins, 18);
}

TEST(AgentStrength, EvolutionBeatsRandom) {
    const int wins = testing::wins_of("evolution", "random", make_rules("kalah", 6, 4), 20);
    RecordProperty("wins", wins);
    EXPECT_GE(wins, 15);
}

}  // namespace
}  // namespace mancala::agents
