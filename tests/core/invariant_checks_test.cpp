// The debug-build invariant checks (util/assert.hpp): compiled out in release,
// and in debug builds (the sanitize preset) they stop the program where an
// invariant breaks. Each death test breaks one on purpose.

#include "core/position.hpp"
#include "search/packed_board.hpp"
#include "solve/tier_index.hpp"
#include "util/assert.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace mancala {
namespace {

TEST(InvariantChecks, EvaluatedOnlyWhenAssertionsAreOn) {
    int evaluated = 0;
    MANCALA_ASSERT((++evaluated, true), "counts its evaluations");
    EXPECT_EQ(evaluated, util::kAssertionsOn ? 1 : 0);
}

TEST(InvariantChecks, HoldOnGoodBoards) {
    const Rules rules = make_rules("kalah", 6, 4);
    Position p = Position::start(rules);
    EXPECT_TRUE(p.is_consistent());
    EXPECT_TRUE(search::PackedBoard::from(p).is_consistent());
    p.apply(rules, 2);
    EXPECT_TRUE(p.is_consistent());
    EXPECT_EQ(search::PackedBoard::from(p).total_stones(), 48);
}

class InvariantDeathTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!util::kAssertionsOn) GTEST_SKIP() << "assertions are compiled out (NDEBUG)";
        GTEST_FLAG_SET(death_test_style, "threadsafe");
    }
};

TEST_F(InvariantDeathTest, AnIllegalMoveStopsTheReferenceBoard) {
    const Rules rules = make_rules("kalah", 3, 0);
    const std::vector<int> south{0, 2, 1}, north{1, 1, 1};
    Position p = Position::from_counts(south, north, 0, 0, Side::South);
    EXPECT_DEATH(p.apply(rules, 0), "invariant broken: a move is a non-empty pit of the side to move");
}

TEST_F(InvariantDeathTest, AnIllegalMoveStopsThePackedBoard) {
    const Rules rules = make_rules("kalah", 3, 0);
    const search::PackedRules packed(rules);
    const std::vector<int> south{0, 2, 1}, north{1, 1, 1};
    search::PackedBoard b = search::PackedBoard::from(Position::from_counts(south, north, 0, 0, Side::South));
    EXPECT_DEATH(b.apply(packed, 0), "invariant broken: a move is a non-empty pit");
}

TEST_F(InvariantDeathTest, ABoardTooBigForThePackedBoardIsRefused) {
    const Position wide = Position::start(make_rules("kalah", 8, 1));
    EXPECT_DEATH(search::PackedBoard::from(wide), "invariant broken: a packed board holds at most 7 pits");
}

TEST_F(InvariantDeathTest, CountsThatDoNotFillTheirTierCannotBeRanked) {
    const solve::TierIndex index(2, 6);
    const int cells[4] = {1, 2, 0, 1};  // four stones, ranked as five
    EXPECT_DEATH(static_cast<void>(index.rank(cells, 5)), "invariant broken: the counts are non-negative");
}

}  // namespace
}  // namespace mancala
