// Proofs on two threads (solve_position with the proof search) against retrograde
// analysis of the whole game. The helpers join every null-window pass of MTD(f), and
// in each they split at once the children of the nodes the pass is expected to refute
// every move of (SharedSearch::fail_low_side); a pass that goes the other way than
// expected must still be answered right. A small database and table keep the proofs
// long enough for both threads to meet in the tree.

#include "solve/game_solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace mancala::solve {
namespace {

TEST(ProofThreads, TwoThreadProofsAgreeWithRetrogradeAnalysis) {
    for (const char* preset : {"kalah", "homework"}) {
        for (auto [pits, seeds] : {std::pair{3, 4}, {4, 3}, {5, 2}, {3, 8}, {4, 4}}) {
            const Rules rules = make_rules(preset, pits, seeds);
            const Position start = Position::start(rules);
            const std::string game =
                std::string(preset) + "(" + std::to_string(pits) + "," + std::to_string(seeds) + ")";
            SolveOptions retrograde;
            retrograde.method = SolveMethod::Retrograde;
            retrograde.threads = 2;
            const Solution exact = solve_position(rules, start, retrograde);
            for (const int warmup : {0, 8}) {
                SolveOptions search;
                search.method = SolveMethod::Search;
                search.threads = 2;
                search.db_stones = 4;
                search.hash_mb = 1;
                search.warmup_depth = warmup;
                const Solution proven = solve_position(rules, start, search);
                EXPECT_EQ(proven.value, exact.value) << game << ", warm-up " << warmup;
                EXPECT_EQ(proven.bound, 0) << game;
                ASSERT_EQ(proven.best_moves.size(), 1u) << game;
                // The move the proof names is one of the optimal moves.
                EXPECT_NE(std::find(exact.best_moves.begin(), exact.best_moves.end(), proven.best_moves.front()),
                          exact.best_moves.end())
                    << game << ", warm-up " << warmup;
            }
        }
    }
}

}  // namespace
}  // namespace mancala::solve
