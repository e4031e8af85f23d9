// The rule decisions every board asks (core/rule_decisions.hpp), case by case,
// and the mover-first counts the databases and the engine share.

#include "core/rule_decisions.hpp"
#include "core/mover_first_counts.hpp"
#include "core/position.hpp"
#include "search/packed_board.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace mancala {
namespace {

TEST(RuleDecisions, CaptureRules) {
    EXPECT_FALSE(rule::captures(CaptureRule::Never, 0));
    EXPECT_FALSE(rule::captures(CaptureRule::Never, 5));
    EXPECT_FALSE(rule::captures(CaptureRule::IfOppositeNonEmpty, 0));
    EXPECT_TRUE(rule::captures(CaptureRule::IfOppositeNonEmpty, 1));
    EXPECT_TRUE(rule::captures(CaptureRule::Always, 0));
    EXPECT_TRUE(rule::captures(CaptureRule::Always, 3));
    EXPECT_TRUE(rule::landed_in_empty_pit(1));
    EXPECT_FALSE(rule::landed_in_empty_pit(2));
}

TEST(RuleDecisions, SowingPath) {
    EXPECT_TRUE(rule::sows_on(SowingRule::Relay));
    EXPECT_FALSE(rule::sows_on(SowingRule::Single));
    EXPECT_EQ(rule::lap_cells(6), 13);
    // Kalah(6): South's sowing skips North's store (cell 13), North's skips South's (cell 6).
    EXPECT_EQ(rule::skipped_cell(6, Side::South), 13);
    EXPECT_EQ(rule::skipped_cell(6, Side::North), 6);
    EXPECT_EQ(rule::next_sown_cell(5, 14, 13), 6);   // South into its own store
    EXPECT_EQ(rule::next_sown_cell(12, 14, 13), 0);  // past North's store, back to B2
    EXPECT_EQ(rule::next_sown_cell(5, 14, 6), 7);    // North skips South's store
    EXPECT_EQ(rule::next_sown_cell(12, 14, 6), 13);  // North into its own store
    EXPECT_EQ(rule::next_sown_cell(13, 14, 6), 0);   // ... and on round the ring
    Rules no_extra = make_rules("kalah", 6, 4);
    EXPECT_TRUE(rule::earns_extra_turn(no_extra));
    no_extra.extra_turn = false;
    EXPECT_FALSE(rule::earns_extra_turn(no_extra));
}

TEST(RuleDecisions, EndOfTheGame) {
    using rule::AfterMove;
    constexpr EndRule kEither = EndRule::EitherRowEmpty;
    constexpr EndRule kBoard = EndRule::BoardEmpty;
    for (Side due : {Side::South, Side::North}) {
        const bool south_due = due == Side::South;
        EXPECT_EQ(rule::after_move(kEither, due, false, false), AfterMove::Continues);
        EXPECT_EQ(rule::after_move(kEither, due, true, false), AfterMove::GameOver);
        EXPECT_EQ(rule::after_move(kEither, due, false, true), AfterMove::GameOver);
        EXPECT_EQ(rule::after_move(kBoard, due, false, false), AfterMove::Continues);
        // Only the player due to move passes, and only when their own row is empty.
        EXPECT_EQ(rule::after_move(kBoard, due, true, false), south_due ? AfterMove::Passes : AfterMove::Continues);
        EXPECT_EQ(rule::after_move(kBoard, due, false, true), south_due ? AfterMove::Continues : AfterMove::Passes);
        EXPECT_EQ(rule::after_move(kBoard, due, true, true), AfterMove::GameOver);
    }
    EXPECT_FALSE(rule::passes(kEither, true));
    EXPECT_EQ(rule::leftover_gain(5, 2), 3);
    EXPECT_EQ(rule::leftover_gain(0, 4), -4);
}

// The terminal test and a move's end agree: a position is terminal exactly when a
// move that left it would have ended the game.
TEST(RuleDecisions, TerminalPositionsAreThoseAMoveEnds) {
    for (const char* preset : {"kalah", "relay"}) {
        const Rules rules = make_rules(preset, 2, 0);
        for (const auto& [south, north] : std::vector<std::pair<std::vector<int>, std::vector<int>>>{
                 {{0, 0}, {0, 0}}, {{0, 0}, {1, 0}}, {{2, 0}, {0, 0}}, {{1, 1}, {0, 3}}}) {
            const Position p = Position::from_counts(south, north, 0, 0, Side::South);
            const bool over = rule::after_move(rules.end, Side::South, p.row_stones(Side::South) == 0,
                                               p.row_stones(Side::North) == 0) == rule::AfterMove::GameOver;
            EXPECT_EQ(p.is_terminal(rules), over) << preset << " " << to_string(p);
        }
    }
}

TEST(MoverFirstCounts, TheMoversRowComesFirstOnEveryBoard) {
    const std::vector<int> south{1, 0, 2}, north{3, 4, 0};
    for (Side side : {Side::South, Side::North}) {
        const Position p = Position::from_counts(south, north, 5, 6, side);
        std::array<int, 6> from_position{}, from_packed{};
        EXPECT_EQ(mover_first_counts(p, from_position.data()), 10);
        EXPECT_EQ(mover_first_counts(search::PackedBoard::from(p), from_packed.data()), 10);
        const std::array<int, 6> expected =
            side == Side::South ? std::array<int, 6>{1, 0, 2, 3, 4, 0} : std::array<int, 6>{3, 4, 0, 1, 0, 2};
        EXPECT_EQ(from_position, expected);
        EXPECT_EQ(from_packed, expected);
    }
}

}  // namespace
}  // namespace mancala
