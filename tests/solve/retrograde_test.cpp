#include "support/exhaustive_search.hpp"
#include "support/reference_retrograde.hpp"

#include <gtest/gtest.h>

namespace mancala::solve {
namespace {

struct Board {
    const char* preset;
    int pits;
    int max_stones;
};

class RetrogradeVersusExhaustive : public ::testing::TestWithParam<Board> {};

// Every position of every tier, both sides to move, against plain exhaustive search.
TEST_P(RetrogradeVersusExhaustive, EveryPositionOfEveryTier) {
    const Board b = GetParam();
    const Rules rules = make_rules(b.preset, b.pits, 0);
    RetrogradeSolver solver(rules, b.max_stones, 2);
    int tiers_seen = 0;
    solver.solve([&](const TierProgress& t) { EXPECT_EQ(t.tier, tiers_seen++); });
    EXPECT_EQ(tiers_seen, b.max_stones + 1);
    testing::ExhaustiveSearch exhaustive(rules);
    const TierRanking ranking(b.pits, b.max_stones);
    std::uint64_t checked = 0;
    for (int tier = 0; tier <= b.max_stones; ++tier) {
        for (std::uint64_t i = 0; i < ranking.size(tier); ++i) {
            const Position p = ranking.unrank(tier, i);
            if (p.nonempty_pits().empty() && !p.is_terminal(rules)) continue;  // never to move: the player passes
            ASSERT_EQ(solver.value(p), exhaustive.future_gain(p)) << b.preset << " " << to_string(p);
            ++checked;
        }
    }
    EXPECT_GT(checked, 100u);
}

INSTANTIATE_TEST_SUITE_P(Presets, RetrogradeVersusExhaustive,
                         ::testing::Values(Board{"kalah", 3, 9}, Board{"homework", 3, 9}, Board{"relay", 3, 8},
                                           Board{"kalah", 2, 12}, Board{"kalah", 4, 6}, Board{"kalah", 1, 10}),
                         [](const auto& info) {
                             return std::string(info.param.preset) + "_" + std::to_string(info.param.pits);
                         });

TEST(Retrograde, FinalMarginAddsTheStores) {
    const Rules rules = make_rules("kalah", 3, 3);
    RetrogradeSolver solver(rules, 18, 1);
    solver.solve();
    const Position start = Position::start(rules);
    testing::ExhaustiveSearch exhaustive(rules);
    EXPECT_EQ(solver.final_margin(start), exhaustive.final_margin(start));
    const std::vector<int> south{1, 0, 2}, north{0, 3, 1};
    const Position later = Position::from_counts(south, north, 7, 4, Side::North);
    EXPECT_EQ(solver.final_margin(later), exhaustive.final_margin(later));
}

TEST(Retrograde, RefusesWhatItCannotHold) {
    const Rules rules = make_rules("kalah", 6, 4);
    EXPECT_THROW(RetrogradeSolver(rules, 128, 1), std::invalid_argument);
    RetrogradeSolver small(rules, 3, 1);
    small.solve();
    EXPECT_THROW(small.value(Position::start(rules)), std::invalid_argument);  // 48 stones in the pits
}

}  // namespace
}  // namespace mancala::solve
