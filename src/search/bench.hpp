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

/// The signature set: starts of every preset and positions from fixed games.
std::vector<BenchPosition> bench_positions();

/// Searches every position; `on_line` sees each result as it completes.
std::vector<BenchLine> run_bench(const std::vector<BenchPosition>& positions, std::size_t hash_mb,
                                 const std::function<void(const BenchLine&)>& on_line = {});

}  // namespace mancala::search
