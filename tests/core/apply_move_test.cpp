// Hand-checked positions for every rule of apply(). Boards are written as the
// homework draws them: row A (North) on top from A2, row B (South) below from B2.

#include "core/pit_names.hpp"
#include "core/position.hpp"
#include "support/naive_board.hpp"

#include <gtest/gtest.h>

#include <random>

namespace mancala {
namespace {

using testing::NaiveBoard;

Position board(std::vector<int> a, std::vector<int> b, int store_a, int store_b, Side to_move) {
    return NaiveBoard{std::move(a), std::move(b), store_a, store_b, to_move == Side::South ? 1 : 2}.to_position();
}

// Plays the pit called `name` (e.g. "B4") for the side to move, by `rules`
// resized to the board (a position is only ever played by rules of its size).
MoveResult play(Position& p, Rules rules, const std::string& name) {
    const auto pit = parse_pit_name(p.pits(), p.to_move(), name);
    EXPECT_TRUE(pit.has_value()) << name;
    EXPECT_TRUE(p.is_legal(rules, *pit)) << name;
    rules.pits = p.pits();
    return p.apply(rules, *pit);
}

const Rules kKalah = make_rules("kalah", 6, 4);
const Rules kHomework = make_rules("homework", 6, 4);
const Rules kRelay = make_rules("relay", 6, 4);

TEST(ApplyMove, StartPositionHasEveryPitFull) {
    const Position p = Position::start(kKalah);
    EXPECT_EQ(p, board({4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}, 0, 0, Side::South));
    EXPECT_EQ(p.nonempty_pits().size(), 6);
    EXPECT_EQ(p.total_stones(), 48);
}

TEST(ApplyMove, LastStoneInOwnStoreEarnsAnExtraTurn) {
    Position p = Position::start(kKalah);
    const MoveResult r = play(p, kKalah, "B4");
    EXPECT_TRUE(r.extra_turn);
    EXPECT_FALSE(r.capture);
    EXPECT_FALSE(r.game_over);
    EXPECT_EQ(p, board({4, 4, 4, 4, 4, 4}, {4, 4, 0, 5, 5, 5}, 0, 1, Side::South));
}

TEST(ApplyMove, ExtraTurnCanBeSwitchedOff) {
    Rules rules = kKalah;
    rules.extra_turn = false;
    Position p = Position::start(rules);
    EXPECT_FALSE(play(p, rules, "B4").extra_turn);
    EXPECT_EQ(p.to_move(), Side::North);
    EXPECT_EQ(p.store(Side::South), 1);
}

TEST(ApplyMove, SouthSowsRightwardAndTheTurnPasses) {
    Position p = Position::start(kKalah);
    const MoveResult r = play(p, kKalah, "B2");
    EXPECT_FALSE(r.extra_turn);
    EXPECT_EQ(p, board({4, 4, 4, 4, 4, 4}, {0, 5, 5, 5, 5, 4}, 0, 0, Side::North));
}

TEST(ApplyMove, NorthSowsLeftwardIntoA1AndOnToRowB) {
    Position p = board({4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}, 0, 0, Side::North);
    play(p, kKalah, "A4");  // A3, A2, A1, B2
    EXPECT_EQ(p, board({5, 5, 0, 4, 4, 4}, {5, 4, 4, 4, 4, 4}, 1, 0, Side::South));
}

TEST(ApplyMove, SowingSkipsTheOpponentsStoreAndLapsTheBoard) {
    // North's loop on a 3-pit board has 7 cells; 8 stones make one whole lap (the
    // emptied start pit included, South's store skipped) and one more stone to A3.
    Position p = board({0, 0, 8}, {1, 1, 1}, 0, 0, Side::North);
    const MoveResult r = play(p, kHomework, "A4");
    EXPECT_EQ(p, board({1, 2, 1}, {2, 2, 2}, 1, 0, Side::South));
    EXPECT_FALSE(r.capture);  // A3 already held the lap's stone
}

TEST(ApplyMove, ALapThatEndsInTheEmptiedStartPitCaptures) {
    // 13 stones on a 6-pit board: one lap, the last stone back in B2, which was empty.
    Position p = board({4, 4, 4, 4, 4, 4}, {13, 4, 4, 4, 4, 4}, 0, 0, Side::South);
    const MoveResult r = play(p, kKalah, "B2");
    EXPECT_TRUE(r.capture);
    EXPECT_EQ(r.captured, 6);  // the capturing stone and A2's five
    EXPECT_EQ(p, board({0, 5, 5, 5, 5, 5}, {0, 5, 5, 5, 5, 5}, 0, 7, Side::North));
}

TEST(ApplyMove, HundredsOfStonesSowByWholeLaps) {
    // Official case 9: B4 holds 410 stones = 31 laps of 13 cells + 7.
    Position p = board({100, 120, 350, 230, 400, 335}, {300, 150, 410, 220, 370, 275}, 0, 0, Side::South);
    play(p, kHomework, "B4");
    EXPECT_EQ(p, board({131, 151, 381, 262, 432, 367}, {331, 181, 31, 252, 402, 307}, 0, 32, Side::North));
}

TEST(ApplyMove, CaptureRulesDifferOnlyWhereTheyShould) {
    const Position opposite_full = board({2, 3, 4}, {1, 0, 5}, 0, 0, Side::South);
    const Position opposite_empty = board({2, 0, 4}, {1, 0, 5}, 0, 0, Side::South);
    auto rules = [](CaptureRule c) {
        Rules r = make_rules("kalah", 3, 0);
        r.capture = c;
        return r;
    };
    struct Case {
        CaptureRule rule;
        const Position& start;
        Position expected;
        bool capture;
    };
    const Case cases[] = {
        {CaptureRule::IfOppositeNonEmpty, opposite_full, board({2, 0, 4}, {0, 0, 5}, 0, 4, Side::North), true},
        {CaptureRule::Always, opposite_full, board({2, 0, 4}, {0, 0, 5}, 0, 4, Side::North), true},
        {CaptureRule::Never, opposite_full, board({2, 3, 4}, {0, 1, 5}, 0, 0, Side::North), false},
        {CaptureRule::IfOppositeNonEmpty, opposite_empty, board({2, 0, 4}, {0, 1, 5}, 0, 0, Side::North), false},
        {CaptureRule::Always, opposite_empty, board({2, 0, 4}, {0, 0, 5}, 0, 1, Side::North), true},
        {CaptureRule::Never, opposite_empty, board({2, 0, 4}, {0, 1, 5}, 0, 0, Side::North), false},
    };
    for (const Case& c : cases) {
        Position p = c.start;
        const MoveResult r = play(p, rules(c.rule), "B2");
        EXPECT_EQ(r.capture, c.capture) << to_string(c.rule);
        EXPECT_EQ(p, c.expected) << to_string(c.rule) << ": " << to_string(p);
    }
}

TEST(ApplyMove, NoCaptureInTheOpponentsRow) {
    Position p = board({1, 0, 1}, {1, 0, 3}, 0, 0, Side::South);
    const MoveResult r = play(p, kHomework, "B4");  // store, A4, A3: A3 was empty but is not South's
    EXPECT_FALSE(r.capture);
    EXPECT_EQ(p, board({1, 1, 2}, {1, 0, 0}, 0, 1, Side::North));
}

TEST(ApplyMove, EitherRowEmptyEndsTheGameAndEachSweepsTheirOwnRow) {
    Position p = board({1, 0, 2}, {0, 0, 1}, 0, 0, Side::South);
    const MoveResult r = play(p, kKalah, "B4");  // into the store: extra turn, but row B is empty
    EXPECT_TRUE(r.extra_turn);
    EXPECT_TRUE(r.game_over);
    EXPECT_EQ(p, board({0, 0, 0}, {0, 0, 0}, 3, 1, Side::South));
    EXPECT_TRUE(p.is_terminal(kKalah));
}

TEST(ApplyMove, AMoveThatEmptiesTheOpponentsRowEndsTheGame) {
    // B3's capture takes A3, North's last stones; South sweeps B4.
    Position p = board({0, 2, 0}, {1, 0, 5}, 0, 0, Side::South);
    const MoveResult r = play(p, kKalah, "B2");
    EXPECT_TRUE(r.capture);
    EXPECT_TRUE(r.game_over);
    EXPECT_EQ(p.store(Side::South), 8);
    EXPECT_EQ(p.store(Side::North), 0);
}

TEST(ApplyMove, RelayLiftsANonEmptyPitAndSowsOn) {
    // B2's two stones end in B4 (three already there): lift all four, sow B5, B6, B7, store.
    Position p = board({1, 1, 1, 1, 1, 1}, {2, 0, 3, 0, 0, 0}, 0, 0, Side::South);
    const MoveResult r = play(p, kRelay, "B2");
    EXPECT_EQ(r.relays, 1u);
    EXPECT_TRUE(r.extra_turn);
    EXPECT_EQ(p, board({1, 1, 1, 1, 1, 1}, {0, 1, 0, 1, 1, 1}, 0, 1, Side::South));
}

TEST(ApplyMove, RelayStopsInTheOpponentsRowOrInAnEmptyPit) {
    const Rules relay = make_rules("relay", 3, 0);
    Position p = board({1, 1, 1}, {0, 1, 3}, 0, 0, Side::South);
    MoveResult r = play(p, relay, "B4");  // store, A4, A3: the last stone is in North's row
    EXPECT_EQ(r.relays, 0u);
    EXPECT_EQ(p, board({1, 2, 2}, {0, 1, 0}, 0, 1, Side::North));
    p = board({1, 1, 1}, {0, 1, 0}, 0, 0, Side::South);
    r = play(p, relay, "B3");  // to B4, which was empty: the relay variant does not capture
    EXPECT_EQ(r.relays, 0u);
    EXPECT_FALSE(r.capture);
    EXPECT_EQ(p, board({1, 1, 1}, {0, 0, 1}, 0, 0, Side::North));
}

TEST(ApplyMove, RelayChainsAcrossLapsAlwaysEnd) {
    // Random relay games with big pits: every move ends and keeps every stone.
    const Rules relay = make_rules("relay", 5, 60);
    std::mt19937 rng(11);
    for (int game = 0; game < 200; ++game) {
        Position p = Position::start(relay);
        while (!p.is_terminal(relay)) {
            const MoveList moves = p.nonempty_pits();
            ASSERT_FALSE(moves.empty());
            p.apply(relay, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
            ASSERT_EQ(p.total_stones(), 600);
        }
        EXPECT_EQ(p.store(Side::South) + p.store(Side::North), 600);
    }
}

TEST(ApplyMove, BoardEmptyRulePassesWhenThePlayerDueHasNoStones) {
    const Rules relay = make_rules("relay", 2, 0);
    Position p = board({0, 0}, {1, 1}, 0, 0, Side::South);
    MoveResult r = play(p, relay, "B3");  // into the store
    EXPECT_TRUE(r.extra_turn);
    EXPECT_FALSE(r.game_over);  // row A is empty, but under this rule that does not end the game
    r = play(p, relay, "B2");   // to B3, which is empty
    EXPECT_TRUE(r.passed);
    EXPECT_EQ(p.to_move(), Side::South);
    r = play(p, relay, "B3");
    EXPECT_TRUE(r.game_over);
    EXPECT_EQ(p.store(Side::South), 2);
}

TEST(ApplyMove, LargestBoardsNeverOverflow) {
    // 2x16 pits of 1000 stones: random games to the end keep all 32,000 stones.
    const Rules rules = make_rules("kalah", 16, 1000);
    std::mt19937 rng(7);
    for (int game = 0; game < 20; ++game) {
        Position p = Position::start(rules);
        for (int ply = 0; ply < 10000 && !p.is_terminal(rules); ++ply) {
            const MoveList moves = p.nonempty_pits();
            p.apply(rules, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
            ASSERT_EQ(p.total_stones(), 32000);
        }
        EXPECT_TRUE(p.is_terminal(rules));
        EXPECT_EQ(p.store(Side::South) + p.store(Side::North), 32000);
    }
}

TEST(ApplyMove, FromCountsRejectsBadBoards) {
    const std::vector<int> three{1, 2, 3};
    const std::vector<int> two{1, 2};
    const std::vector<int> negative{1, -2, 3};
    const std::vector<int> none;
    const std::vector<int> huge{40000, 40000, 0};
    EXPECT_THROW(Position::from_counts(three, two, 0, 0, Side::South), std::invalid_argument);
    EXPECT_THROW(Position::from_counts(three, negative, 0, 0, Side::South), std::invalid_argument);
    EXPECT_THROW(Position::from_counts(none, none, 0, 0, Side::South), std::invalid_argument);
    EXPECT_THROW(Position::from_counts(three, huge, 0, 0, Side::South), std::invalid_argument);
    EXPECT_THROW(Position::from_counts(three, three, -1, 0, Side::South), std::invalid_argument);
}

}  // namespace
}  // namespace mancala
