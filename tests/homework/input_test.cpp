#include "homework/homework_input.hpp"

#include <gtest/gtest.h>

namespace mancala::homework {
namespace {

// Expects `text` to be refused on `line` with a message containing `words`.
void expect_refused(const std::string& text, int line, const std::string& words) {
    try {
        parse_input(text);
        ADD_FAILURE() << "accepted:\n" << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(HomeworkInput, ReadsTheSevenLines) {
    const Input input = parse_input("3\n2\n4\n1 2 3\n4 5 6\n7\n8\n");
    EXPECT_EQ(input.task, Task::AlphaBeta);
    EXPECT_EQ(input.player, Side::North);
    EXPECT_EQ(input.cutoff, 4);
    const Position& p = input.position;
    EXPECT_EQ(p.pits(), 3);
    EXPECT_EQ(p.to_move(), Side::North);
    EXPECT_EQ(p.pit(Side::North, 0), 3);  // A4, North's first pit in sowing order
    EXPECT_EQ(p.pit(Side::North, 2), 1);  // A2
    EXPECT_EQ(p.pit(Side::South, 0), 4);  // B2
    EXPECT_EQ(p.store(Side::North), 7);
    EXPECT_EQ(p.store(Side::South), 8);
    EXPECT_EQ(input.rules, make_rules("homework", 3, 0));
}

TEST(HomeworkInput, ToleratesWindowsLineEndsExtraSpacesAndTrailingBlankLines) {
    EXPECT_NO_THROW(parse_input("1\r\n1\r\n2\r\n 1  2\t3 \r\n4 5 6\r\n0\r\n0\r\n\r\n\n"));
    EXPECT_NO_THROW(parse_input("1\n1\n2\n1 2 3\n4 5 6\n0\n0"));  // no final newline
}

TEST(HomeworkInput, AcceptsSixteenPitsAndThousandsOfStones) {
    std::string row;
    for (int i = 0; i < 16; ++i) row += "1000 ";
    EXPECT_NO_THROW(parse_input("1\n1\n1\n" + row + "\n" + row + "\n0\n0\n"));
}

TEST(HomeworkInput, RefusesMissingLines) {
    expect_refused("", 1, "missing the task");
    expect_refused("1\n1\n2\n1 2 3\n4 5 6\n0\n", 7, "missing player 1's mancala");
    expect_refused("1\n1\n2\n1 2 3\n", 5, "the input ends after line 4");
    expect_refused("1\n1\n\n1 2 3\n4 5 6\n0\n0\n", 3, "the line is empty");
}

TEST(HomeworkInput, RefusesNonNumbers) {
    expect_refused("x\n1\n2\n1 2 3\n4 5 6\n0\n0\n", 1, "must be a non-negative integer, got 'x'");
    expect_refused("1\n1\n2\n1 two 3\n4 5 6\n0\n0\n", 4, "got 'two'");
    expect_refused("1\n1\n2.5\n1 2 3\n4 5 6\n0\n0\n", 3, "got '2.5'");
    expect_refused("1\n1\n2\n1 2 3\n4 5 6\n0x1\n0\n", 6, "got '0x1'");
    expect_refused("1\n1\n2\n1 2 3\n4 5 6\n0\n99999999999999999999\n", 7, "too large");
    expect_refused("1\n1\n2\n1 2 3\n4 5 +6\n0\n0\n", 5, "got '+6'");
}

TEST(HomeworkInput, RefusesNegativeStones) {
    expect_refused("1\n1\n2\n1 -2 3\n4 5 6\n0\n0\n", 4, "must not be negative");
    expect_refused("1\n1\n2\n1 2 3\n4 5 6\n-1\n0\n", 6, "must not be negative");
}

TEST(HomeworkInput, RefusesRowsOfDifferentLengths) {
    expect_refused("1\n1\n2\n1 2 3\n4 5\n0\n0\n", 5, "player 1's row has 2 pits but player 2's has 3");
}

TEST(HomeworkInput, RefusesRowsOutsideOneToSixteenPits) {
    std::string row;
    for (int i = 0; i < 17; ++i) row += "1 ";
    expect_refused("1\n1\n2\n" + row + "\n" + row + "\n0\n0\n", 4, "at most 16 pits, found 17");
}

TEST(HomeworkInput, RefusesTooManyStones) {
    expect_refused("1\n1\n2\n40000 2 3\n40000 5 6\n0\n0\n", 4, "more than 65535 stones");
}

TEST(HomeworkInput, RefusesAPlayerWithoutALegalMove) {
    expect_refused("1\n1\n2\n1 2 3\n0 0 0\n0\n0\n", 5,
                   "player 1 has no legal move: every pit from B2 to B4 is empty");
    expect_refused("1\n2\n2\n0 0 0\n1 2 3\n0\n0\n", 4,
                   "player 2 has no legal move: every pit from A2 to A4 is empty");
}

TEST(HomeworkInput, RefusesTasksAndPlayersOutOfRange) {
    expect_refused("5\n1\n2\n1 2 3\n4 5 6\n0\n0\n", 1, "the task must be 1 (Greedy)");
    expect_refused("0\n1\n2\n1 2 3\n4 5 6\n0\n0\n", 1, "got 0");
    expect_refused("1\n3\n2\n1 2 3\n4 5 6\n0\n0\n", 2, "your player must be 1 or 2, got 3");
    expect_refused("1\n1\n0\n1 2 3\n4 5 6\n0\n0\n", 3, "at least 1");
    expect_refused("1 2\n1\n2\n1 2 3\n4 5 6\n0\n0\n", 1, "expected one number for the task, found 2");
}

TEST(HomeworkInput, RefusesContentAfterTheSevenLines) {
    expect_refused("1\n1\n2\n1 2 3\n4 5 6\n0\n0\n\n9\n", 9, "unexpected content");
}

}  // namespace
}  // namespace mancala::homework
