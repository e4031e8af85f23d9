#pragma once
// `mancala bench`: a fixed set of positions searched to fixed depths by one
// thread with a fresh table each. The total node count is a signature of the
// search: it changes only when the search's behaviour changes.

#include "search/engine.hpp"

#include <functional>
#include <string>
#include <vector>

namespace mancala::search {

struct BenchPosition {
    std::string name;
    Rules rules;
    Position position;
    int depth = 0;
};

struct BenchLine {
    BenchPosition position;
    SearchReport report;
};

/// The signature set of the Kalah family (the packed boards): starts of its presets and
/// positions from fixed games.
std::vector<BenchPosition> bench_positions();

/// The signature set of the Oware family (the cyclic board): Oware's start and positions
/// from a fixed game, and the starts of the other games of its shape.
std::vector<BenchPosition> oware_bench_positions();

/// Searches every position with `heuristic` at the leaves (the signature's is store-diff);
/// `on_line` sees each result as it completes.
std::vector<BenchLine> run_bench(const std::vector<BenchPosition>& positions, std::size_t hash_mb,
                                 const std::function<void(const BenchLine&)>& on_line = {},
                                 Heuristic heuristic = Heuristic::StoreDiff);

}  // namespace mancala::search
