// The engine's evaluation features against the fitters' (bench/fit_cyclic_eval.py,
// bench/fit_ring_eval.py), which compute them with code of their own: expected.txt holds
// the fitters' features of 280 positions of seven games (tests/data/eval_features/,
// regenerated and checked there by ctest's eval_features.fitters), and each must match
// the features the engine computes from the position it parses.

#include "core/game_catalogue.hpp"
#include "core/notation.hpp"
#include "core/position.hpp"
#include "search/count_fitted_evaluation.hpp"
#include "search/ring_fitted_evaluation.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mancala::search {
namespace {

std::vector<int> engine_features(const Position& p, const Rules& rules) {
    const int n = p.pits();
    const Side me = p.to_move(), them = opponent(me);
    std::vector<int> mine(n), theirs(n);
    for (int i = 0; i < n; ++i) {
        mine[i] = p.pit(me, i);
        theirs[i] = p.pit(them, i);
    }
    if (count_capture_family(rules)) {
        const CountFeatures f = count_features(mine.data(), theirs.data(), n, rules);
        return {f.my_seeds,
                f.their_seeds,
                f.my_exposed,
                f.their_exposed,
                f.my_capture,
                f.their_capture,
                f.my_empty,
                f.their_empty,
                f.my_sown_over,
                f.their_sown_over,
                1};
    }
    const RingFeatures f = ring_features(mine.data(), theirs.data(), n, rules);
    return {f.my_seeds,
            f.their_seeds,
            f.my_empty,
            f.their_empty,
            f.my_sown_over,
            f.their_sown_over,
            f.my_store_landings,
            f.their_store_landings,
            f.my_relays,
            f.their_relays,
            f.my_capture,
            f.their_capture,
            1};
}

TEST(EvalFeatures, TheEngineComputesTheFittersFeatures) {
    std::ifstream in(std::string(MANCALA_TEST_DATA) + "/eval_features/expected.txt");
    ASSERT_TRUE(in) << "tests/data/eval_features/expected.txt is missing";
    std::string line;
    int number = 0, checked = 0;
    while (std::getline(in, line)) {
        ++number;
        std::istringstream fields(line);
        std::string game, notation;
        fields >> game >> notation;
        std::vector<int> expected;
        for (int v; fields >> v;) expected.push_back(v);
        const Rules rules = make_rules(game);
        const Position p = parse_position(notation, rules);
        EXPECT_EQ(engine_features(p, rules), expected)
            << "expected.txt:" << number << ": " << game << " " << notation;
        ++checked;
    }
    EXPECT_EQ(checked, 280);
}

}  // namespace
}  // namespace mancala::search
