#include "solve/composition_ranking.hpp"
#include "solve/position_ranking.hpp"
#include "solve/tier_index.hpp"

#include <gtest/gtest.h>

#include <set>

namespace mancala::solve {
namespace {

// Every composition of `stones` into `pits` parts, in lexicographic order, by brute force.
void enumerate(int stones, int pits, std::vector<int>& prefix, std::vector<std::vector<int>>& out) {
    if (static_cast<int>(prefix.size()) == pits - 1) {
        prefix.push_back(stones);
        out.push_back(prefix);
        prefix.pop_back();
        return;
    }
    for (int c = 0; c <= stones; ++c) {
        prefix.push_back(c);
        enumerate(stones - c, pits, prefix, out);
        prefix.pop_back();
    }
}

TEST(CompositionRanking, StarsAndBarsExample) {
    // o o x o x: two stones, one stone, none.
    const CompositionRanking ranking(3, 3);
    EXPECT_EQ(ranking.count(3), 10u);  // C(5, 2)
    const std::vector<int> counts{2, 1, 0};
    // Before it: every (0, *, *) (4 of them) and (1, *, *) (3), then (2, 0, 1).
    EXPECT_EQ(ranking.rank(counts), 8u);
}

TEST(CompositionRanking, IsPerfectMinimalAndOrderPreservingOnSmallCases) {
    for (int pits = 1; pits <= 6; ++pits) {
        for (int stones = 0; stones <= 7; ++stones) {
            const CompositionRanking ranking(7, pits);
            std::vector<std::vector<int>> all;
            std::vector<int> prefix;
            enumerate(stones, pits, prefix, all);
            ASSERT_EQ(ranking.count(stones), all.size()) << stones << " in " << pits;
            std::vector<int> back(static_cast<std::size_t>(pits));
            for (std::size_t i = 0; i < all.size(); ++i) {
                ASSERT_EQ(ranking.rank(all[i]), i);  // lexicographic order, no gaps
                ranking.unrank(stones, i, back);
                ASSERT_EQ(back, all[i]);
            }
        }
    }
}

TEST(CompositionRanking, LargeBoardsRoundTrip) {
    const CompositionRanking ranking(200, 8);  // C(207, 7), about 3.2e12 ranks
    const std::vector<int> counts{200, 0, 0, 0, 0, 0, 0, 0};
    EXPECT_EQ(ranking.rank(counts), ranking.count(200) - 1);
    const std::vector<int> mixed{3, 97, 0, 25, 1, 1, 0, 73};
    std::vector<int> back(8);
    ranking.unrank(200, ranking.rank(mixed), back);
    EXPECT_EQ(back, mixed);
}

TEST(CompositionRanking, RefusesWhatDoesNotFitIn64Bits) {
    EXPECT_THROW(CompositionRanking(32000, 34), std::overflow_error);
    EXPECT_THROW(CompositionRanking(1000, 12), std::overflow_error);
    EXPECT_NO_THROW(CompositionRanking(72, 14));  // Kalah(6,6): every position of 72 stones
    EXPECT_THROW(CompositionRanking(3, 0), std::invalid_argument);
    const CompositionRanking ranking(5, 3);
    EXPECT_THROW(ranking.rank(std::vector<int>{1, 2}), std::invalid_argument);
    EXPECT_THROW(ranking.rank(std::vector<int>{4, 2, 0}), std::invalid_argument);
    std::vector<int> out(3);
    EXPECT_THROW(ranking.unrank(2, 6, out), std::invalid_argument);  // only 6 ranks: 0..5
}

TEST(TierRanking, NumbersEveryPositionOfATierOnce) {
    const TierRanking ranking(3, 6);
    for (int stones = 0; stones <= 6; ++stones) {
        std::set<std::string> seen;
        for (std::uint64_t i = 0; i < ranking.size(stones); ++i) {
            const Position p = ranking.unrank(stones, i);
            ASSERT_EQ(p.row_stones(Side::South) + p.row_stones(Side::North), stones);
            ASSERT_EQ(ranking.rank(p), i);
            seen.insert(to_string(p));
        }
        EXPECT_EQ(seen.size(), ranking.size(stones));
    }
}

// rank_words numbers the counts held a byte each as the lexicographic order does.
TEST(TierIndex, RankOfWordsIsTheLexicographicOrder) {
    for (const auto& [pits, most] : std::vector<std::pair<int, int>>{{1, 40}, {2, 30}, {3, 12}, {5, 6}, {7, 5}}) {
        const TierIndex index(pits, most);
        for (int stones = 0; stones <= most; ++stones) {
            std::vector<int> prefix;
            std::vector<std::vector<int>> all;
            enumerate(stones, 2 * pits, prefix, all);
            for (std::size_t i = 0; i < all.size(); ++i) {
                std::uint64_t own = 0, opp = 0;
                for (int c = 0; c < pits; ++c) {
                    own |= static_cast<std::uint64_t>(all[i][static_cast<std::size_t>(c)]) << (8 * c);
                    opp |= static_cast<std::uint64_t>(all[i][static_cast<std::size_t>(pits + c)]) << (8 * c);
                }
                ASSERT_EQ(index.rank_words(own, opp, stones), i) << pits << " pits, " << stones << " stones";
            }
        }
    }
}

TEST(StateRanking, RoundTripsWholeStates) {
    const StateRanking ranking(2, 5);
    std::set<std::string> seen;
    for (std::uint64_t i = 0; i < ranking.size(); ++i) {
        const Position p = ranking.unrank(i);
        ASSERT_EQ(p.total_stones(), 5);
        ASSERT_EQ(ranking.rank(p), i);
        seen.insert(to_string(p));
    }
    EXPECT_EQ(seen.size(), ranking.size());
    EXPECT_EQ(ranking.size(), 2u * 252u);  // C(5 + 5, 5) compositions of 5 into 6 cells, two sides
}

}  // namespace
}  // namespace mancala::solve
