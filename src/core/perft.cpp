#include "core/perft.hpp"

namespace mancala {

std::uint64_t perft(const Rules& rules, const Position& position, int plies) {
    if (plies == 0) return 1;
    std::uint64_t total = 0;
    for (int move : position.legal_moves(rules)) {
        Position child = position;
        const MoveResult r = child.apply(rules, move);
        if (r.game_over)
            total += plies == 1 ? 1 : 0;
        else
            total += plies == 1 ? 1 : perft(rules, child, plies - 1);
    }
    return total;
}

}  // namespace mancala
