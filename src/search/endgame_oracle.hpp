#pragma once
// Exact values the engine may take instead of searching: an endgame database
// (solve layer) implements this, so the search needs to know nothing about how
// the values are stored.

#include "core/rules.hpp"

#include <cstdint>

namespace mancala::search {

class EndgameOracle {
public:
    virtual ~EndgameOracle() = default;

    /// True when the values are those of `rules` (board size and rule dimensions; seeds do not matter).
    virtual bool covers(const Rules& rules) const = 0;

    /// False when, under `rules`, the values are right only in sign: a rule the database
    /// leaves out (Oware's majority) can end the game sooner, at another margin. A search
    /// then counts every value it reads as an estimate.
    virtual bool exact_under(const Rules& /*rules*/) const { return true; }

    /// Positions with at most this many stones in the pits are known (-1: none).
    virtual int max_stones() const = 0;

    /// What the side to move will gain over the opponent from here on under perfect
    /// play, in stones. `cells` holds the mover's pits then the opponent's, each row
    /// in its sowing order; `stones` is their sum, at most max_stones().
    int value(const int* cells, int stones) const { return *value_address(cells, stones); }

    /// Where value(cells, stones) is kept, as a signed byte: a search that wants several
    /// values fetches them all from memory before it reads the first.
    virtual const std::int8_t* value_address(const int* cells, int stones) const = 0;
};

}  // namespace mancala::search
