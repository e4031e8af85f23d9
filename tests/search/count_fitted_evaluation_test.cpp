// The count-capture family's `fitted` evaluation: its features on hand-checked
// positions of Oware and Bohnenspiel, and its place behind fitted_value.

#include "search/count_fitted_evaluation.hpp"
#include "core/game_catalogue.hpp"
#include "core/position.hpp"
#include "search/fitted_evaluation.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace mancala::search {
namespace {

// South to move in Oware; rows in sowing order (South a..f, North A..F):
//   South 0 1 2 0 0 2, North 1 2 0 5 0 0.
// South's f (2 seeds) ends in North's B, 2 -> 3, taken; A before it, 1 -> 2, taken: 5.
// North's D (5 seeds) sows E, F, then South's a, b, c: c 2 -> 3 and b 1 -> 2 are taken,
// a 0 -> 1 ends the chain: 5. Exposed (1 or 2 seeds): South b, c, f; North A, B.
// Sown over: South's f holds 2, one sowing from the end of its row: 1 goes over;
// North's D holds 5, three from the end: 2.
TEST(CountFittedEvaluation, HandCheckedOwarePosition) {
    const Rules oware = make_rules("oware");
    const std::vector<int> mine{0, 1, 2, 0, 0, 2}, theirs{1, 2, 0, 5, 0, 0};
    const CountFeatures f = count_features(mine.data(), theirs.data(), 6, oware);
    EXPECT_EQ(f.my_seeds, 5);
    EXPECT_EQ(f.their_seeds, 8);
    EXPECT_EQ(f.my_exposed, 3);
    EXPECT_EQ(f.their_exposed, 2);
    EXPECT_EQ(f.my_capture, 5);
    EXPECT_EQ(f.their_capture, 5);
    EXPECT_EQ(f.my_empty, 3);
    EXPECT_EQ(f.their_empty, 3);
    EXPECT_EQ(f.my_sown_over, 1);
    EXPECT_EQ(f.their_sown_over, 2);

    using W = CountFittedWeights;
    const int expected = W::kToMove + 5 * W::kMySeeds + 8 * W::kTheirSeeds + 3 * W::kMyExposed +
                         2 * W::kTheirExposed + 5 * W::kMyCapture + 5 * W::kTheirCapture + 3 * W::kMyEmpty +
                         3 * W::kTheirEmpty + 1 * W::kMySownOver + 2 * W::kTheirSownOver;
    const Position p = Position::from_counts(mine, theirs, 0, 0, Side::South);
    EXPECT_EQ(fitted_value(p, oware), expected);
    // North to move sees the same rows the other way round.
    const Position q = Position::from_counts(theirs, mine, 0, 0, Side::North);
    EXPECT_EQ(fitted_value(q, oware), expected);
}

// Without a chain only the last pit is taken; a sowing past a lap is left out.
TEST(CountFittedEvaluation, ChainAndLapLimits) {
    Rules no_chain = make_rules("oware");
    no_chain.capture_chain = false;
    const std::vector<int> mine{0, 0, 0, 0, 0, 2}, theirs{1, 2, 0, 0, 0, 0};
    EXPECT_EQ(best_count_capture(mine.data(), theirs.data(), 6, no_chain), 3);
    EXPECT_EQ(best_count_capture(mine.data(), theirs.data(), 6, make_rules("oware")), 5);
    const std::vector<int> lapping{0, 0, 0, 0, 0, 13};
    EXPECT_EQ(best_count_capture(lapping.data(), theirs.data(), 6, make_rules("oware")), 0);
}

// Bohnenspiel takes 2, 4 and 6 on either side: South's a (2 seeds) ends in its own c,
// 1 -> 2, and b before it, 1 -> 2: 4; its b alone would take c: 2. Oware takes nothing there.
TEST(CountFittedEvaluation, OwnRowCapturesWhereTheRulesAllowThem) {
    const std::vector<int> mine{2, 1, 1, 0, 0, 0}, theirs{4, 4, 4, 4, 4, 4};
    EXPECT_EQ(best_count_capture(mine.data(), theirs.data(), 6, make_rules("bohnenspiel")), 4);
    EXPECT_EQ(best_count_capture(mine.data(), theirs.data(), 6, make_rules("oware")), 0);
}

TEST(CountFittedEvaluation, AppliesToTheCountCaptureGamesOnly) {
    for (const char* game : {"oware", "awari", "bohnenspiel", "toguz-kumalak"})
        EXPECT_TRUE(count_capture_family(make_rules(game))) << game;
    for (const char* game : {"kalah", "homework", "relay", "congklak", "dakon", "ayoayo"})
        EXPECT_FALSE(count_capture_family(make_rules(game))) << game;
}

}  // namespace
}  // namespace mancala::search
