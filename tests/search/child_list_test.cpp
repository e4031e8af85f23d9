#include "search/child_list.hpp"
#include "search/proof_passes.hpp"

#include "core/position.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

namespace mancala::search {
namespace {

// South to move with pit 0 empty: moves 1..5. Moves 2 and 4 earn an extra turn
// here, move 1 wins three stones; the others nothing.
const std::vector<int> kSouth{0, 1, 1, 1, 1, 1};
const std::vector<int> kNorth{1, 1, 1, 1, 1, 1};
const Position kPosition = Position::from_counts(kSouth, kNorth, 0, 0, Side::South);
const unsigned kMoves = 0b111110;  // the legal moves, bit i for pit i: pits 1..5 hold stones

void make(Child<Position>& c, int move, std::vector<int>& made) {
    made.push_back(move);
    c.board = kPosition;
    c.move = move;
    c.key = static_cast<std::uint64_t>(move) + 1;
    c.same_side = move == 2 || move == 4;
    c.gain = move == 1 ? 3 * kPointsPerStone : 0;
    c.over = false;
    c.known = move == 3;  // say the database knows move 3's child: 2 stones for the mover
    c.value = 2 * kPointsPerStone;
}

// What the search's settle_child does: reads what make started to fetch.
auto settle_into(std::vector<int>& settled) {
    return [&settled](Child<Position>& c) { settled.push_back(c.move); };
}

std::vector<int> handed_out(ChildList<Position>& list, int put_off_move) {
    std::vector<int> moves;
    while (const Child<Position>* c = list.next([&](const Child<Position>& x) { return x.move == put_off_move; }))
        moves.push_back(c->move);
    return moves;
}

TEST(ChildList, MakesAllButTheSkippedMoveBestFirst) {
    auto list = std::make_unique<ChildList<Position>>();
    std::vector<int> made, settled;
    const Child<Position>* refutation = list->make_all(
        kMoves, 3, kScoreInfinity, [&](Child<Position>& c, int move) { make(c, move, made); },
        settle_into(settled));
    EXPECT_EQ(refutation, nullptr);
    EXPECT_EQ(made, (std::vector<int>{1, 2, 4, 5}));
    // Extra turns nearest the store first, then stones won, then nearest the store.
    ASSERT_EQ(list->size(), 4);
    EXPECT_EQ((*list)[0].move, 4);
    EXPECT_EQ((*list)[1].move, 2);
    EXPECT_EQ((*list)[2].move, 1);
    EXPECT_EQ((*list)[3].move, 5);
    EXPECT_EQ(handed_out(*list, -1), (std::vector<int>{4, 2, 1, 5}));
}

TEST(ChildList, PutsOffABusyChildUntilTheOthersAreDone) {
    auto list = std::make_unique<ChildList<Position>>();
    std::vector<int> made, settled;
    list->make_all(
        kMoves, -1, kScoreInfinity, [&](Child<Position>& c, int move) { make(c, move, made); },
        settle_into(settled));
    EXPECT_EQ(handed_out(*list, -1), (std::vector<int>{4, 2, 1, 5, 3}));  // a known child last
    list->make_all(
        kMoves, -1, kScoreInfinity, [&](Child<Position>& c, int move) { make(c, move, made); },
        settle_into(settled));
    EXPECT_EQ(handed_out(*list, 2), (std::vector<int>{4, 1, 5, 3, 2}));
}

TEST(ChildList, AKnownChildAtOrAboveBetaRefutesAtOnce) {
    auto list = std::make_unique<ChildList<Position>>();
    std::vector<int> made, settled;
    const Child<Position>* refutation = list->make_all(
        kMoves, -1, 2 * kPointsPerStone, [&](Child<Position>& c, int move) { make(c, move, made); },
        settle_into(settled));
    ASSERT_NE(refutation, nullptr);
    EXPECT_EQ(refutation->move, 3);
    // Every child is made (its memory reads started) before the first is settled;
    // those after the refutation are not settled.
    EXPECT_EQ(made, (std::vector<int>{1, 2, 3, 4, 5}));
    EXPECT_EQ(settled, (std::vector<int>{1, 2, 3}));
    // Beta one point higher: move 3's child no longer refutes, and every child is settled.
    made.clear();
    settled.clear();
    EXPECT_EQ(list->make_all(
                  kMoves, -1, 2 * kPointsPerStone + 1, [&](Child<Position>& c, int move) { make(c, move, made); },
                  settle_into(settled)),
              nullptr);
    EXPECT_EQ(settled.size(), 5u);
    EXPECT_EQ(list->size(), 5);  // the list starts afresh on each make_all
}

TEST(ProofPasses, HelpersSeeEachPassAndTheEnd) {
    ProofPasses passes;
    EXPECT_TRUE(passes.current(0));
    passes.open(41);
    auto first = passes.wait_after(0);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->beta, 41);
    EXPECT_TRUE(passes.current(first->id));
    passes.open(31);
    EXPECT_FALSE(passes.current(first->id));  // a helper on the first pass gives it up
    std::optional<ProofPasses::Pass> seen;
    std::thread helper([&] {
        seen = passes.wait_after(first->id);
        if (seen) seen = passes.wait_after(seen->id);  // blocks until closed
    });
    passes.close();
    helper.join();
    EXPECT_FALSE(seen);
}

}  // namespace
}  // namespace mancala::search
