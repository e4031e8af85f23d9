// The engine's time: the clock policy by hand-checked numbers and on simulated clocks
// over whole games, the per-move deadline, and the engine spending what it is given.

#include "search/time_manager.hpp"
#include "search/engine.hpp"
#include "search/search_worker.hpp"

#include "core/rules.hpp"
#include "util/fast_random.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <vector>

namespace mancala::search {
namespace {

using namespace std::chrono_literals;
using Ms = std::chrono::duration<double, std::milli>;

double ms(Clock::duration d) { return Ms(d).count(); }

TEST(ClockPlan, ASingleLegalMoveGetsNoTime) {
    const TimePlan plan = plan_clock_move(GameClock{60s, 1s}, MoveContext{30, 48, 1});
    EXPECT_EQ(plan.target, Clock::duration::zero());
    EXPECT_EQ(plan.maximum, Clock::duration::zero());
}

TEST(ClockPlan, SharesTheClockOverTheHorizonWithTheIncrementOnTop) {
    // 48 stones in play (not the middlegame): reserve 1 s, usable 59 s, horizon 1 + 48/8 = 7.
    const TimePlan start = plan_clock_move(GameClock{60s, 0ms}, MoveContext{48, 48, 6});
    EXPECT_NEAR(ms(start.target), 59000.0 / 7, 0.01);
    EXPECT_NEAR(ms(start.maximum), 2 * 59000.0 / 7, 0.01);
    const TimePlan with_increment = plan_clock_move(GameClock{60s, 500ms}, MoveContext{48, 48, 6});
    EXPECT_NEAR(ms(with_increment.target), 59000.0 / 7 + 500, 0.01);
    // 24 of 48 stones: the middlegame, a third more; horizon 4.
    const TimePlan middle = plan_clock_move(GameClock{60s, 0ms}, MoveContext{24, 48, 6});
    EXPECT_NEAR(ms(middle.target), 59000.0 * 4 / 3 / 4, 0.01);
    // Ten stones left: past the middlegame, horizon 2.25, but never more than a third of the usable clock.
    const TimePlan late = plan_clock_move(GameClock{60s, 0ms}, MoveContext{10, 48, 3});
    EXPECT_NEAR(ms(late.target), 59000.0 / 3, 0.01);
    EXPECT_NEAR(ms(late.maximum), 59000.0 / 3, 0.01);
}

TEST(ClockPlan, MoreInTheMiddlegameThanInTheOpeningAtTheSameHorizonShare) {
    const GameClock clock{30s, 100ms};
    const double opening = ms(plan_clock_move(clock, MoveContext{46, 48, 6}).target);
    const double middle = ms(plan_clock_move(clock, MoveContext{30, 48, 6}).target);
    EXPECT_GT(middle, opening * 1.3);
}

TEST(ClockPlan, KeepsTheReserveAndNeverPlansPastTheClock) {
    for (const auto remaining : {0ms, 1ms, 7ms, 50ms, 900ms, 5000ms, 100000ms})
        for (const auto increment : {0ms, 10ms, 2000ms})
            for (int stones = 1; stones <= 72; stones += 7) {
                const TimePlan plan = plan_clock_move(GameClock{remaining, increment}, MoveContext{stones, 72, 4});
                const double r = Ms(remaining).count();
                const double reserve = std::max(std::min(r / 10, 1000.0), std::min(r, 1.0 + stones / 3.0));
                EXPECT_LE(plan.target, plan.maximum);
                EXPECT_LE(ms(plan.maximum), r - reserve + 1e-6) << r << " ms, " << stones << " stones";
                EXPECT_GE(ms(plan.target), 0.0);
            }
}

// Whole games on simulated clocks: each move costs what the plan gives it (steady:
// 0.85 of the target; unsettled: the target; always changing: the maximum and 5% on top),
// plus 0.05 ms of overhead. No clock ever goes below zero, and no game ends with more
// than half of what its clock gave (the base and every increment) unused.
struct GameLine {
    std::vector<MoveContext> south, north;
};

std::vector<GameLine> games_between_engines() {
    std::vector<GameLine> games;
    FastRandom rng(2026);
    Engine shallow, deep;
    for (const char* preset : {"kalah", "homework", "relay"})
        for (const auto& [pits, seeds] : {std::pair{6, 4}, std::pair{6, 6}, std::pair{4, 3}, std::pair{6, 3}})
            for (int game = 0; game < 6; ++game) {
                const Rules rules = make_rules(preset, pits, seeds);
                Position p = Position::start(rules);
                GameLine line;
                shallow.new_game();
                deep.new_game();
                for (int ply = 0; !p.is_terminal(rules); ++ply) {
                    const MoveList moves = p.nonempty_pits();
                    (p.to_move() == Side::South ? line.south : line.north).push_back(move_context(rules, p));
                    int move;
                    if (ply < 2) {
                        move = moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
                    } else {
                        Engine& engine = (p.to_move() == Side::South) == (game % 2 == 0) ? deep : shallow;
                        SearchLimits limits;
                        limits.depth = &engine == &deep ? 5 : 2;
                        move = engine.search(rules, p, limits).best_move;
                    }
                    p.apply(rules, move);
                }
                games.push_back(line);
            }
    return games;
}

TEST(ClockPlan, SimulatedClocksNeverFlagAndUseAtLeastHalfOfTheTime) {
    const std::vector<GameLine> games = games_between_engines();
    const std::pair<std::chrono::milliseconds, std::chrono::milliseconds> controls[] = {
        {60s, 500ms}, {10s, 100ms}, {2s, 0ms}, {1s, 20ms}, {300s, 0ms}, {200ms, 10ms}};
    enum class Spend { Steady, Target, Maximum };
    int sides = 0;
    for (const auto& [base, increment] : controls)
        for (const Spend spend : {Spend::Steady, Spend::Target, Spend::Maximum})
            for (const GameLine& game : games)
                for (const std::vector<MoveContext>* moves : {&game.south, &game.north}) {
                    double left = Ms(base).count();
                    double given = left;
                    for (const MoveContext& move : *moves) {
                        const TimePlan plan = plan_clock_move(
                            GameClock{std::chrono::duration_cast<std::chrono::milliseconds>(Ms(left)), increment},
                            move);
                        const double cost = (spend == Spend::Steady   ? 0.85 * ms(plan.target)
                                             : spend == Spend::Target ? ms(plan.target)
                                                                      : 1.05 * ms(plan.maximum)) +
                                            0.05;
                        ASSERT_LE(cost, left) << "flagged: " << Ms(base).count() << "+" << increment.count();
                        left += Ms(increment).count() - cost;
                        given += Ms(increment).count();
                    }
                    EXPECT_LE(left, given / 2)
                        << Ms(base).count() << "+" << increment.count() << ", " << moves->size() << " moves";
                    ++sides;
                }
    EXPECT_EQ(sides, 6 * 3 * 2 * static_cast<int>(games.size()));
}

TEST(TimeManager, ATimePerMoveIsSpentToItsEndLessAReturnMargin) {
    const auto start = Clock::now();
    SearchLimits limits;
    limits.move_time = 64ms;
    const TimeManager time(limits, MoveContext{40, 48, 5}, start);
    ASSERT_TRUE(time.deadline());
    EXPECT_EQ(*time.deadline(), start + 62ms);  // 64 ms less a 32nd
    EXPECT_FALSE(time.stop_before_next(start + 61ms));
    EXPECT_TRUE(time.stop_before_next(start + 62ms));
    limits.deadline = start + 10ms;  // a caller's cap comes first
    EXPECT_EQ(*TimeManager(limits, MoveContext{40, 48, 5}, start).deadline(), start + 10ms);
    EXPECT_FALSE(TimeManager(SearchLimits{}, MoveContext{40, 48, 5}, start).deadline());
}

TEST(TimeManager, OnAClockTheStopMovesWithTheBestMove) {
    const auto start = Clock::now();
    SearchLimits limits;
    limits.clock = GameClock{60s, 0ms};
    const MoveContext move{48, 48, 6};
    const TimePlan plan = plan_clock_move(*limits.clock, move);
    TimeManager time(limits, move, start);
    EXPECT_EQ(*time.deadline(), start + plan.target);
    for (int iteration = 1; iteration <= 6; ++iteration) time.iteration_done(3, 10);  // steady
    EXPECT_EQ(*time.deadline(), start + std::chrono::duration_cast<Clock::duration>(plan.target * 0.85));
    time.iteration_done(4, 10);  // the best move changed: 1.6 of the target
    EXPECT_EQ(*time.deadline(), start + std::chrono::duration_cast<Clock::duration>(plan.target * 1.6));
    time.iteration_done(2, -20);  // changed again and the score fell by three stones: the maximum
    EXPECT_EQ(*time.deadline(), start + plan.maximum);
}

TEST(TimeManager, OnAClockAForcedMoveIsPlayedAtOnce) {
    SearchLimits limits;
    limits.clock = GameClock{60s, 1s};
    const auto start = Clock::now();
    const TimeManager time(limits, MoveContext{20, 48, 1}, start);
    EXPECT_EQ(*time.deadline(), start);
    const Rules rules = make_rules("kalah", 6, 4);
    const int south[] = {0, 0, 0, 0, 0, 3};
    const int north[] = {4, 4, 4, 4, 4, 4};
    Engine engine;
    const SearchReport report =
        engine.search(rules, Position::from_counts(south, north, 10, 11, Side::South), limits);
    EXPECT_EQ(report.best_move, 5);
    EXPECT_LE(report.nodes, 2 * kCheckInterval);  // stopped at its first look at the clock
}

// The engine thinks for the whole of its time on a position it cannot prove (the
// start of Kalah(6,6)); before the time manager it stopped at half of it.
TEST(TimeManager, TheEngineUsesItsTimePerMove) {
    const Rules rules = make_rules("kalah", 6, 6);
    Engine engine;
    SearchLimits limits;
    limits.move_time = 60ms;
    const auto start = Clock::now();
    const SearchReport report = engine.search(rules, Position::start(rules), limits);
    EXPECT_GE(Clock::now() - start, 55ms);
    EXPECT_FALSE(report.proven);
    EXPECT_GE(report.best_move, 0);
}

}  // namespace
}  // namespace mancala::search
