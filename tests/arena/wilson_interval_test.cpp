#include "arena/wilson_interval.hpp"

#include <gtest/gtest.h>

namespace mancala::arena {
namespace {

TEST(WilsonInterval, MatchesPublishedValues) {
    // Reference values from the closed form, e.g. Newcombe (1998), z = 1.96.
    const Interval half = wilson_interval(5, 10);
    EXPECT_NEAR(half.low, 0.2366, 1e-4);
    EXPECT_NEAR(half.high, 0.7634, 1e-4);
    const Interval none = wilson_interval(0, 10);
    EXPECT_EQ(none.low, 0.0);
    EXPECT_NEAR(none.high, 0.2775, 1e-4);
    const Interval all = wilson_interval(20, 20);
    EXPECT_NEAR(all.low, 0.8389, 1e-4);
    EXPECT_EQ(all.high, 1.0);
}

TEST(WilsonInterval, NoTrialsMeansNoInformation) {
    const Interval i = wilson_interval(0, 0);
    EXPECT_EQ(i.low, 0.0);
    EXPECT_EQ(i.high, 1.0);
}

}  // namespace
}  // namespace mancala::arena
