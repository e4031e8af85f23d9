// The bookkeeping of the root-split proof and the dealing of tier shares, without
// MPI: the split driven by exact values from an endgame database must reach each
// position's value and an optimal move, whatever order the answers come in.

#include "cluster/root_split.hpp"
#include "cluster/tier_shares.hpp"
#include "core/rules.hpp"
#include "solve/endgame_db.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

namespace mancala::cluster {
namespace {

TEST(TierShares, CoverTheTierOnceInProportionToTheWeights) {
    for (const std::uint64_t size : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{4095},
                                     std::uint64_t{100'000}, std::uint64_t{34'597'290}}) {
        const std::vector<double> weights{1.0, 2.0, 1.0};
        std::vector<std::uint64_t> owned(weights.size(), 0);
        std::vector<solve::IndexRange> all;
        for (int r = 0; r < 3; ++r)
            for (const auto& run : tier_share(size, weights, r)) {
                ASSERT_LT(run.first, run.last);
                owned[static_cast<std::size_t>(r)] += run.last - run.first;
                all.push_back(run);
            }
        std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        std::uint64_t next = 0;
        for (const auto& run : all) {
            ASSERT_EQ(run.first, next) << "size " << size;  // no gap, no overlap
            next = run.last;
        }
        EXPECT_EQ(next, size);
        if (size >= 1'000'000) {  // 64 stripes a process: within 5% of the weight's share
            for (std::size_t r = 0; r < 3; ++r)
                EXPECT_NEAR(static_cast<double>(owned[r]) / static_cast<double>(size), weights[r] / 4.0,
                            0.05 * weights[r] / 4.0);
        }
    }
}

// What a move's test at `asked` may answer: the exact value, or only the bound it
// proves (at least / at most `asked`), as a search that stops at the threshold does.
struct ExactMoves {
    std::map<int, int> value;  // by move, from the root side's view
};

void drive(RootSplit& split, const ExactMoves& exact, std::mt19937& random) {
    for (int steps = 0; !split.done(); ++steps) {
        ASSERT_LT(steps, 1000) << "the split never settles";
        std::vector<int> open = split.open_moves();
        ASSERT_FALSE(open.empty()) << "an unsettled pass has a move to test";
        std::shuffle(open.begin(), open.end(), random);  // answers come back in any order
        const int asked = split.threshold();
        const int move = open.front();
        const int v = exact.value.at(move);
        const bool holds = v >= asked;
        const bool precise = random() % 2 == 0;
        split.record(move, asked, holds, precise ? v : (holds ? asked : asked - 1));
    }
}

TEST(RootSplit, ReachesTheValueAndAnOptimalMoveOfEveryPosition) {
    const Rules rules = make_rules("kalah", 4, 2);
    solve::EndgameDatabase db(rules);
    db.build(16, 2);
    std::mt19937 random(7);
    int checked = 0;
    for (int trial = 0; trial < 400; ++trial) {
        // A random position of up to 16 stones in the pits.
        std::vector<int> south(4), north(4);
        int stones = 0;
        for (int i = 0; i < 4; ++i) {
            south[static_cast<std::size_t>(i)] = static_cast<int>(random() % 3);
            north[static_cast<std::size_t>(i)] = static_cast<int>(random() % 3);
            stones += south[static_cast<std::size_t>(i)] + north[static_cast<std::size_t>(i)];
        }
        const Position p = Position::from_counts(south, north, 3, 1, Side::South);
        if (stones == 0 || p.is_terminal(rules) || p.nonempty_pits().empty()) continue;
        ExactMoves exact;
        std::vector<int> moves;
        for (int m : p.nonempty_pits()) moves.push_back(m);
        for (int m : moves) exact.value[m] = db.final_margin_after(p, m);
        std::shuffle(moves.begin(), moves.end(), random);
        const int truth = db.final_margin(p);
        const int guess = truth + static_cast<int>(random() % 9) - 4;

        RootSplit split(moves, guess);
        drive(split, exact, random);
        EXPECT_EQ(split.value(), truth);
        EXPECT_EQ(split.bound(), 0);
        EXPECT_EQ(exact.value.at(split.best_move()), truth) << "the move named reaches the value";

        // The one bound test: at least truth holds, at least truth + 1 fails.
        for (const int asked : {truth, truth + 1}) {
            RootSplit test(moves, guess, asked);
            drive(test, exact, random);
            EXPECT_EQ(test.bound(), asked == truth ? +1 : -1);
            if (test.bound() > 0) {
                EXPECT_GE(test.value(), asked);
                EXPECT_LE(test.value(), truth);
                EXPECT_GE(exact.value.at(test.best_move()), asked);
            } else {
                EXPECT_LT(test.value(), asked);
                EXPECT_GE(test.value(), truth);
            }
        }
        ++checked;
    }
    EXPECT_GT(checked, 200);
}

TEST(RootSplit, MovesKnownAtOnceNeedNoTest) {
    RootSplit split({0, 1, 2}, 0);
    split.set_exact(0, 5);
    split.set_exact(1, -2);
    split.set_exact(2, 5);
    EXPECT_TRUE(split.done());
    EXPECT_EQ(split.value(), 5);
    EXPECT_EQ(split.best_move(), 0);
}

}  // namespace
}  // namespace mancala::cluster
