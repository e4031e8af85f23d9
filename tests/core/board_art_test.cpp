// The board drawing, character for character: the layout the terminal game and
// the documentation show.

#include "core/board_art.hpp"
#include "core/notation.hpp"

#include <gtest/gtest.h>

namespace mancala {
namespace {

TEST(BoardArt, KalahStart) {
    const std::string expected =
        "          A2   A3   A4   A5   A6   A7        <- north\n"
        "   +----+----+----+----+----+----+----+----+\n"
        "   |    |  4 |  4 |  4 |  4 |  4 |  4 |    |\n"
        "A1 |  0 |----+----+----+----+----+----|  0 | B8\n"
        "   |    |  4 |  4 |  4 |  4 |  4 |  4 |    |\n"
        "   +----+----+----+----+----+----+----+----+\n"
        "          B2   B3   B4   B5   B6   B7        south ->\n";
    EXPECT_EQ(board_art(Position::start(make_rules("kalah", 6, 4))), expected);
}

TEST(BoardArt, RowsAreDrawnAsTheHomeworkNamesThem) {
    // Row A from A2 (North's last pit in sowing order); the marked pit is A3.
    const Position p = parse_position("1,2,3/4,5,6/7/8/N");
    BoardArtStyle style;
    style.highlight_cell = p.first_pit(Side::North) + 1;  // North's pit 1 is A3
    const std::string expected =
        "          A2   A3   A4        <- north\n"
        "   +----+----+----+----+----+\n"
        "   |    |  1 |  2*|  3 |    |\n"
        "A1 |  7 |----+----+----|  8 | B5\n"
        "   |    |  4 |  5 |  6 |    |\n"
        "   +----+----+----+----+----+\n"
        "          B2   B3   B4        south ->\n";
    EXPECT_EQ(board_art(p, style), expected);
}

TEST(BoardArt, WideBoardKeepsFiveDigitCountsAligned) {
    // 16 pits a side; 65,535 stones in all, so every column is five characters wide.
    const Position p = parse_position(
        "1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,12345/"
        "20000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,7/"
        "99/33083/S");
    ASSERT_EQ(p.total_stones(), 65535);
    BoardArtStyle style;
    style.highlight_cell = p.first_pit(Side::South) + 15;  // B17
    const std::string expected =
        "                A2      A3      A4      A5      A6      A7      A8      A9     A10     A11     A12     A13"
        "     A14     A15     A16     A17           <- north\n"
        "   +-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+---"
        "----+-------+-------+-------+-------+-------+\n"
        "   |       |     1 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |   "
        "  0 |     0 |     0 |     0 | 12345 |       |\n"
        "A1 |    99 |-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+---"
        "----+-------+-------+-------+-------| 33083 | B18\n"
        "   |       | 20000 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |     0 |   "
        "  0 |     0 |     0 |     0 |     7*|       |\n"
        "   +-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+---"
        "----+-------+-------+-------+-------+-------+\n"
        "                B2      B3      B4      B5      B6      B7      B8      B9     B10     B11     B12     B13"
        "     B14     B15     B16     B17           south ->\n";
    EXPECT_EQ(board_art(p, style), expected);
}

TEST(BoardArt, ColourMarksTheHighlightWithoutMovingAnything) {
    const Position p = Position::start(make_rules("kalah", 6, 4));
    BoardArtStyle style;
    style.color = true;
    style.highlight_cell = 2;  // B4
    const std::string art = board_art(p, style);
    EXPECT_NE(art.find("\x1b[1;7m 4\x1b[0m"), std::string::npos);
    // Without the escape sequences it is the plain drawing, with no '*'.
    std::string plain;
    for (std::size_t i = 0; i < art.size(); ++i) {
        if (art[i] == '\x1b') {
            i = art.find('m', i);
            continue;
        }
        plain += art[i];
    }
    EXPECT_EQ(plain, board_art(p));
}

}  // namespace
}  // namespace mancala
