#include "search/busy_nodes.hpp"
#include "search/move_ordering.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace mancala::search {
namespace {

TEST(BusyNodes, MarksAndReleasesAPosition) {
    auto busy = std::make_unique<BusyNodes>();
    const std::uint64_t key = 0x9e3779b97f4a7c15ULL;
    EXPECT_FALSE(busy->busy(key));
    ASSERT_TRUE(busy->enter(key));
    EXPECT_TRUE(busy->busy(key));
    EXPECT_FALSE(busy->enter(key));  // a second thread does not own it
    busy->leave(key);
    EXPECT_FALSE(busy->busy(key));
}

TEST(BusyNodes, ASlotTakenByAnotherPositionIsNotMarked) {
    auto busy = std::make_unique<BusyNodes>();
    // Same slot (bits 17 and up agree in the low 15), different keys.
    const std::uint64_t a = std::uint64_t{5} << 17;
    const std::uint64_t b = a | 1;
    ASSERT_TRUE(busy->enter(a));
    EXPECT_FALSE(busy->enter(b));
    EXPECT_FALSE(busy->busy(b));
    busy->leave(a);
    EXPECT_TRUE(busy->enter(b));
}

TEST(MoveOrdering, ExtraTurnsThenStonesWonAndFewRepliesThenNearestTheStore) {
    // Extra turns first, the pit nearest the store (largest index) first.
    EXPECT_GT(move_rank(true, 10, 5, 0), move_rank(true, 10, 2, 0));
    EXPECT_GT(move_rank(true, 10, 0, 0), move_rank(false, 90, 5, 0));
    // A capture before passing the store, which comes before a quiet move.
    EXPECT_GT(move_rank(false, 50, 0, 6), move_rank(false, 10, 5, 6));
    EXPECT_GT(move_rank(false, 10, 0, 6), move_rank(false, 0, 5, 6));
    // Fewer replies for the opponent first; a stone won is worth two of them.
    EXPECT_GT(move_rank(false, 0, 0, 3), move_rank(false, 0, 5, 4));
    EXPECT_GT(move_rank(false, 10, 0, 6), move_rank(false, 0, 5, 5));
    EXPECT_EQ(move_rank(false, 10, 0, 6), move_rank(false, 0, 0, 4));
    EXPECT_GT(move_rank(false, 0, 0, 1), move_rank(false, 10, 5, 6));
    // Quiet moves with as many replies: nearest the store first.
    EXPECT_GT(move_rank(false, 0, 4, 5), move_rank(false, 0, 3, 5));
    EXPECT_LT(kKnownChildRank, move_rank(false, 0, 0, kMaxPits));
    EXPECT_LT(move_rank(false, 10 * 48, 15, 0), move_rank(true, 0, 0, 0));
}

}  // namespace
}  // namespace mancala::search
