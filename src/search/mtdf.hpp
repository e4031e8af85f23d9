#pragma once
// MTD(f) (Plaat et al., 1996): null-window searches of the root converge on its
// value from a guess, each pass asking "is the value at least beta?". The move
// comes from a pass that failed high (its move is proven at least that good);
// proven-ness needs both bounds.

#include "search/search_worker.hpp"

#include <vector>

namespace mancala::search {

/// Searches `root` to `depth` from `guess`, root moves in `order` (not empty).
/// before_pass(beta) is called as each pass begins, after_pass(lower, upper) with
/// the bounds (points) known after it; ±kScoreInfinity where there is none yet.
template <class Board, class BeforePass, class AfterPass>
RootScore mtdf(SearchWorker<Board>& worker, const Board& root, int depth, int guess, const std::vector<int>& order,
               BeforePass&& before_pass, AfterPass&& after_pass) {
    int lower = -kScoreInfinity;
    int upper = kScoreInfinity;
    RootScore high{-1, 0, false};
    bool low_proven = false;
    while (lower < upper) {
        const int beta = guess == lower ? guess + 1 : guess;
        before_pass(beta);
        const RootScore pass = worker.search_root(root, depth, beta - 1, beta, order, nullptr);
        if (worker.stopped()) break;
        guess = pass.score;
        if (guess < beta) {
            upper = guess;
            low_proven = pass.proven;
        } else {
            lower = guess;
            high = pass;
        }
        after_pass(lower, upper);
    }
    if (high.move < 0) return RootScore{order.front(), upper, false};
    return RootScore{high.move, lower, high.proven && (upper == kScoreInfinity || low_proven)};
}

}  // namespace mancala::search
