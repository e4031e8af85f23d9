#pragma once
// MTD(f) (Plaat et al., 1996): null-window searches of the root converge on its
// value from a guess, each pass asking "is the value at least beta?". The move
// comes from a pass that failed high (its move is proven at least that good);
// proven-ness needs both bounds. A search stopped before it converges still
// returns the move of its last pass that failed high, with that lower bound: at
// this depth no other move is known to be better, so a search that runs out of
// time in a deeper iteration still learns from it.

#include "search/search_worker.hpp"

#include <vector>

namespace mancala::search {

/// Searches `root` to `depth` from `guess`, root moves in `order` (not empty).
/// before_pass(beta) is called as each pass begins, after_pass(lower, upper) with
/// the bounds (points) known after it; ±kScoreInfinity where there is none yet.
/// Stopped before any pass failed high, it returns move -1.
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
    if (high.move < 0) return RootScore{worker.stopped() ? -1 : order.front(), upper, false};
    if (worker.stopped()) return RootScore{high.move, lower, false};
    return RootScore{high.move, lower, high.proven && (upper == kScoreInfinity || low_proven)};
}

}  // namespace mancala::search
