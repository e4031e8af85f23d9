// The `fitted` evaluation: a hand-checked position under each capture and extra-turn
// rule, and a slow twin that finds every feature by playing the moves on a Position.

#include "search/fitted_evaluation.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/heuristics.hpp"
#include "search/packed_board.hpp"
#include "search/packed_fitted_evaluation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace mancala::search {
namespace {

Position position(std::vector<int> south, std::vector<int> north, Side to_move) {
    return Position::from_counts(south, north, 0, 0, to_move);
}

// South to move: 3 stones six sowings from its store and 1 next to it; North has 2
// stones two sowings from its store. By the weights of FittedWeights, in points:
//   having the move                                   +6
//   South's stones: 3 x 9 (sixth pit) + 1 x 14 (first) +41
//   North's stones: 2 x -12 (second pit)              -24
//   empty pits: South 4 x -14, North 5 x +12           +4
//   extra turns: South's first pit +6, North's second +7  +13
//   stones sown over: none (no pit holds more than its distance)
//   captures: South's 3 stones end in its empty fourth pit, opposite North's empty
//   third: Kalah takes nothing, the homework rule the landing stone (+11 x 1);
//   North's 2 stones end in its store, no capture.
// Kalah: 6 + 41 - 24 + 4 + 13 = 40.
TEST(FittedEvaluation, HandCheckedPositionUnderEachRule) {
    const Position p = position({3, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 2, 0}, Side::South);
    Rules kalah = make_rules("kalah", 6, 4);
    EXPECT_EQ(fitted_value(p, kalah), 40);
    Rules homework = make_rules("homework", 6, 4);
    EXPECT_EQ(fitted_value(p, homework), 40 + 11);
    Rules no_extra = kalah;
    no_extra.extra_turn = false;
    EXPECT_EQ(fitted_value(p, no_extra), 40 - 13);
    Rules never = kalah;
    never.capture = CaptureRule::Never;
    EXPECT_EQ(fitted_value(p, never), 40);
    // The heuristic adds the stores, for the side asked about.
    const Position stored = Position::from_counts(std::vector<int>{3, 0, 0, 0, 0, 1},
                                                  std::vector<int>{0, 0, 0, 0, 2, 0}, 5, 2, Side::South);
    EXPECT_EQ(evaluate(Heuristic::Fitted, stored, Side::South, kalah), 30 + 40);
    EXPECT_EQ(evaluate(Heuristic::Fitted, stored, Side::North, kalah), -30 - 40);
}

// A stone over: 8 stones two sowings from the store put 6 on the other side (one lap).
TEST(FittedEvaluation, StonesSownOverTheStoreCountOneLapAtMost) {
    const Rules kalah = make_rules("kalah", 6, 4);
    const Position seven = position({0, 0, 0, 0, 7, 1}, {1, 1, 1, 1, 1, 1}, Side::South);
    const Position eight = position({0, 0, 0, 0, 8, 1}, {1, 1, 1, 1, 1, 1}, Side::South);
    const Position nine = position({0, 0, 0, 0, 9, 1}, {1, 1, 1, 1, 1, 1}, Side::South);
    // One more stone in the second pit: +12 for it; past the other row's 6 pits no more over.
    EXPECT_EQ(fitted_value(eight, kalah) - fitted_value(seven, kalah), 12 - 16);
    EXPECT_EQ(fitted_value(nine, kalah) - fitted_value(eight, kalah), 12);
}

// The slow twin: each feature found by playing (or walking) the moves.
struct Features {
    int extra_turns = 0, best_capture = 0, sown_over = 0;
};

Features played_features(const Position& p, Side side, const Rules& rules) {
    Features f;
    Position q = p;
    q.set_to_move(side);
    const int n = p.pits();
    for (int i = 0; i < n; ++i) {
        const int s = p.pit(side, i);
        if (s == 0) continue;
        Position child = q;
        const MoveResult r = child.apply(rules, i);
        // Pits of at most 2n stones: only a sowing of exactly its distance ends in the
        // store, and one lap at most reaches the other row.
        f.extra_turns += r.extra_turn;
        if (i + s < n) f.best_capture = std::max(f.best_capture, int{r.captured});
        // Walk the sowing stone by stone, counting the other side's pits it lands in.
        int cell = p.first_pit(side) + i;
        for (int stone = 0; stone < s; ++stone) {
            cell = (cell + 1) % p.cell_count();
            if (cell == p.store_cell(opponent(side))) cell = (cell + 1) % p.cell_count();
            f.sown_over += cell >= p.first_pit(opponent(side)) && cell < p.first_pit(opponent(side)) + n;
        }
    }
    return f;
}

int slow_fitted_value(const Position& p, const Rules& rules) {
    using W = FittedWeights;
    const Side me = p.to_move(), them = opponent(me);
    const int n = p.pits();
    int value = W::kToMove;
    for (int i = 0; i < n; ++i) {
        const auto w = static_cast<std::size_t>(std::min(n - i, 6) - 1);
        value += W::kMine[w] * p.pit(me, i) + W::kTheirs[w] * p.pit(them, i);
        value += W::kMyEmpty * (p.pit(me, i) == 0) + W::kTheirEmpty * (p.pit(them, i) == 0);
    }
    const Features mine = played_features(p, me, rules), theirs = played_features(p, them, rules);
    value += W::kMyExtraTurn * mine.extra_turns + W::kTheirExtraTurn * theirs.extra_turns;
    value += W::kMyCapture * mine.best_capture + W::kTheirCapture * theirs.best_capture;
    value += W::kMySownOver * mine.sown_over + W::kTheirSownOver * theirs.sown_over;
    return value;
}

TEST(FittedEvaluation, AgreesWithItsSlowTwinAndOnEveryBoard) {
    std::mt19937 rng(7);
    for (const char* preset : {"kalah", "homework"}) {
        for (int n : {1, 2, 3, 4, 5, 6, 7, 8, 10, 15}) {
            for (const bool extra : {true, false}) {
                Rules rules = make_rules(preset, n, 4);
                rules.extra_turn = extra;
                std::uniform_int_distribution<int> stones(0, 2 * n);
                for (int k = 0; k < 400; ++k) {
                    std::vector<int> south(static_cast<std::size_t>(n)), north(static_cast<std::size_t>(n));
                    for (int& s : south) s = k % 3 == 0 ? stones(rng) / 3 : stones(rng);  // some sparse rows
                    for (int& s : north) s = stones(rng);
                    // Now and then a heavy pit, whose sowing laps the board: past the slow
                    // twin's reach (pits of at most 2n stones), the two boards still agree.
                    const bool heavy = k % 7 == 6;
                    if (heavy)
                        south[static_cast<std::size_t>(k % n)] +=
                            std::uniform_int_distribution<int>(2 * n + 1, 50)(rng);
                    const Position p = position(south, north, k % 2 ? Side::North : Side::South);
                    SCOPED_TRACE(::testing::Message() << preset << " n=" << n << " extra=" << extra << " k=" << k);
                    const int fast = fitted_value(p, rules);
                    if (!heavy) {
                        EXPECT_EQ(fast, slow_fitted_value(p, rules));
                    }
                    // The packed boards hold at most 255 stones: past them, the same pits halved.
                    Position q = p;
                    while (q.total_stones() > 255) {
                        for (int& s : south) s /= 2;
                        for (int& s : north) s /= 2;
                        q = position(south, north, p.to_move());
                    }
                    const int wide_expected = fitted_value(q, rules);
                    ASSERT_TRUE(WidePackedBoard::fits(q));
                    EXPECT_EQ(fitted_value(WidePackedBoard::from(q), rules), wide_expected);
                    EXPECT_EQ(packed_fitted_value(WidePackedBoard::from(q), WidePackedRules(rules)), wide_expected);
                    if (n > PackedBoard::kMaxPits || q != p) continue;
                    ASSERT_TRUE(PackedBoard::fits(p));
                    EXPECT_EQ(fitted_value(PackedBoard::from(p), rules), fast);
                    EXPECT_EQ(packed_fitted_value(PackedBoard::from(p), PackedRules(rules)), fast);
                }
            }
        }
    }
}

}  // namespace
}  // namespace mancala::search
