#include "play/sown_cells.hpp"

#include <array>

namespace mancala::play {

SownCells sown_cells(const Rules& rules, const Position& before, int pit, std::size_t cap) {
    SownCells out;
    const Side mover = before.to_move();
    const int n = before.pits();
    const int ring = before.cell_count();
    const int base = before.first_pit(mover);
    const int own_store = before.store_cell(mover);
    const int skipped = before.store_cell(opponent(mover));
    std::array<int, 2 * kMaxPits + 2> count{};
    for (int c = 0; c < ring; ++c) count[static_cast<std::size_t>(c)] = before.cell(c);
    auto at = [&count](int c) -> int& { return count[static_cast<std::size_t>(c)]; };

    int cell = base + pit;
    for (;;) {
        int stones = at(cell);
        at(cell) = 0;
        int last = cell;
        // Stone by stone: the whole sowing costs at most `cap` steps before it is cut.
        for (; stones > 0; --stones) {
            if (out.cells.size() == cap) {
                out.truncated = true;
                return out;
            }
            last = last + 1 == ring ? 0 : last + 1;
            if (last == skipped) last = last + 1 == ring ? 0 : last + 1;
            ++at(last);
            out.cells.push_back(last);
        }
        // The sowing goes on only by relay: the last stone in an own pit that held stones
        // (a store, the opponent's row or an own empty pit end the move, as in apply_move.cpp).
        const bool own_pit = last >= base && last < base + n;
        if (last == own_store || !own_pit || at(last) == 1 || rules.sowing != SowingRule::Relay) break;
        cell = last;
    }
    return out;
}

}  // namespace mancala::play
