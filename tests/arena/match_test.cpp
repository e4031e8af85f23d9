#include "arena/match.hpp"

#include "agents/registry.hpp"
#include "test_agents.hpp"

#include <gtest/gtest.h>

namespace mancala::arena {
namespace {

using namespace std::chrono_literals;

const Rules kRules = make_rules("kalah", 4, 3);

TEST(Match, PlaysToTheEndAndAccountsForEveryStone) {
    auto south = agents::make_agent("greedy", {});
    auto north = agents::make_agent("random:seed=5", {});
    const GameOutcome o = play_match(kRules, Position::start(kRules), *south, *north, MatchLimits{});
    EXPECT_EQ(o.south_store + o.north_store, 2 * 4 * 3);
    EXPECT_EQ(o.south_margin, o.south_store - o.north_store);
    EXPECT_GT(o.plies, 0);
    EXPECT_FALSE(o.forfeited_by);
    EXPECT_TRUE(o.reason.empty());
    EXPECT_EQ(o.winner, o.south_margin > 0 ? Winner::South : o.south_margin < 0 ? Winner::North : Winner::Draw);
}

TEST(Match, AnAgentThatThrowsForfeitsWithTheReasonOnOneLine) {
    testing::ScriptedAgent south;
    testing::ScriptedAgent north(/*throw_at=*/2);
    const GameOutcome o = play_match(kRules, Position::start(kRules), south, north, MatchLimits{});
    EXPECT_EQ(o.forfeited_by, Side::North);
    EXPECT_EQ(o.winner, Winner::South);
    EXPECT_EQ(o.reason, "the agent threw an exception: out of cheese redo from start");
    EXPECT_EQ(o.south_margin, 24);  // the whole board
    EXPECT_GT(o.plies, 1);
}

TEST(Match, AnIllegalMoveForfeits) {
    // North's row has empty pits, so the illegal agent has an empty pit to play.
    const int south_row[] = {1, 2, 3, 4};
    const int north_row[] = {0, 5, 0, 1};
    const Position p = Position::from_counts(south_row, north_row, 3, 4, Side::North);
    testing::ScriptedAgent south;
    testing::IllegalMoveAgent north;
    const GameOutcome o = play_match(kRules, p, south, north, MatchLimits{});
    EXPECT_EQ(o.forfeited_by, Side::North);
    EXPECT_EQ(o.winner, Winner::South);
    EXPECT_NE(o.reason.find("illegal move (pit index 0)"), std::string::npos) << o.reason;
    EXPECT_EQ(o.plies, 0);
    EXPECT_EQ(o.south_store, 3);
    EXPECT_EQ(o.north_store, 4);
    EXPECT_EQ(o.south_margin, 23);  // every stone on the board
}

TEST(Match, OverrunningTheMoveTimeLimitForfeits) {
    testing::SlowAgent south(60ms);
    testing::ScriptedAgent north;
    const GameOutcome o = play_match(kRules, Position::start(kRules), south, north, MatchLimits{20ms});
    EXPECT_EQ(o.forfeited_by, Side::South);
    EXPECT_EQ(o.winner, Winner::North);
    EXPECT_NE(o.reason.find("over the limit of 20 ms"), std::string::npos) << o.reason;
}

TEST(Match, APlyLimitEndsAnEndlessGameBySweepingTheRows) {
    testing::ScriptedAgent south, north;
    MatchLimits limits;
    limits.max_plies = 3;
    const GameOutcome o = play_match(kRules, Position::start(kRules), south, north, limits);
    EXPECT_EQ(o.plies, 3);
    EXPECT_EQ(o.south_store + o.north_store, 24);
    EXPECT_FALSE(o.forfeited_by);
    EXPECT_NE(o.reason.find("no result after 3 plies"), std::string::npos);
}

}  // namespace
}  // namespace mancala::arena
