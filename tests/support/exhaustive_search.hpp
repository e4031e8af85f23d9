#pragma once
// The slow, obviously correct twin of the solvers: plain recursion to the end of
// the game, memoised on the pits and the side to move.

#include "core/position.hpp"

#include <map>
#include <string>

namespace mancala::testing {

class ExhaustiveSearch {
public:
    explicit ExhaustiveSearch(const Rules& rules) : rules_(rules) {}
    /// What the side to move gains over the opponent from `p` to the end, in stones.
    int future_gain(const Position& p);
    /// The final store margin for the side to move.
    int final_margin(const Position& p) { return p.store_difference(p.to_move()) + future_gain(p); }

private:
    Rules rules_;
    std::map<std::string, int> memo_;
};

}  // namespace mancala::testing
