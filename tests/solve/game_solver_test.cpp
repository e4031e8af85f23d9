// The choices `solve` makes before it proves anything (solve/game_solver.hpp): the
// method, the default database and the table. Expected values worked out by hand from
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

TEST(ChooseMethod, RetrogradeOnlyForSmallGames) {
    const SolveOptions options;
    auto method = [&](int pits, int seeds) {
        return choose_method(make_rules("kalah", pits, seeds), Position::start(make_rules("kalah", pits, seeds)),
                             options);
    };
    EXPECT_EQ(method(3, 3), SolveMethod::Retrograde);  // C(24,6) = 134,596 positions
    EXPECT_EQ(method(6, 4), SolveMethod::Search);
    SolveOptions forced;
    forced.method = SolveMethod::Retrograde;
    EXPECT_EQ(choose_method(make_rules("kalah", 6, 4), Position::start(make_rules("kalah", 6, 4)), forced),
              SolveMethod::Retrograde);
    // A bound split into pieces is searched, however small the game: its pieces are searches.
    SolveOptions split;
    split.at_least = 1;
    split.split = SplitOptions{};
    EXPECT_EQ(choose_method(make_rules("kalah", 3, 3), Position::start(make_rules("kalah", 3, 3)), split),
              SolveMethod::Search);
}

TEST(SolveTable, SizedToTheGame) {
    EXPECT_EQ(solve_hash_mb(6, 35), 16u);
    EXPECT_EQ(solve_hash_mb(6, 36), 32u);
    EXPECT_EQ(solve_hash_mb(6, 55), 32u);
    EXPECT_EQ(solve_hash_mb(5, 50), 64u);
    EXPECT_EQ(solve_hash_mb(6, 56), 2048u);
    EXPECT_EQ(solve_hash_mb(5, 60), 2048u);
}

}  // namespace
}  // namespace mancala::solve
