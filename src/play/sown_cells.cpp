#include "play/sown_cells.hpp"

#include "core/rule_decisions.hpp"

#include <array>

namespace mancala::play {

SownCells sown_cells(const Rules& rules, const Position& before, int pit, std::size_t cap) {
    SownCells out;
    const Side mover = before.to_move();
    const int n = before.pits();
    const int ring = before.cell_count();
    const int base = before.first_pit(mover);
    const int own_store = before.store_cell(mover);
    const int other_store = before.store_cell(opponent(mover));
    std::array<int, 2 * kMaxPits + 2> count{};
    for (int c = 0; c < ring; ++c) count[static_cast<std::size_t>(c)] = before.cell(c);
    auto at = [&count](int c) -> int& { return count[static_cast<std::size_t>(c)]; };
    auto is_pit = [&](int c) { return c != own_store && c != other_store; };
    auto tuzdyk_cell = [&](int c) {
        if (!is_pit(c)) return false;
        const Side row = c < n ? Side::South : Side::North;
        return before.is_tuzdyk(row, c - before.first_pit(row));
    };
    auto push = [&](int c) {
        if (out.cells.size() == cap) {
            out.truncated = true;
            return false;
        }
        out.cells.push_back(c);
        return true;
    };

    int cell = base + pit;
    for (int lifts = 1;; ++lifts) {
        int stones = at(cell);
        at(cell) = 0;
        const int origin = cell;
        int last = cell;
        if (rule::first_stone_back(rules, stones)) {
            ++at(cell);
            --stones;
            if (!push(cell)) return out;
        }
        // Stone by stone, skipping what apply_move.cpp skips: the whole sowing costs at
        // most `cap` steps before it is cut.
        for (; stones > 0; --stones) {
            do last = last + 1 == ring ? 0 : last + 1;
            while (last == other_store || (last == own_store && !rule::sows_own_store(rules)) ||
                   (last == origin && rule::skips_origin(rules)));
            ++at(last);
            if (!push(last)) return out;
        }
        // The sowing goes on only by relay: the last stone in a pit that held stones, in
        // a row relays may lift (a store, a tuzdyk or an empty pit end the move).
        const bool own_pit = last >= base && last < base + n;
        if (!is_pit(last) || tuzdyk_cell(last) || at(last) == 1 || !rule::sows_on(rules.sowing) ||
            !rule::relays_in(rules.relay_side, own_pit) ||
            (rules.relay_side == RelaySide::Both && lifts >= kMaxLiftsPerMove))
            break;
        cell = last;
    }
    return out;
}

}  // namespace mancala::play
