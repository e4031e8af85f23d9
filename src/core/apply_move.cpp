// Playing a move on the reference board, for every game of the family: lifting
// and sowing (by whole laps), relays, extra turns, the opposite capture, tuzdyks,
// count captures with their chain, the grand slam, and the end of the game (the
// step numbers are those of docs/GAMES.md, "One move, step by step"). Each rule
// is asked of core/rule_decisions.hpp.

#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "util/assert.hpp"

#include <bit>

namespace mancala {

namespace {

/// The cells one lift sows: the board's ring less the cells its rules skip.
struct SownRing {
    int ring = 0;      ///< cells on the board
    int skipped[3]{};  ///< the opponent's store, and maybe the own store and the lifted pit
    int skipped_count = 0;
    int lap = 0;  ///< cells a lap visits

    SownRing(const Rules& rules, int n, Side mover, int origin) : ring(2 * n + 2) {
        skipped[skipped_count++] = rule::skipped_cell(n, mover);
        if (!rule::sows_own_store(rules)) skipped[skipped_count++] = mover == Side::South ? n : 2 * n + 1;
        if (rule::skips_origin(rules)) skipped[skipped_count++] = origin;
        lap = ring - skipped_count;
    }
    bool sown(int cell) const {
        for (int i = 0; i < skipped_count; ++i)
            if (skipped[i] == cell) return false;
        return true;
    }
    int next(int cell) const {
        do cell = cell + 1 == ring ? 0 : cell + 1;
        while (!sown(cell));
        return cell;
    }
    int previous(int cell) const {
        do cell = cell == 0 ? ring - 1 : cell - 1;
        while (!sown(cell));
        return cell;
    }
};

/// The pit before `cell` in sowing order, stores skipped: the way a capture chain walks.
int previous_pit(int cell, int n) {
    const int ring = 2 * n + 2;
    do cell = cell == 0 ? ring - 1 : cell - 1;
    while (cell == n || cell == ring - 1);
    return cell;
}

bool row_empty(const Position& p, Side side) {
    for (int i = 0; i < p.pits(); ++i)
        if (p.pit(side, i) != 0) return false;
    return true;
}

}  // namespace

// Steps 2 and 3: the lifts, and what the last stone does. The end of the game
// (step 4) is left to apply(), so that legal_moves() can try a move without it.
MoveResult Position::sow_and_capture(const Rules& rules, int pit_index) {
    MoveResult result;
    const Side mover = to_move_;
    const Side other = opponent(mover);
    const int n = n_;
    const int base = first_pit(mover);
    const int own_store = store_cell(mover);
    auto at = [this](int c) -> Count& { return cells_[static_cast<std::size_t>(c)]; };
    auto row_of = [n](int c) { return c < n ? Side::South : Side::North; };
    auto is_pit = [n](int c) { return c != n && c != 2 * n + 1; };
    auto is_tuzdyk_cell = [&](int c) {
        return is_pit(c) && tuzdyk(opponent(row_of(c))) == c - first_pit(row_of(c));
    };

    // An own-row relay chain always ends: every relay either passes the own store
    // (which only grows, and holds at most every stone) or lands strictly further
    // along the own row without wrapping, so a chain has at most (stones + 1) * pits
    // relays. Relays on both rows have no such bound: kMaxLiftsPerMove caps them.
    const long lift_bound =
        rules.relay_side == RelaySide::Both ? kMaxLiftsPerMove : (static_cast<long>(total_stones()) + 1) * n + 1;
    long lifts = 0;
    int cell = base + pit_index;
    for (;;) {
        ++lifts;
        const SownRing sown(rules, n, mover, cell);
        int stones = at(cell);
        at(cell) = 0;
        int last = cell;
        if (rule::first_stone_back(rules, stones)) {
            ++at(cell);
            --stones;
        }
        // Whole laps: every cell of the lap gets one stone per lap.
        if (const int laps = stones / sown.lap; laps > 0) {
            for (int c = 0; c < sown.ring; ++c)
                if (sown.sown(c)) at(c) = static_cast<Count>(at(c) + laps);
            last = sown.sown(cell) ? cell : sown.previous(cell);
        }
        // The rest, one stone a cell after the lifted pit.
        for (int left = stones % sown.lap, from = cell; left > 0; --left) {
            from = sown.next(from);
            ++at(from);
            last = from;
        }
        // A stone sown in a tuzdyk goes to its owner's store.
        for (Side owner : {Side::South, Side::North})
            if (const int t = tuzdyk(owner); t >= 0) {
                Count& held = at(first_pit(opponent(owner)) + t);
                at(store_cell(owner)) = static_cast<Count>(at(store_cell(owner)) + held);
                held = 0;
            }
        result.last_cell = static_cast<std::int8_t>(last);

        // Step 3.1 and 3.2: the own store, or a tuzdyk.
        if (last == own_store) {
            result.extra_turn = rule::earns_extra_turn(rules);
            break;
        }
        if (!is_pit(last) || is_tuzdyk_cell(last)) break;
        const bool own_pit = row_of(last) == mover;
        const int landed = at(last);
        // Step 3.3: relay.
        if (!rule::landed_in_empty_pit(landed) && rule::sows_on(rules.sowing) &&
            rule::relays_in(rules.relay_side, own_pit)) {
            if (lifts >= lift_bound) break;
            ++result.relays;
            cell = last;
            continue;
        }
        // Steps 3.4 to 3.6: at most one kind of capture.
        int from_opponent = 0;
        const bool may_put_back = rules.grand_slam == GrandSlam::NoCapture;
        Position before;
        if (may_put_back) before = *this;
        auto take = [&](int c) {
            const int stones = at(c);
            if (row_of(c) == other) from_opponent += stones;
            result.captured = static_cast<std::uint16_t>(result.captured + stones);
            result.captured_cells |= std::uint64_t{1} << c;
            at(own_store) = static_cast<Count>(at(own_store) + stones);
            at(c) = 0;
        };
        const int opposite = 2 * n - last;
        if (own_pit && rule::landed_in_empty_pit(landed) && rule::captures(rules.capture, at(opposite))) {
            take(opposite);
            if (rules.capture_takes_last) take(last);
        } else if (!own_pit &&
                   rule::makes_tuzdyk(rules, landed, last - first_pit(other), n, tuzdyk(mover), tuzdyk(other))) {
            set_tuzdyk(mover, last - first_pit(other));
            take(last);
            result.tuzdyk = true;
            from_opponent = 0;  // a tuzdyk is no capture of the opponent's row
        } else if (rule::count_captures(rules, own_pit, landed)) {
            take(last);
            if (rules.capture_chain)
                for (int c = previous_pit(last, n);
                     c != last && rule::count_captures(rules, row_of(c) == mover, at(c)); c = previous_pit(c, n))
                    take(c);
        }
        result.capture = result.captured > 0;
        // Step 3.7: the grand slam.
        if (from_opponent > 0 && row_empty(*this, other)) {
            result.grand_slam = true;
            if (may_put_back) {
                *this = before;
                result.capture = false;
                result.captured = 0;
                result.captured_cells = 0;
            }
        }
        break;
    }
    return result;
}

MoveResult Position::apply(const Rules& rules, int pit_index) {
    MANCALA_ASSERT(is_consistent(), "a position is consistent before a move");
    MANCALA_ASSERT(rules.pits == n_, "a position is played by rules of its own size");
    MANCALA_ASSERT(pit_index >= 0 && pit_index < n_ && pit(to_move_, pit_index) > 0,
                   "a move is a non-empty pit of the side to move");
    [[maybe_unused]] const int stones_before = util::kAssertionsOn ? total_stones() : 0;
    const Side mover = to_move_;
    MoveResult result = sow_and_capture(rules, pit_index);

    // Step 4: who is due, and the end of the game.
    Side next = result.extra_turn ? mover : opponent(mover);
    const bool south_empty = row_empty(*this, Side::South), north_empty = row_empty(*this, Side::North);
    bool over = rule::majority_reached(rules, store(Side::South), store(Side::North), total_stones());
    if (!over) switch (rule::after_move(rules.end, next, south_empty, north_empty)) {
            case rule::AfterMove::GameOver:
                over = true;
                break;
            case rule::AfterMove::Passes:
                next = opponent(next);
                result.passed = true;
                break;
            case rule::AfterMove::Continues:
                break;
        }
    to_move_ = next;
    if (!over && rules.end == EndRule::NoMove) over = legal_moves(rules).empty();
    if (over) {
        const bool south_now = row_empty(*this, Side::South), north_now = row_empty(*this, Side::North);
        if (rules.leftovers == Leftovers::Mover)
            sweep_rows_to(mover);
        else if (rules.leftovers == Leftovers::Emptied && south_now != north_now)
            sweep_rows_to(south_now ? Side::South : Side::North);
        else
            sweep_rows();
        result.game_over = true;
    }
    MANCALA_ASSERT(total_stones() == stones_before, "a move conserves the stones");
    MANCALA_ASSERT(is_consistent(), "a position is consistent after a move");
    return result;
}

MoveList Position::nonempty_pits() const {
    MoveList moves;
    for (int i = 0; i < n_; ++i)
        if (pit(to_move_, i) > 0) moves.push(i);
    return moves;
}

MoveList Position::legal_moves(const Rules& rules) const {
    const MoveList pits = nonempty_pits();
    const bool feeding = rules.must_feed && row_empty(*this, opponent(to_move_));
    if (!feeding && rules.grand_slam != GrandSlam::Forbidden) return pits;
    MoveList allowed, slams;
    for (int move : pits) {
        Position child = *this;
        const MoveResult r = child.sow_and_capture(rules, move);
        if (feeding && row_empty(child, opponent(to_move_))) continue;
        (rules.grand_slam == GrandSlam::Forbidden && r.grand_slam ? slams : allowed).push(move);
    }
    return allowed.size() > 0 ? allowed : slams;
}

bool Position::is_legal(const Rules& rules, int pit_index) const {
    if (pit_index < 0 || pit_index >= n_ || pit(to_move_, pit_index) == 0) return false;
    for (int move : legal_moves(rules))
        if (move == pit_index) return true;
    return false;
}

}  // namespace mancala
