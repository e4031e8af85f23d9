#pragma once
// What a search found: the best move, its score and principal variation, and for
// an analysis every root move's.

#include "search/score_units.hpp"

#include <cstdint>
#include <vector>

namespace mancala::search {

struct MoveAnalysis {
    int move = -1;
    int score = 0;  ///< points: the mover's final margin with this move (see kPointsPerStone)
    bool proven = false;
    std::vector<int> pv;

    double stones() const { return static_cast<double>(score) / kPointsPerStone; }
};

struct SearchReport {
    int best_move = -1;
    int score = 0;        ///< points: the side to move's final store margin, predicted
    bool proven = false;  ///< `score` is the exact game value, or with `bound` a proven bound of it
    /// A bound test (SearchMode::at_least): 0 for an exact value, +1 when `score` is a
    /// lower bound (the value is at least it), -1 an upper bound (at most it).
    int bound = 0;
    int depth = 0;  ///< deepest completed iteration, in plies
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<int> pv;
    std::vector<MoveAnalysis> moves;  ///< analysing: the moves scored exactly (all, or the best few), best first

    /// `score` in stones (whole when proven).
    double stones() const { return static_cast<double>(score) / kPointsPerStone; }
    std::uint64_t nodes_per_second() const {
        return seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(nodes) / seconds) : nodes;
    }
};

}  // namespace mancala::search
