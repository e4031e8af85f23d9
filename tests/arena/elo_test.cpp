#include "arena/elo.hpp"

#include "arena/schedule.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace mancala::arena {
namespace {

TEST(Elo, SeventyFivePercentIsAbout191Points) {
    PairwiseResults r(2);
    r.add(0, 1, 300, 400);  // 300 of 400 points
    const auto ratings = fit_elo(r);
    EXPECT_NEAR(ratings[0].elo - ratings[1].elo, 400 * std::log10(3.0), 1e-6);  // 190.85
    EXPECT_NEAR(ratings[0].elo + ratings[1].elo, 0, 1e-9);                      // anchored at the mean
    EXPECT_NEAR(elo_difference(0.75), 190.85, 0.01);
}

TEST(Elo, DrawsCountHalf) {
    PairwiseResults with_draws(2), without(2);
    with_draws.add(0, 1, 1, 1);
    with_draws.add(0, 1, 1.0, 2);  // two draws, half a point each
    with_draws.add(0, 1, 0, 1);
    without.add(0, 1, 2, 4);
    EXPECT_NEAR(fit_elo(with_draws)[0].elo, 0, 1e-9);
    EXPECT_NEAR(fit_elo(with_draws)[0].elo, fit_elo(without)[0].elo, 1e-9);
}

TEST(Elo, SymmetricResultsGiveEqualRatings) {
    PairwiseResults r(3);
    for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b) r.add(a, b, 10, 20);
    for (const Rating& rating : fit_elo(r)) EXPECT_NEAR(rating.elo, 0, 1e-9);
    // A rock-paper-scissors cycle is symmetric too.
    PairwiseResults cycle(3);
    cycle.add(0, 1, 15, 20);
    cycle.add(1, 2, 15, 20);
    cycle.add(2, 0, 15, 20);
    const auto ratings = fit_elo(cycle);
    for (const Rating& rating : ratings) EXPECT_NEAR(rating.elo, 0, 1e-6);
    EXPECT_NEAR(ratings[0].ci95, ratings[2].ci95, 1e-9);
}

TEST(Elo, TransitiveResultsAddUp) {
    // 0 scores 75% against 1, and 1 scores 75% against 2, with plenty of games:
    // the ML ratings put 0 about 2 x 191 above 2 even though they never met.
    PairwiseResults r(3);
    r.add(0, 1, 750, 1000);
    r.add(1, 2, 750, 1000);
    const auto ratings = fit_elo(r);
    EXPECT_NEAR(ratings[0].elo - ratings[1].elo, 190.85, 0.01);
    EXPECT_NEAR(ratings[0].elo - ratings[2].elo, 2 * 190.85, 0.01);
}

TEST(Elo, TheIntervalShrinksWithTheSquareRootOfTheGames) {
    PairwiseResults few(2), many(2);
    few.add(0, 1, 30, 40);
    many.add(0, 1, 480, 640);
    const double ci_few = fit_elo(few)[0].ci95;
    const double ci_many = fit_elo(many)[0].ci95;
    EXPECT_LT(ci_many, ci_few);
    EXPECT_NEAR(ci_few / ci_many, 4.0, 1e-6);  // 16 times the games
    // Fisher information of n games at p = 0.75: the difference has a standard
    // error of 1 / (k sqrt(n p (1 - p))), k = ln 10 / 400; each rating half of it.
    const double k = std::log(10.0) / 400;
    EXPECT_NEAR(ci_few, 1.959964 * 0.5 / (k * std::sqrt(40 * 0.75 * 0.25)), 1e-3);
}

TEST(Elo, PerfectScoresHaveNoFiniteRatingsWithoutAPrior) {
    PairwiseResults r(2);
    r.add(0, 1, 10, 10);
    EXPECT_THROW(fit_elo(r), std::invalid_argument);
    add_prior_draws(r, make_pairings(Format::RoundRobin, 2), 1.0);
    const auto ratings = fit_elo(r);
    EXPECT_NEAR(ratings[0].elo - ratings[1].elo, elo_difference(10.5 / 11), 1e-6);
    EXPECT_GT(ratings[0].ci95, 0);
}

TEST(Elo, AgentsThatNeverMeetCannotBeRated) {
    PairwiseResults r(4);
    r.add(0, 1, 1, 2);
    r.add(2, 3, 1, 2);
    EXPECT_THROW(fit_elo(r), std::invalid_argument);
}

}  // namespace
}  // namespace mancala::arena
