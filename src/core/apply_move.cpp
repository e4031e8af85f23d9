// Playing a move on the reference board: sowing (by whole laps), relay sowing,
// extra turns, captures and the end of the game, each rule asked of
// core/rule_decisions.hpp.

#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "util/assert.hpp"

namespace mancala {

namespace {

bool row_empty(const Position& p, Side side) {
    for (int i = 0; i < p.pits(); ++i)
        if (p.pit(side, i) != 0) return false;
    return true;
}

}  // namespace

MoveResult Position::apply(const Rules& rules, int pit_index) {
    MANCALA_ASSERT(is_consistent(), "a position is consistent before a move");
    MANCALA_ASSERT(rules.pits == n_, "a position is played by rules of its own size");
    MANCALA_ASSERT(is_legal(pit_index), "a move is a non-empty pit of the side to move");
    [[maybe_unused]] const int stones_before = util::kAssertionsOn ? total_stones() : 0;
    MoveResult result;
    const Side mover = to_move_;
    const int n = n_;
    const int ring = 2 * n + 2;  // cells on the board
    const int loop = rule::lap_cells(n);
    const int base = first_pit(mover);
    const int own_store = store_cell(mover);
    const int skipped = rule::skipped_cell(n, mover);
    auto at = [this](int c) -> Count& { return cells_[static_cast<std::size_t>(c)]; };

    // A relay chain always ends: every relay either passes the own store (which
    // only grows, and holds at most every stone) or lands strictly further along
    // the own row without wrapping. So a chain has at most (stones + 1) * pits
    // relays; the guard below documents that bound and can never fire.
    const long relay_bound = rule::sows_on(rules.sowing) ? (static_cast<long>(total_stones()) + 1) * n : 0;

    int cell = base + pit_index;
    for (;;) {
        const int stones = at(cell);
        at(cell) = 0;
        // Whole laps: every cell of the loop, the emptied start pit included, gets one stone per lap.
        if (const int laps = stones < loop ? 0 : stones / loop; laps > 0) {
            for (int c = 0; c < ring; ++c)
                if (c != skipped) at(c) = static_cast<Count>(at(c) + laps);
        }
        // The rest, one stone a cell after the start.
        int last = cell;
        for (int left = stones < loop ? stones : stones % loop; left > 0; --left) {
            last = rule::next_sown_cell(last, ring, skipped);
            ++at(last);
        }
        result.last_cell = static_cast<std::int8_t>(last);

        if (last == own_store) {
            result.extra_turn = rule::earns_extra_turn(rules);
            break;
        }
        const bool own_pit = last >= base && last < base + n;
        if (!own_pit) break;
        if (rule::landed_in_empty_pit(at(last))) {
            const int opposite = 2 * n - last;
            if (rule::captures(rules.capture, at(opposite))) {
                result.capture = true;
                result.captured = static_cast<std::uint16_t>(1 + at(opposite));
                at(own_store) = static_cast<Count>(at(own_store) + result.captured);
                at(last) = 0;
                at(opposite) = 0;
            }
            break;
        }
        if (!rule::sows_on(rules.sowing) || static_cast<long>(result.relays) >= relay_bound) break;
        ++result.relays;
        cell = last;
    }

    Side next = result.extra_turn ? mover : opponent(mover);
    switch (rule::after_move(rules.end, next, row_empty(*this, Side::South), row_empty(*this, Side::North))) {
        case rule::AfterMove::GameOver:
            sweep_rows();
            result.game_over = true;
            break;
        case rule::AfterMove::Passes:
            next = opponent(next);
            result.passed = true;
            break;
        case rule::AfterMove::Continues:
            break;
    }
    to_move_ = next;
    MANCALA_ASSERT(total_stones() == stones_before, "a move conserves the stones");
    MANCALA_ASSERT(is_consistent(), "a position is consistent after a move");
    return result;
}

}  // namespace mancala
