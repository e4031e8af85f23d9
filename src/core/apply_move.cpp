// Playing a move: sowing (by whole laps), relay sowing, extra turns, captures and
// the end of the game. Every rule of the family is decided in this file.

#include "core/position.hpp"

namespace mancala {

namespace {

bool row_empty(const Position& p, Side side) {
    for (int i = 0; i < p.pits(); ++i)
        if (p.pit(side, i) != 0) return false;
    return true;
}

}  // namespace

MoveResult Position::apply(const Rules& rules, int pit_index) {
    MoveResult result;
    const Side mover = to_move_;
    const int n = n_;
    const int ring = 2 * n + 2;  // cells on the board
    const int loop = 2 * n + 1;  // cells a sowing visits: all but the opponent's store
    const int base = first_pit(mover);
    const int own_store = store_cell(mover);
    const int skipped = store_cell(opponent(mover));
    auto at = [this](int c) -> Count& { return cells_[static_cast<std::size_t>(c)]; };

    // A relay chain always ends: every relay either passes the own store (which
    // only grows, and holds at most every stone) or lands strictly further along
    // the own row without wrapping. So a chain has at most (stones + 1) * pits
    // relays; the guard below documents that bound and can never fire.
    const long relay_bound = rules.sowing == SowingRule::Relay ? (static_cast<long>(total_stones()) + 1) * n : 0;

    int cell = base + pit_index;
    for (;;) {
        const int stones = at(cell);
        at(cell) = 0;
        // Whole laps: every cell of the loop, the emptied start pit included, gets one stone per lap.
        if (const int laps = stones < loop ? 0 : stones / loop; laps > 0) {
            for (int c = 0; c < ring; ++c)
                if (c != skipped) at(c) = static_cast<Count>(at(c) + laps);
        }
        // The rest, one stone a cell after the start, skipping the opponent's store.
        int last = cell;
        for (int left = stones < loop ? stones : stones % loop; left > 0; --left) {
            last = last + 1 == ring ? 0 : last + 1;
            if (last == skipped) last = last + 1 == ring ? 0 : last + 1;
            ++at(last);
        }
        result.last_cell = static_cast<std::int8_t>(last);

        if (last == own_store) {
            result.extra_turn = rules.extra_turn;
            break;
        }
        const bool own_pit = last >= base && last < base + n;
        if (!own_pit) break;
        if (at(last) == 1) {  // the pit was empty before the last stone fell
            const int opposite = 2 * n - last;
            const bool takes = rules.capture == CaptureRule::Always ||
                               (rules.capture == CaptureRule::IfOppositeNonEmpty && at(opposite) > 0);
            if (takes) {
                result.capture = true;
                result.captured = static_cast<std::uint16_t>(1 + at(opposite));
                at(own_store) = static_cast<Count>(at(own_store) + result.captured);
                at(last) = 0;
                at(opposite) = 0;
            }
            break;
        }
        if (rules.sowing != SowingRule::Relay || static_cast<long>(result.relays) >= relay_bound) break;
        ++result.relays;
        cell = last;
    }

    Side next = result.extra_turn ? mover : opponent(mover);
    if (rules.end == EndRule::EitherRowEmpty) {
        if (row_empty(*this, Side::South) || row_empty(*this, Side::North)) {
            sweep_rows();
            result.game_over = true;
        }
    } else if (row_empty(*this, Side::South) && row_empty(*this, Side::North)) {
        result.game_over = true;
    } else if (row_empty(*this, next)) {
        next = opponent(next);
        result.passed = true;
    }
    to_move_ = next;
    return result;
}

}  // namespace mancala
