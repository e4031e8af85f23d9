#pragma once
// Static evaluations, each a small named function object: value of a position
// for `me`, larger is better.

#include "core/position.hpp"

namespace mancala::search {

/// Own store minus the opponent's store: the homework's evaluation.
struct StoreDifference {
    int operator()(const Position& p, Side me) const { return p.store_difference(me); }
};

}  // namespace mancala::search
