// The choices `solve` makes (solve/game_solver.hpp): the method, auto's race between
// the two, the default database and the table. Expected values worked out by hand from
// the number of positions of up to s stones in 2p pits, C(s + 2p, 2p).

#include "solve/game_solver.hpp"

#include <gtest/gtest.h>

namespace mancala::solve {
namespace {

constexpr std::uint64_t kBudget = 3'000'000'000;

int default_for(int pits, int seeds, std::uint64_t budget = kBudget) {
    return default_db_stones(make_rules("kalah", pits, seeds), 2 * pits * seeds, budget);
}

TEST(DefaultDatabase, PositionCountsTheRuleReadsAreTheBinomials) {
    EXPECT_EQ(EndgameDatabase(make_rules("kalah", 5, 5)).positions_up_to(24), 131'128'140u);  // C(34,10)
    EXPECT_EQ(EndgameDatabase(make_rules("kalah", 5, 5)).positions_up_to(25), 183'579'396u);  // C(35,10)
    EXPECT_EQ(EndgameDatabase(make_rules("kalah", 6, 4)).positions_up_to(18), 86'493'225u);   // C(30,12)
    EXPECT_EQ(EndgameDatabase(make_rules("kalah", 6, 4)).positions_up_to(19), 141'120'525u);  // C(31,12)
    EXPECT_EQ(EndgameDatabase(make_rules("kalah", 6, 4)).positions_up_to(20), 225'792'840u);  // C(32,12)
}

// 25 stones above the database while it stays under 100 M positions.
TEST(DefaultDatabase, LeavesAboutTwentyFiveStonesAboveAQuickDatabase) {
    EXPECT_EQ(default_for(5, 5), 23);  // C(33,10) = 92.6 M positions; 24 would be 131.1 M
    EXPECT_EQ(default_for(6, 4), 18);  // 86.5 M positions; 19 would be 141.1 M
    EXPECT_EQ(default_for(5, 4), 15);  // 40 - 25
    EXPECT_EQ(default_for(4, 6), 23);  // 48 - 25: 7.9 M positions
}

// Half the stones less six at least (less four from 56 stones), while the budget allows.
TEST(DefaultDatabase, HalfTheStonesLessSixAtLeastWithinTheBudget) {
    EXPECT_EQ(default_for(6, 3), 12);                 // 36 - 25 = 11 is less
    EXPECT_EQ(default_for(6, 5), 26);                 // 60 stones: 30 - 4; 2.71 G positions
    EXPECT_EQ(default_for(6, 6), 26);                 // 32 is wanted; 27 would be 3.91 G positions
    EXPECT_EQ(default_for(6, 5, 1'500'000'000), 24);  // 1.25 G positions; 25 would be 1.85 G
    EXPECT_EQ(default_for(6, 5, 100'000'000), 18);
    EXPECT_EQ(default_for(6, 5, 0), 0);
}

TEST(DefaultDatabase, NeverPastTheTiersADatabaseHolds) {
    EXPECT_LE(default_db_stones(make_rules("kalah", 1, 127), 254, kBudget), EndgameDatabase::kMaxStones);
}

TEST(ChooseMethod, RacesWhileRetrogradeAnalysisFitsElseSearches) {
    const SolveOptions options;  // at most 100 M positions
    auto method = [](int pits, int seeds, const SolveOptions& o) {
        return choose_method(make_rules("kalah", pits, seeds), Position::start(make_rules("kalah", pits, seeds)),
                             o);
    };
    EXPECT_EQ(method(3, 3, options), SolveMethod::Auto);    // C(24,6) = 134,596 positions
    EXPECT_EQ(method(4, 4, options), SolveMethod::Auto);    // C(40,8) = 76.9 M
    EXPECT_EQ(method(4, 5, options), SolveMethod::Search);  // C(48,8) = 377 M
    EXPECT_EQ(method(6, 4, options), SolveMethod::Search);
    SolveOptions small;
    small.max_positions = 134'595;
    EXPECT_EQ(method(3, 3, small), SolveMethod::Search);
    SolveOptions forced;
    forced.method = SolveMethod::Retrograde;
    EXPECT_EQ(method(6, 4, forced), SolveMethod::Retrograde);
    forced.method = SolveMethod::Search;
    EXPECT_EQ(method(1, 1, forced), SolveMethod::Search);
    // What only a search has: a bound split into pieces, a table file, a database on disk.
    SolveOptions split;
    split.at_least = 1;
    split.split = SplitOptions{};
    EXPECT_EQ(method(3, 3, split), SolveMethod::Search);
    SolveOptions table;
    table.table_file = "t.table";
    EXPECT_EQ(method(3, 3, table), SolveMethod::Search);
    SolveOptions disk;
    disk.db_dir = "db";
    EXPECT_EQ(method(3, 3, disk), SolveMethod::Search);
}

// Positions over a rate, and a cost a tier: Kalah(3,3)'s tiers up to 18 stones hold
// C(24,6) = 134,596 positions, those up to 6 stones C(12,6) = 924.
TEST(ExpectedBuild, PositionsOverTheRatePlusATierCost) {
    const Rules rules = make_rules("kalah", 3, 3);
    EXPECT_NEAR(expected_build_seconds(rules, -1, 18, 1, 134'596.0), 1.0 + 19 * kTierSeconds, 1e-9);
    EXPECT_NEAR(expected_build_seconds(rules, 6, 18, 2, 133'672.0), 1.0 + 12 * kTierSeconds, 1e-9);
    EXPECT_NEAR(expected_build_seconds(rules, -1, 18, 2), 134'596.0 / (2 * kNominalBuildRate) + 19 * kTierSeconds,
                1e-9);
    EXPECT_NEAR(expected_build_seconds(make_rules("relay", 3, 3), -1, 18, 1),
                134'596.0 / kNominalSlowBuildRate + 19 * kTierSeconds, 1e-9);
    EXPECT_EQ(expected_build_seconds(rules, 18, 18, 2), 0.0);  // built already
}

// The race: the search first; given no time, it stops unproven and retrograde
// analysis answers, with every optimal move, from the search's database built on.
TEST(Race, RetrogradeAnalysisAnswersWhenTheSearchRunsOutOfTime) {
    const Rules rules = make_rules("kalah", 3, 4);  // 9,207 nodes to prove: past the first look at the clock
    const Position start = Position::start(rules);
    SolveOptions exact;
    exact.method = SolveMethod::Retrograde;
    const Solution expected = solve_position(rules, start, exact);
    SolveOptions hurried;
    hurried.search_first_for = std::chrono::duration<double>(0);
    bool heard = false;
    SolveHooks hooks;
    hooks.on_race_lost = [&](const RaceLost& lost) { heard = lost.nodes > 0; };
    const Solution raced = solve_position(rules, start, hurried, hooks);
    EXPECT_EQ(raced.method, SolveMethod::Retrograde);
    EXPECT_EQ(raced.value, expected.value);
    EXPECT_EQ(raced.best_moves, expected.best_moves);
    EXPECT_EQ(raced.work, expected.work);
    ASSERT_TRUE(raced.race_lost.has_value());
    EXPECT_TRUE(heard);
}

TEST(Race, TheSearchAnswersWhenItProvesInTime) {
    const Rules rules = make_rules("kalah", 3, 4);
    const Position start = Position::start(rules);
    SolveOptions exact;
    exact.method = SolveMethod::Retrograde;
    const int expected = solve_position(rules, start, exact).value;
    SolveOptions patient;
    patient.search_first_for = std::chrono::hours(1);
    double given = -1;
    SolveHooks hooks;
    hooks.on_search_first = [&](double seconds) { given = seconds; };
    const Solution raced = solve_position(rules, start, patient, hooks);
    EXPECT_EQ(raced.method, SolveMethod::Search);
    EXPECT_EQ(raced.value, expected);
    EXPECT_FALSE(raced.race_lost.has_value());
    EXPECT_EQ(given, 3600.0);
}

TEST(SolveTable, SizedToTheGame) {
    EXPECT_EQ(solve_hash_mb(6, 35), 4u);
    EXPECT_EQ(solve_hash_mb(6, 36), 32u);
    EXPECT_EQ(solve_hash_mb(6, 55), 32u);
    EXPECT_EQ(solve_hash_mb(5, 50), 64u);
    EXPECT_EQ(solve_hash_mb(6, 56), 2048u);
    EXPECT_EQ(solve_hash_mb(5, 60), 2048u);
}

}  // namespace
}  // namespace mancala::solve
