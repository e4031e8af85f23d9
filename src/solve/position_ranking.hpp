#pragma once
// Rankings of game positions built on the composition ranking:
//  - TierRanking numbers the positions of one tier (a fixed number of stones in
//    the pits) by their pit contents and side to move: the index of the endgame
//    databases, where the stores do not matter (docs/SOLVING.md).
//  - StateRanking numbers whole game states (pits, both stores, side to move) of
//    a board with a fixed total of stones.

#include "core/position.hpp"
#include "solve/composition_ranking.hpp"

#include <cstdint>

namespace mancala::solve {

class TierRanking {
public:
    /// Positions of `pits` pits a side with up to `max_stones` stones on the board.
    TierRanking(int pits, int max_stones);

    int pits() const { return pits_; }
    /// Positions in tier `stones`: both sides to move, every way to fill the 2N pits.
    std::uint64_t size(int stones) const { return 2 * compositions_.count(stones); }
    std::uint64_t rank(const Position& p) const;
    /// The position of tier `stones` with index `index`; both stores are left empty.
    Position unrank(int stones, std::uint64_t index) const;

private:
    int pits_;
    CompositionRanking compositions_;
};

class StateRanking {
public:
    /// Every state of a board of `pits` pits a side holding `total` stones.
    StateRanking(int pits, int total);

    std::uint64_t size() const { return 2 * compositions_.count(total_); }
    std::uint64_t rank(const Position& p) const;
    Position unrank(std::uint64_t index) const;

private:
    int pits_;
    int total_;
    CompositionRanking compositions_;
};

}  // namespace mancala::solve
