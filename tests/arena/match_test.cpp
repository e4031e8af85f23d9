#include "arena/match.hpp"

#include "agents/registry.hpp"
#include "test_agents.hpp"

#include <gtest/gtest.h>

#include <thread>

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

/// Slow to get ready (as the engine building its database), quick to move; or failing to get ready.
class PreparingAgent final : public testing::ScriptedAgent {
public:
    explicit PreparingAgent(std::chrono::milliseconds prepare_time, bool fail = false)
        : prepare_time_(prepare_time), fail_(fail) {}
    void prepare(const Rules&) override {
        ++prepared;
        std::this_thread::sleep_for(prepare_time_);
        if (fail_) throw agents::AgentFailure("the rules were refused");
    }
    int prepared = 0;

private:
    std::chrono::milliseconds prepare_time_;
    bool fail_;
};

// Getting ready comes before the clock: a slow start does not count against the first move.
TEST(Match, EachSidePreparesOnceBeforeItsClockRuns) {
    PreparingAgent south(60ms), north(60ms);
    const GameOutcome o = play_match(kRules, Position::start(kRules), south, north, MatchLimits{20ms});
    EXPECT_FALSE(o.forfeited_by) << o.reason;
    EXPECT_EQ(south.prepared, 1);
    EXPECT_EQ(north.prepared, 1);
    MatchLimits clock;
    clock.time_control = TimeControl{30ms, 0ms};
    PreparingAgent on_clock(60ms);
    testing::ScriptedAgent quick;
    const GameOutcome c = play_match(kRules, Position::start(kRules), quick, on_clock, clock);
    EXPECT_FALSE(c.forfeited_by) << c.reason;
}

TEST(Match, AnAgentThatCannotGetReadyForfeitsBeforeTheFirstMove) {
    testing::ScriptedAgent south;
    PreparingAgent north(0ms, /*fail=*/true);
    const GameOutcome o = play_match(kRules, Position::start(kRules), south, north, MatchLimits{});
    EXPECT_EQ(o.forfeited_by, Side::North);
    EXPECT_EQ(o.reason, "the rules were refused");
    EXPECT_EQ(o.plies, 0);
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

TEST(Match, OnAClockTheTimeIsPaidAndTheIncrementGainedAfterEveryMove) {
    // 8 ms a move on a clock of 30 ms that gains 10 ms after each: without the
    // increment it would run out at the fourth move.
    testing::SlowAgent south(8ms);
    testing::ScriptedAgent north;
    MatchLimits limits;
    limits.time_control = TimeControl{30ms, 10ms};
    const Rules rules = make_rules("kalah", 6, 4);
    const GameOutcome o = play_match(rules, Position::start(rules), south, north, limits);
    EXPECT_FALSE(o.forfeited_by) << o.reason;
    EXPECT_GE(o.think.south_moves, 4);
    EXPECT_EQ(o.think.south_moves + o.think.north_moves, o.plies);
    EXPECT_GE(o.think.south_seconds, 0.008 * o.think.south_moves);
}

TEST(Match, RunningOutOfTimeOnTheClockLosesOnTime) {
    testing::SlowAgent south(30ms);
    testing::ScriptedAgent north;
    MatchLimits limits;
    // The fourth move flags: four take at least 120 ms; three stay under 115 ms unless each
    // oversleeps by 8 ms (at 100 ms a 4 ms oversleep, as on a loaded machine, flagged the third).
    limits.time_control = TimeControl{115ms, 0ms};
    const GameOutcome o = play_match(kRules, Position::start(kRules), south, north, limits);
    EXPECT_EQ(o.forfeited_by, Side::South);
    EXPECT_EQ(o.winner, Winner::North);
    EXPECT_EQ(o.reason.rfind("lost on time: the agent took", 0), 0u) << o.reason;
    EXPECT_EQ(o.think.south_moves, 4);
}

TEST(Match, TheEngineOnAClockNeverFlagsAndSpendsItsTime) {
    // The engine plans from the clock it is handed (its own time= is set aside).
    auto south = agents::make_agent("engine:time=5s", {});
    auto north = agents::make_agent("greedy", {});
    MatchLimits limits;
    limits.time_control = TimeControl{1000ms, 0ms};
    const Rules rules = make_rules("kalah", 6, 4);
    const GameOutcome o = play_match(rules, Position::start(rules), *south, *north, limits);
    EXPECT_FALSE(o.forfeited_by) << o.reason;
    EXPECT_LT(o.think.south_seconds, 1.0);
    EXPECT_GT(o.think.south_seconds, 0.1);  // not a second a move, not nothing either
}

TEST(TimeControl, ParsesAndPrintsBasePlusIncrement) {
    EXPECT_EQ(parse_time_control("60+0.5"), (TimeControl{60000ms, 500ms}));
    EXPECT_EQ(parse_time_control("60"), (TimeControl{60000ms, 0ms}));
    EXPECT_EQ(parse_time_control("0.2+0.01"), (TimeControl{200ms, 10ms}));
    EXPECT_EQ(parse_time_control(".5+1."), (TimeControl{500ms, 1000ms}));
    EXPECT_EQ(to_string(TimeControl{60000ms, 500ms}), "60+0.5");
    EXPECT_EQ(to_string(TimeControl{200ms, 10ms}), "0.2+0.01");
    EXPECT_EQ(to_string(TimeControl{30000ms, 0ms}), "30+0");
    for (const char* bad : {"", "+1", "0+1", "1+", "1+-1", "a+1", "1.2.3", "0.0001", "86401",
                            "1+99999999999999999999", "1e3", " 60"}) {
        EXPECT_THROW(parse_time_control(bad), std::invalid_argument) << bad;
    }
    try {
        parse_time_control("60+x");
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "time control '60+x': the increment 'x' is not a number of seconds");
    }
}

}  // namespace
}  // namespace mancala::arena
