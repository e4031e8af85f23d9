// Hand-checked games through GameSession: history, validation, undo by turns
// and the final score. Boards are written in the one-line notation, as the
// homework draws them: "row A (A2..) / row B (B2..) / A1 / B(N+2) / to move".

#include "play/game_session.hpp"

#include "core/notation.hpp"
#include "core/pit_names.hpp"

#include <gtest/gtest.h>

namespace mancala::play {
namespace {

const Rules kKalah = make_rules("kalah", 6, 4);

// Plays the pit called `name` for the side to move.
const PlayedMove& play(GameSession& game, std::string_view name) {
    const auto pit = parse_pit_name(game.rules().pits, game.to_move(), name);
    EXPECT_TRUE(pit.has_value()) << name;
    return game.play(pit.value_or(-1));
}

std::string refusal(GameSession& game, int pit) {
    try {
        game.play(pit);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "accepted";
}

TEST(GameSession, StartsFromTheRulesWithTheChosenSideFirst) {
    const GameSession south_first(kKalah);
    EXPECT_EQ(south_first.position(), Position::start(kKalah));
    EXPECT_EQ(south_first.to_move(), Side::South);
    const GameSession north_first(kKalah, Side::North);
    EXPECT_EQ(to_notation(north_first.position()), "4,4,4,4,4,4/4,4,4,4,4,4/0/0/N");
    EXPECT_TRUE(north_first.history().empty());
    EXPECT_EQ(north_first.last_move(), nullptr);
    EXPECT_FALSE(north_first.is_over());
}

TEST(GameSession, RecordsWhoPlayedWhatFromWhere) {
    GameSession game(kKalah);
    // B4: 4 stones to B5, B6, B7 and the store B8: an extra turn.
    const PlayedMove& first = play(game, "B4");
    EXPECT_EQ(first.side, Side::South);
    EXPECT_EQ(first.pit, 2);
    EXPECT_EQ(first.before, Position::start(kKalah));
    EXPECT_TRUE(first.result.extra_turn);
    EXPECT_EQ(to_notation(game.position()), "4,4,4,4,4,4/4,4,0,5,5,5/0/1/S");
    // B7: 5 stones to B8, A7, A6, A5 and A4; North to move.
    const PlayedMove& second = play(game, "B7");
    EXPECT_FALSE(second.result.extra_turn);
    EXPECT_EQ(second.after, game.position());
    EXPECT_EQ(to_notation(game.position()), "4,4,5,5,5,5/4,4,0,5,5,0/0/2/N");
    // A5: 5 stones to A4, A3, A2, A1 and B2.
    play(game, "A5");
    EXPECT_EQ(to_notation(game.position()), "5,5,6,0,5,5/5,4,0,5,5,0/1/2/S");
    ASSERT_EQ(game.history().size(), 3U);
    EXPECT_EQ(game.history()[2].side, Side::North);
    EXPECT_EQ(game.history()[2].before, game.history()[1].after);
    EXPECT_EQ(game.last_move(), &game.history().back());
    EXPECT_EQ(game.score().south, 2);
    EXPECT_EQ(game.score().north, 1);
}

TEST(GameSession, RefusesIllegalMovesAndChangesNothing) {
    GameSession game(kKalah);
    play(game, "B4");
    const Position before = game.position();
    EXPECT_EQ(refusal(game, 2), "B4 is empty");
    EXPECT_EQ(refusal(game, -1), "south has pits 0 to 5, not -1");
    EXPECT_EQ(refusal(game, 6), "south has pits 0 to 5, not 6");
    EXPECT_EQ(game.position(), before);
    EXPECT_EQ(game.history().size(), 1U);
}

TEST(GameSession, CapturesAreRecorded) {
    // South's B2 (1 stone) ends in the empty B3, opposite A3's 3 stones: 4 to the store.
    GameSession game(make_rules("kalah", 3, 2), parse_position("1,3,1/1,0,2/0/0/S"));
    const PlayedMove& move = play(game, "B2");
    EXPECT_TRUE(move.result.capture);
    EXPECT_EQ(move.result.captured, 4);
    EXPECT_EQ(to_notation(game.position()), "1,0,1/0,0,2/0/4/N");
}

TEST(GameSession, UndoTakesBackTheWholeTurnAndTheReply) {
    GameSession game(kKalah);
    play(game, "B4");  // extra turn: the same turn goes on
    play(game, "B7");
    play(game, "A5");  // the reply
    EXPECT_EQ(game.undo_turn(Side::South), 3);
    EXPECT_EQ(game.position(), Position::start(kKalah));
    EXPECT_TRUE(game.history().empty());
}

TEST(GameSession, UndoTakesBackOnlyTheLastTurnOfThatSide) {
    GameSession game(kKalah);
    play(game, "B2");  // 4 stones to B3..B6: North to move
    play(game, "A2");  // 4 stones to A1, B2, B3, B4: South to move
    const Position after_two = game.position();
    play(game, "B7");  // 4 stones: B8, A7, A6, A5
    play(game, "A7");  // North's reply
    EXPECT_EQ(game.undo_turn(Side::South), 2);
    EXPECT_EQ(game.position(), after_two);
    EXPECT_EQ(game.history().size(), 2U);
    EXPECT_EQ(game.undo_turn(Side::North), 1);  // A2, with nothing after it
    EXPECT_EQ(game.history().size(), 1U);
    EXPECT_EQ(game.to_move(), Side::North);
}

TEST(GameSession, UndoMoveTakesBackOneMoveEvenWithinATurn) {
    GameSession game(kKalah);
    EXPECT_FALSE(game.undo_move());
    play(game, "B4");  // extra turn: South moves again
    const Position after_one = game.position();
    play(game, "B7");
    EXPECT_TRUE(game.undo_move());
    EXPECT_EQ(game.position(), after_one);
    EXPECT_EQ(game.history().size(), 1U);
    EXPECT_TRUE(game.undo_move());
    EXPECT_EQ(game.position(), Position::start(kKalah));
    EXPECT_FALSE(game.undo_move());
}

TEST(GameSession, UndoWithoutAMoveOfThatSideDoesNothing) {
    GameSession game(kKalah, Side::North);
    EXPECT_EQ(game.undo_turn(Side::South), 0);
    play(game, "A5");
    EXPECT_EQ(game.undo_turn(Side::South), 0);
    EXPECT_EQ(game.history().size(), 1U);
}

TEST(GameSession, TheGameEndsWithTheLeftoversSweptAndADraw) {
    // B4's stone goes to the store; South's row is empty, so A4's stone goes to A1.
    GameSession game(make_rules("kalah", 3, 2), parse_position("0,0,1/0,0,1/5/5/S"));
    const PlayedMove& last = play(game, "B4");
    EXPECT_TRUE(last.result.game_over);
    EXPECT_TRUE(game.is_over());
    EXPECT_TRUE(game.legal_moves().empty());
    EXPECT_EQ(game.score().south, 6);
    EXPECT_EQ(game.score().north, 6);
    EXPECT_FALSE(game.score().leader().has_value());
    EXPECT_EQ(refusal(game, 0), "the game is over");
}

TEST(GameSession, AGameGivenOverIsScoredWithItsLeftovers) {
    GameSession game(make_rules("kalah", 3, 2), parse_position("0,0,0/1,2,0/3/4/S"));
    EXPECT_TRUE(game.is_over());
    EXPECT_EQ(game.score().south, 7);
    EXPECT_EQ(game.score().north, 3);
    EXPECT_EQ(game.score().leader(), Side::South);
}

TEST(GameSession, RefusesStartsThatDoNotFit) {
    EXPECT_THROW(GameSession(kKalah, parse_position("1,1,1/1,1,1/0/0/S")), std::invalid_argument);
    // Relay: South to move with an empty row while North still has stones.
    try {
        GameSession(make_rules("relay", 3, 2), parse_position("1,0,0/0,0,0/0/0/S"));
        ADD_FAILURE() << "accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "south is to move but has no stones to sow; give north to move instead");
    }
}

TEST(GameSession, ARelayPassIsPartOfTheMove) {
    // B2's stone ends in the empty B3; North has no stones, passes, and South moves again.
    GameSession game(make_rules("relay", 2, 1), parse_position("0,0/1,0/0/0/S"));
    const PlayedMove& move = play(game, "B2");
    EXPECT_TRUE(move.result.passed);
    EXPECT_EQ(game.to_move(), Side::South);
    play(game, "B3");
    EXPECT_TRUE(game.is_over());
    // The two moves are two turns of South.
    EXPECT_EQ(game.undo_turn(Side::South), 1);
}

TEST(GameSession, AFullGameOfRandomMovesStaysConsistent) {
    for (const char* preset : {"kalah", "homework", "relay"}) {
        const Rules rules = make_rules(preset, 4, 3);
        GameSession game(rules);
        unsigned next = 7;
        while (!game.is_over()) {
            const MoveList moves = game.legal_moves();
            ASSERT_FALSE(moves.empty());
            next = next * 1103515245U + 12345U;
            game.play(moves[static_cast<int>((next >> 16) % static_cast<unsigned>(moves.size()))]);
        }
        const Score score = game.score();
        EXPECT_EQ(score.south + score.north, 24) << preset;
        // Undoing every turn of the side that moved first returns to the start.
        while (game.undo_turn(Side::South) > 0) {
        }
        EXPECT_EQ(game.position(), Position::start(rules)) << preset;
    }
}

}  // namespace
}  // namespace mancala::play
