// Moves as people type them: pit names in any case, or numbers from the mover's left.

#include "play/move_input.hpp"

#include <gtest/gtest.h>

namespace mancala::play {
namespace {

std::string refusal(Side side, std::string_view text) {
    try {
        return "accepted as " + std::to_string(parse_move(6, side, text));
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
}

TEST(MoveInput, SouthNamesAndNumbers) {
    EXPECT_EQ(parse_move(6, Side::South, "B2"), 0);
    EXPECT_EQ(parse_move(6, Side::South, "b4"), 2);
    EXPECT_EQ(parse_move(6, Side::South, "  B7 "), 5);
    EXPECT_EQ(parse_move(6, Side::South, "1"), 0);  // B2, South's leftmost
    EXPECT_EQ(parse_move(6, Side::South, "6"), 5);  // B7, next to the store
}

TEST(MoveInput, NorthCountsFromItsOwnLeft) {
    // North sits across the board: its own left is A7, the far end from its store A1.
    EXPECT_EQ(parse_move(6, Side::North, "1"), 0);
    EXPECT_EQ(parse_move(6, Side::North, "a7"), 0);
    EXPECT_EQ(parse_move(6, Side::North, "6"), 5);
    EXPECT_EQ(parse_move(6, Side::North, "A2"), 5);
}

TEST(MoveInput, RefusalsSayWhatIsAllowed) {
    EXPECT_EQ(refusal(Side::South, "a3"), "A3 is north's pit: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::North, "B3"), "B3 is south's pit: north plays A2..A7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "b8"), "B8 is south's store: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "A1"), "A1 is north's store: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "0"), "there is no pit 0: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "7"), "there is no pit 7: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "-1"), "there is no pit -1: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "B"), "'B' is not a move: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "4x"), "'4x' is not a move: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, ""), "'' is not a move: south plays B2..B7 or 1..6");
    EXPECT_EQ(refusal(Side::South, "99999999999999"), "'99999999999999' is not a move: south plays B2..B7 or 1..6");
}

TEST(MoveInput, ChoicesAreListedAsDrawn) {
    EXPECT_EQ(move_choices(6, Side::South), "B2..B7 or 1..6");
    EXPECT_EQ(move_choices(6, Side::North), "A2..A7 or 1..6");
    EXPECT_EQ(move_choices(16, Side::North), "A2..A17 or 1..16");
}

}  // namespace
}  // namespace mancala::play
