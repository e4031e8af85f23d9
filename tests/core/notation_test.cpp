#include "core/notation.hpp"

#include <gtest/gtest.h>

namespace mancala {
namespace {

TEST(Notation, StartPosition) {
    const Position start = Position::start(make_rules("kalah", 6, 4));
    EXPECT_EQ(to_notation(start), "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S");
    EXPECT_EQ(parse_position("4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 / 0 / south"), start);
}

TEST(Notation, RowsAreDrawnAsTheHomeworkDoes) {
    const Position p = parse_position("1,2,3/4,5,6/7/8/N");
    EXPECT_EQ(p.pit(Side::North, 2), 1);  // A2 is North's last pit before its store
    EXPECT_EQ(p.pit(Side::South, 0), 4);  // B2
    EXPECT_EQ(p.store(Side::North), 7);
    EXPECT_EQ(p.store(Side::South), 8);
    EXPECT_EQ(p.to_move(), Side::North);
    EXPECT_EQ(to_notation(p), "1,2,3/4,5,6/7/8/N");
}

TEST(Notation, RefusesMalformedPositions) {
    for (const char* bad :
         {"", "1,2/3,4/0/0", "1,2/3,4/0/0/S/x", "1,x/3,4/0/0/S", "1,2/3,4,5/0/0/S", "1,2/3,4/0/0/W",
          "1,-2/3,4/0/0/S", "1,2/3,4/0 1/0/S", "/3,4/0/0/S", "1,2/3,4/0/99999999999/S", "1.5,2/3,4/0/0/S"}) {
        EXPECT_THROW(parse_position(bad), std::invalid_argument) << bad;
    }
}

}  // namespace
}  // namespace mancala
