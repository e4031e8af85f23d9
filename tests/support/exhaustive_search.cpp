#include "support/exhaustive_search.hpp"

#include <algorithm>

namespace mancala::testing {

int ExhaustiveSearch::future_gain(const Position& p) {
    std::string key(to_string(p.to_move()));
    for (Side side : {Side::South, Side::North})
        for (int i = 0; i < p.pits(); ++i) key += "," + std::to_string(p.pit(side, i));
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const Side me = p.to_move();
    int best;
    if (p.is_terminal(rules_)) {
        best = p.row_stones(me) - p.row_stones(opponent(me));  // each side sweeps its own row
    } else if (p.nonempty_pits().empty()) {
        Position other = p;  // a player without stones passes (board-empty rule)
        other.set_to_move(opponent(me));
        best = -future_gain(other);
    } else {
        best = -(1 << 29);
        for (int move : p.nonempty_pits()) {
            Position child = p;
            const MoveResult r = child.apply(rules_, move);
            int value = child.store_difference(me) - p.store_difference(me);
            if (!r.game_over) value += (child.to_move() == me ? 1 : -1) * future_gain(child);
            best = std::max(best, value);
        }
    }
    memo_.emplace(key, best);
    return best;
}

}  // namespace mancala::testing
