#pragma once
// A whole turn chosen by the textbook search: the best root move and, while the
// moves earn extra turns, the first best continuation of each.

#include "search/textbook_search.hpp"

#include <vector>

namespace mancala::search {

struct TurnPlan {
    std::vector<int> moves;  ///< pit indices of the mover, in the order played
    Position after;          ///< the position once the turn is over
    int value = 0;           ///< the root's search value
    std::uint64_t nodes = 0;
};

/// Searches `root` to `cutoff` turns with `Listener` tracing the root search,
/// then completes the turn. The continuation of an extra turn is found by a fresh
/// full-window alpha-beta search from that node (depth 1, same cutoff): it
/// returns the first child of exact best value, which is exactly the child the
/// root search took as best there, since alpha-beta's first strict improvement
/// to the final value is always exact. Throws std::invalid_argument when the side
/// to move has no legal move.
template <Algorithm kAlgorithm, class Evaluator, class Listener>
TurnPlan plan_turn(const Rules& rules, const Position& root, int cutoff, Evaluator eval, Listener& listener) {
    if (root.legal_moves(rules).empty()) throw std::invalid_argument("the side to move has no legal move");
    const Side me = root.to_move();
    TurnSearch<kAlgorithm, Evaluator, Listener> search(rules, me, cutoff, eval, listener);
    const TurnSearchOutcome out = search.search_root(root);

    TurnPlan plan;
    plan.value = out.value;
    plan.nodes = out.nodes;
    Position position = root;
    int move = out.best_move;
    for (;;) {
        plan.moves.push_back(move);
        const MoveResult r = position.apply(rules, move);
        if (!r.extra_turn || r.game_over) break;
        NoTrace quiet;
        TurnSearch<Algorithm::AlphaBeta, Evaluator, NoTrace> continuation(rules, me, cutoff, eval, quiet);
        const TurnSearchOutcome next = continuation.search_from(position, 1, true, NodeLabel{});
        plan.nodes += next.nodes;
        move = next.best_move;
    }
    plan.after = position;
    return plan;
}

}  // namespace mancala::search
