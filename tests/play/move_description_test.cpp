// What the players read after each move, for every kind of event.

#include "play/move_description.hpp"

#include "core/notation.hpp"
#include "core/pit_names.hpp"

#include <gtest/gtest.h>

namespace mancala::play {
namespace {

std::string describe_played(const Rules& rules, const std::string& position, std::string_view name) {
    GameSession game(rules, parse_position(position));
    return describe_move(game.rules(), game.play(*parse_pit_name(rules.pits, game.to_move(), name)));
}

TEST(MoveDescription, NamesEveryCellAsTheHomeworkDoes) {
    const std::vector<std::string> expected = {"B2", "B3", "B4", "B5", "B6", "B7", "B8",
                                               "A7", "A6", "A5", "A4", "A3", "A2", "A1"};
    for (int cell = 0; cell < 14; ++cell) EXPECT_EQ(cell_name(6, cell), expected[cell]) << cell;
}

TEST(MoveDescription, ExtraTurn) {
    EXPECT_EQ(describe_played(make_rules("kalah", 6, 4), "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S", "B4"),
              "South played B4: 4 stones from B4, the last into the store B8. Extra turn: South moves again.");
}

TEST(MoveDescription, PlainMoveIntoTheOpponentsRow) {
    EXPECT_EQ(describe_played(make_rules("kalah", 6, 4), "4,4,4,4,4,4/4,4,4,4,4,4/0/0/N", "A4"),
              "North played A4: 4 stones from A4, the last into B2.");
}

TEST(MoveDescription, Capture) {
    EXPECT_EQ(describe_played(make_rules("kalah", 3, 2), "1,3,1/1,0,2/0/0/S", "B2"),
              "South played B2: 1 stone from B2, the last into B3. South captures 4 stones: the last stone in B3 "
              "and 3 from A3.");
}

TEST(MoveDescription, HomeworkCaptureOfAnEmptyOppositePit) {
    EXPECT_EQ(describe_played(make_rules("homework", 3, 2), "1,0,1/1,0,2/0/0/S", "B2"),
              "South played B2: 1 stone from B2, the last into B3. South captures 1 stone: the last stone in B3 "
              "and 0 from A3.");
}

TEST(MoveDescription, RelayAndExtraTurn) {
    // B2's stone lands on B3's, which is lifted: 2 stones to B4 and the store B5.
    EXPECT_EQ(describe_played(make_rules("relay", 3, 2), "1,1,1/1,1,0/0/0/S", "B2"),
              "South played B2: 1 stone from B2, relayed 1 time, the last into the store B5. Extra turn: South "
              "moves again.");
}

TEST(MoveDescription, OpponentPasses) {
    EXPECT_EQ(describe_played(make_rules("relay", 2, 1), "0,0/1,0/0/0/S", "B2"),
              "South played B2: 1 stone from B2, the last into B3. North has no stones and passes: South moves "
              "again.");
}

TEST(MoveDescription, ExtraTurnForfeitedByAnEmptyRow) {
    // The last stone earns an extra turn, but South's row is now empty, so North moves.
    EXPECT_EQ(describe_played(make_rules("relay", 2, 1), "1,0/0,1/0/0/S", "B3"),
              "South played B3: 1 stone from B3, the last into the store B4. Extra turn, but south has no stones "
              "and passes: North moves.");
}

TEST(MoveDescription, GameOver) {
    EXPECT_EQ(describe_played(make_rules("kalah", 3, 2), "0,0,1/0,0,1/5/5/S", "B4"),
              "South played B4: 1 stone from B4, the last into the store B5. Game over.");
}

TEST(MoveDescription, LapsCountEveryStone) {
    // South's loop has 7 cells: two whole laps, then B3, B4 and the store.
    EXPECT_EQ(describe_played(make_rules("kalah", 3, 2), "1,1,1/17,1,1/0/0/S", "B2"),
              "South played B2: 17 stones from B2, the last into the store B5. Extra turn: South moves again.");
}

}  // namespace
}  // namespace mancala::play
