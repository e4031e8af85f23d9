// Proofs on two threads (solve_position with the proof search) against retrograde
// analysis of the whole game. The helpers join every null-window pass of MTD(f), and
// in each they split at once the children of the nodes the pass is expected to refute
// every move of (SharedSearch::fail_low_side); a pass that goes the other way than
// expected must still be answered right. A small database and table keep the proofs
// long enough for both threads to meet in the tree.
//
// Retrograde analysis of the bigger games (10 M to 77 M positions) takes minutes
// under the sanitizers, where only the smallest is held against it; every game's
// two-thread proof is also held against a one-thread proof, in every build.

#include "solve/game_solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace mancala::solve {
namespace {

using Game = std::pair<int, int>;  // pits, seeds

const std::vector<Game> kGames = {{3, 4}, {4, 3}, {5, 2}, {3, 8}, {4, 4}};
const std::vector<Game> kSanitizedGames = {{3, 4}};

std::string game_name(const char* preset, Game game) {
    return std::string(preset) + "(" + std::to_string(game.first) + "," + std::to_string(game.second) + ")";
}

Solution proof(const Rules& rules, int threads, int warmup) {
    SolveOptions search;
    search.method = SolveMethod::Search;
    search.threads = threads;
    search.db_stones = 4;
    search.hash_mb = 1;
    search.warmup_depth = warmup;
    return solve_position(rules, Position::start(rules), search);
}

void expect_proofs_agree_with_retrograde(const std::vector<Game>& games) {
    for (const char* preset : {"kalah", "homework"}) {
        for (const Game& game : games) {
            const Rules rules = make_rules(preset, game.first, game.second);
            const std::string name = game_name(preset, game);
            SolveOptions retrograde;
            retrograde.method = SolveMethod::Retrograde;
            retrograde.threads = 2;
            const Solution exact = solve_position(rules, Position::start(rules), retrograde);
            for (const int warmup : {0, 8}) {
                const Solution proven = proof(rules, 2, warmup);
                EXPECT_EQ(proven.value, exact.value) << name << ", warm-up " << warmup;
                EXPECT_EQ(proven.bound, 0) << name;
                ASSERT_EQ(proven.best_moves.size(), 1u) << name;
                // The move the proof names is one of the optimal moves.
                EXPECT_NE(std::find(exact.best_moves.begin(), exact.best_moves.end(), proven.best_moves.front()),
                          exact.best_moves.end())
                    << name << ", warm-up " << warmup;
            }
        }
    }
}

TEST(ProofThreads, TwoThreadProofsAgreeWithRetrogradeAnalysis) {
    expect_proofs_agree_with_retrograde(MANCALA_TEST_SANITIZED ? kSanitizedGames : kGames);
}

TEST(ProofThreads, TwoThreadProofsAgreeWithOneThread) {
    for (const char* preset : {"kalah", "homework"}) {
        for (const Game& game : kGames) {
            const Rules rules = make_rules(preset, game.first, game.second);
            const Solution one = proof(rules, 1, 8);
            ASSERT_EQ(one.bound, 0) << game_name(preset, game);
            for (const int warmup : {0, 8}) {
                const Solution two = proof(rules, 2, warmup);
                EXPECT_EQ(two.value, one.value) << game_name(preset, game) << ", warm-up " << warmup;
                EXPECT_EQ(two.bound, 0) << game_name(preset, game);
            }
        }
    }
}

}  // namespace
}  // namespace mancala::solve
