#include "core/pit_names.hpp"

#include <gtest/gtest.h>

namespace mancala {
namespace {

TEST(PitNames, FollowTheHomeworkDrawing) {
    // Six pits: row B is B2..B7 left to right with store B8; row A is A2..A7 with store A1.
    EXPECT_EQ(pit_name(6, Side::South, 0), "B2");
    EXPECT_EQ(pit_name(6, Side::South, 5), "B7");
    EXPECT_EQ(store_name(6, Side::South), "B8");
    EXPECT_EQ(pit_name(6, Side::North, 0), "A7");  // North sows leftward: its first pit is A7
    EXPECT_EQ(pit_name(6, Side::North, 5), "A2");
    EXPECT_EQ(store_name(6, Side::North), "A1");
    EXPECT_EQ(pit_name(16, Side::South, 15), "B17");
}

TEST(PitNames, ParseIsTheInverseOfNaming) {
    for (int n = 1; n <= 16; ++n)
        for (Side side : {Side::South, Side::North})
            for (int i = 0; i < n; ++i) EXPECT_EQ(parse_pit_name(n, side, pit_name(n, side, i)), i);
}

TEST(PitNames, ParseRefusesOtherNames) {
    EXPECT_EQ(parse_pit_name(6, Side::South, "b3"), 1);
    EXPECT_FALSE(parse_pit_name(6, Side::South, "A3"));  // the other side's pit
    EXPECT_FALSE(parse_pit_name(6, Side::South, "B8"));  // a store
    EXPECT_FALSE(parse_pit_name(6, Side::North, "A1"));
    EXPECT_FALSE(parse_pit_name(6, Side::South, "B1"));
    EXPECT_FALSE(parse_pit_name(6, Side::South, "B"));
    EXPECT_FALSE(parse_pit_name(6, Side::South, "B3x"));
    EXPECT_FALSE(parse_pit_name(6, Side::South, ""));
}

TEST(PitNames, ParseRefusesNumbersAtTheEndsOfInt) {
    // Found by fuzz/notation_fuzzer under UBSan: the pit index was computed by overflowing arithmetic.
    EXPECT_FALSE(parse_pit_name(6, Side::South, "B-2147483648"));
    EXPECT_FALSE(parse_pit_name(6, Side::North, "A-2147483647"));
    EXPECT_FALSE(parse_pit_name(6, Side::North, "a-2147483648"));
    EXPECT_FALSE(parse_pit_name(6, Side::South, "B2147483647"));
    EXPECT_FALSE(parse_pit_name(6, Side::South, "B-3"));
}

}  // namespace
}  // namespace mancala
