#pragma once
// The sweep itself: a task's positions solved with many children's bytes in flight at
// once. Each position's children are made from its mover's row's plan and its opponent's
// row's parts, their bytes prefetched, and the position solved some positions later,
// when the bytes have come. A template on the board's size, so the common sizes get
// loops of known length; only solve/tier_sweep.cpp includes it.

#include "core/rules.hpp"
#include "solve/fast_sower.hpp"
#include "solve/sweep_plans.hpp"
#include "solve/sweep_schedule.hpp"
#include "solve/tier_builder.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

namespace mancala::solve::tier_sweep {

/// The sweep of boards of N pits a side; N = 0 for any (then slower: loops of unknown length).
template <int N>
class Sweeper {
public:
    using Move = PlannedMove;

    Sweeper(const Rules& rules, const TierIndex& index, int tier, const Rows& rows,
            std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> values, const Plans& plans)
        : rules_(rules),
          index_(index),
          rows_(rows),
          n_(index.pits()),
          tier_(tier),
          lower_(lower),
          values_(values),
          plans_(plans),
          bases_{values.data(), tier > 0 ? lower[static_cast<std::size_t>(tier - 1)].data() : nullptr} {}

    /// Plans mover's rows [first, last).
    void plan_rows(std::uint32_t first, std::uint32_t last) const {
        for (std::uint32_t x = first; x < last; ++x)
            plan(x, tier_ - rows_.row_stones_of(x), plans_.row(x), plans_.moves(x));
    }

    /// Solves the positions of `task`, kDepth at a time in flight: each position's
    /// children are made and their bytes fetched kDepth positions before it is solved.
    /// The mover's rows are swept across for each opponent's row: most children's
    /// indices are a part from the opponent's row plus one from the mover's (see
    /// Rows), so consecutive positions read neighbouring bytes.
    void run(const Task& task) {
        std::size_t made = 0;
        for (std::uint32_t y = task.y_first; y < task.y_last; ++y) {
            // The opponent's row's parts and pits, once for all the mover's rows.
            const std::uint64_t* parts = rows_.parts_of(y);
            const std::uint64_t slot_part = parts[rows_.rank_column()];
            const std::int8_t* theirs = rows_.row(y);
            // The mover's rows' plans walked in step (the board size known here when N > 0).
            const RowPlan* plan = &plans_.row(task.x_first);
            const PlannedMove* moves = plans_.moves(task.x_first);
            for (std::uint32_t x = task.x_first; x < task.x_last; ++x, ++plan, moves += pits()) {
                Pending& p = ring_[made % kDepth];
                if (made >= kDepth) finish(p);
                start(p, *plan, moves, parts, slot_part, theirs, x, y);
                ++made;
            }
        }
        for (std::size_t k = made - std::min(made, kDepth); k < made; ++k) finish(ring_[k % kDepth]);
    }

private:
    static constexpr std::size_t kDepth = 16;

    /// A child not yet read: its byte, and what it adds to the mover's value.
    struct ChildByte {
        const std::int8_t* byte;
        Worth worth;
    };
    /// A position whose children are made but not read yet.
    struct Pending {
        std::int8_t* slot;
        int best;  // over the children that ended the game
        int count;
        std::array<ChildByte, kMaxPits> children;
    };

    int pits() const { return N > 0 ? N : n_; }

    std::uint64_t rank(const int* cells, int stones) const {
        if constexpr (N > 0) return index_.rank_fixed<N>(cells, stones);
        return index_.rank(cells, stones);
    }

    /// Works out the moves of mover's row x against opponent's rows of `theirs` stones.
    void plan(std::uint32_t x, int theirs, RowPlan& r, PlannedMove* moves) const {
        const int n = pits();
        const std::int8_t* row = rows_.row(x);
        int mine = 0;
        for (int i = 0; i < n; ++i) mine += row[i];
        r.lead = rows_.parts_of(x)[Rows::kLead];
        r.mine = mine;
        r.count = 0;
        r.parts = 0;
        r.over_best = -kMaxPits * 1000;
        if (rule::game_over(kFastEnd, mine == 0, theirs == 0)) {
            r.over_best = rule::leftover_gain(mine, theirs);
            return;
        }
        const int loop = rule::lap_cells(n);
        for (int m = 0; m < n; ++m) {
            const int stones = row[m];
            if (stones == 0) continue;
            Move& move = moves[r.count++];
            move = Move{};
            move.move = static_cast<std::uint8_t>(m);
            move.kind = Move::Kind::Sown;
            // The mover's row after the sowing: stones m+1 .. on, up to its last pit.
            std::array<int, 2 * kMaxPits> sown{};
            for (int i = 0; i < n; ++i) sown[static_cast<std::size_t>(i)] = row[i];
            sown[static_cast<std::size_t>(m)] = 0;
            const int last = std::min(n - 1, m + stones);
            for (int i = m + 1; i <= last; ++i) ++sown[static_cast<std::size_t>(i)];
            if (stones < n - m) {
                // In the mover's row: the opponent's row is the child's mover's, as it was.
                const int landed = m + stones;
                if (rule::landed_in_empty_pit(sown[static_cast<std::size_t>(landed)]) &&
                    rule::captures(rules_.capture, 1)) {
                    move.kind =
                        rule::captures(rules_.capture, 0) ? Move::Kind::Capture : Move::Kind::CaptureUnlessEmpty;
                    move.opposite = static_cast<std::uint8_t>(n - 1 - landed);
                    sown[static_cast<std::size_t>(landed)] = 0;
                    move.taken_part = rows_.rank(index_, sown.data());
                    sown[static_cast<std::size_t>(landed)] = 1;
                }
                if (move.kind == Move::Kind::Sown) move.kind = Move::Kind::Part;
                move.worth = Worth::of(0, false);
                move.base = bases_[0] + rows_.rank(index_, sown.data());
                move.column = Rows::kLead;
            } else if (stones < loop - m) {
                // Past the store into the opponent's first `more` pits (no capture there), or into the store.
                const int more = stones - (n - m);
                const int left = mine - stones + (n - 1 - m);
                const bool extra = more == 0 && rule::earns_extra_turn(rules_);
                const int their_left = theirs + more;
                if (rule::game_over(kFastEnd, left == 0, their_left == 0)) {
                    --r.count;
                    r.over_best = std::max(r.over_best, 1 + rule::leftover_gain(left, their_left));
                    continue;
                }
                move.kind = Move::Kind::Part;
                move.worth = Worth::of(1, extra);
                // A stone went to the store: the child is in the tier below.
                if (extra) {
                    move.column = static_cast<std::uint8_t>(rows_.rank_column());
                    move.base = bases_[1] + rows_.lead(index_, sown.data(), tier_ - 1);
                } else {
                    move.column = static_cast<std::uint8_t>(rows_.lead_below_column(more));
                    move.base = bases_[1] + rows_.rank(index_, sown.data());
                }
            } else {
                plan_round(m, stones, mine, sown, move);
            }
        }
        // The Parts first: the sweep's inner loop for them has no branch (a position's
        // value is the best of its children, in any order).
        r.parts = static_cast<int>(
            std::partition(moves, moves + r.count, [](const Move& m) { return m.kind == Move::Kind::Part; }) -
            moves);
    }

    /// Plans move m of a row of `mine` stones, whose `stones` go round the ring: a stone
    /// in the store and in each of the opponent's pits, and on into the mover's row
    /// (`sown`: the row with pits m+1.. sown once). Its child's index is a part of the
    /// opponent's row (Rows' lap columns) plus one of the mover's, unless it laps twice
    /// or its capture could end the game: left Sown, played on the board.
    void plan_round(int m, int stones, int mine, std::array<int, 2 * kMaxPits>& sown, Move& move) const {
        const int n = pits();
        const int loop = rule::lap_cells(n);
        // A capture round the ring takes the last stone and the opposite pit, which has a
        // stone more (so it always takes): the mover's row keeps mine - n - 2 stones, the
        // opponent's n - 1 at least.
        const auto lap_capture = [&](int landed) {
            if (n < 2 || mine == n + 2) return;  // the game could end: left Sown
            move.kind = Move::Kind::LapCapture;
            move.opposite = static_cast<std::uint8_t>(n - 1 - landed);
            sown[static_cast<std::size_t>(landed)] = 0;
            move.taken_part = rows_.rank(index_, sown.data());
        };
        const auto part = [&](int gain, bool same_side, int column, const std::int8_t* base) {
            move.kind = Move::Kind::Part;
            move.worth = Worth::of(gain, same_side);
            move.column = static_cast<std::uint8_t>(column);
            move.base = base;
        };
        const bool captures = rule::captures(rules_.capture, 1);
        if (stones < loop) {
            // Short of a whole lap: on into the mover's first pits, up to `landed` < m.
            const int landed = stones - (loop - m);
            for (int i = 0; i <= landed; ++i) ++sown[static_cast<std::size_t>(i)];
            if (rule::landed_in_empty_pit(sown[static_cast<std::size_t>(landed)]) && captures)
                return lap_capture(landed);
            return part(1, false, rows_.lead_below_column(n), bases_[1] + rows_.rank(index_, sown.data()));
        }
        if (stones >= 2 * loop) return;  // two laps or more: seldom, left Sown
        // A whole lap (a stone in every cell, pit m included), then `more` cells after m.
        for (int i = 0; i < m; ++i) ++sown[static_cast<std::size_t>(i)];
        sown[static_cast<std::size_t>(m)] = 1;
        const int more = stones - loop, end = m + more;  // the ring's cell of the last stone, before it wraps
        const std::int8_t* two_down = lower_[static_cast<std::size_t>(tier_ - 2)].data();
        if (more == 0) {
            // The last stone is pit m's only one.
            if (captures) return lap_capture(m);
            return part(1, false, rows_.lap_once_column(), bases_[1] + rows_.rank(index_, sown.data()));
        }
        for (int i = m + 1; i <= std::min(end, n - 1); ++i) ++sown[static_cast<std::size_t>(i)];
        if (end < n)  // in the mover's row, on a pit of two stones at least: one stone stored
            return part(1, false, rows_.lap_once_column(), bases_[1] + rows_.rank(index_, sown.data()));
        if (end == n) {  // the store, a second stone there
            if (rule::earns_extra_turn(rules_))
                return part(2, true, rows_.lap_rank_column(),
                            two_down + rows_.lead(index_, sown.data(), tier_ - 2));
            return part(2, false, rows_.lap_twice_column(0), two_down + rows_.rank(index_, sown.data()));
        }
        if (end <= 2 * n)  // the opponent's first end - n pits, a second stone each
            return part(2, false, rows_.lap_twice_column(end - n), two_down + rows_.rank(index_, sown.data()));
        // On round into the mover's first pits, none empty now.
        for (int i = 0; i <= end - loop; ++i) ++sown[static_cast<std::size_t>(i)];
        return part(2, false, rows_.lap_twice_column(n), two_down + rows_.rank(index_, sown.data()));
    }

    /// Makes the children of mover's row x against opponent's row y (`parts` and
    /// `theirs` its parts and pits, `slot_part` what it adds to the position's index).
    void start(Pending& p, const RowPlan& r, const PlannedMove* moves, const std::uint64_t* parts,
               std::uint64_t slot_part, const std::int8_t* theirs, std::uint32_t x, std::uint32_t y) {
        p.slot = &values_[r.lead + slot_part];
        __builtin_prefetch(p.slot, 1);
        // The count and the best in locals, written to the pending position once at the end.
        int best = r.over_best;
        int count = 0;
        ChildByte* children = p.children.data();
        for (; count < r.parts; ++count) {
            const Move& move = moves[count];
            const std::int8_t* byte = move.base + parts[move.column];
            __builtin_prefetch(byte);
            children[count] = {byte, move.worth};
        }
        for (int k = r.parts; k < r.count; ++k) {
            const Move& move = moves[k];
            const int across = move.kind == Move::Kind::Sown ? 0 : theirs[move.opposite];
            if (move.kind == Move::Kind::CaptureUnlessEmpty && across == 0) {
                const std::int8_t* byte = move.base + parts[move.column];
                __builtin_prefetch(byte);
                children[count++] = {byte, move.worth};
            } else if (move.kind == Move::Kind::Sown) {
                const SownChild c = sow(x, y, move.move);
                if (c.over)
                    best = std::max(best, c.gain);
                else
                    children[count++] = c.child;
            } else if (move.kind == Move::Kind::LapCapture) {
                // Never the game's end (see plan_round).
                children[count++] = taken_child(move, 3 + across, parts[rows_.lap_taken_column(move.opposite)]);
            } else {
                // The landed stone and the opposite pit go to the store.
                const int gain = 1 + across;
                const int mine_left = r.mine - 1, theirs_left = tier_ - r.mine - across;
                if (rule::game_over(kFastEnd, mine_left == 0, theirs_left == 0)) {
                    best = std::max(best, gain + rule::leftover_gain(mine_left, theirs_left));
                    continue;
                }
                children[count++] = taken_child(move, gain, parts[rows_.taken_column(move.opposite)]);
            }
        }
        p.best = best;
        p.count = count;
    }

    /// A capture's child, its byte fetched: the tier falls by the `gain` stored, and the
    /// opponent's row's part after the capture is `taken`.
    ChildByte taken_child(const Move& move, int gain, std::uint64_t taken) const {
        const std::int8_t* byte = lower_[static_cast<std::size_t>(tier_ - gain)].data() + (move.taken_part + taken);
        __builtin_prefetch(byte);
        return {byte, Worth::of(gain, false)};
    }

    /// A move played on the whole board: the child to read, or (over) the game's end
    /// and what the move gains by it.
    struct SownChild {
        bool over;
        int gain;  // if over
        ChildByte child;
    };
    SownChild sow(std::uint32_t x, std::uint32_t y, int move) const {
        const int n = pits();
        std::array<int, 2 * kMaxPits> cells, child;
        const std::int8_t* mine = rows_.row(x);
        const std::int8_t* theirs = rows_.row(y);
        for (int i = 0; i < n; ++i) {
            cells[static_cast<std::size_t>(i)] = mine[i];
            cells[static_cast<std::size_t>(n + i)] = theirs[i];
        }
        const SownMove m = sow_fast(rules_, n, tier_, cells.data(), move, child.data());
        if (m.over) return {true, m.gain, {}};
        const std::uint64_t at = rank(child.data(), m.stones);
        const std::int8_t* byte =
            m.stones == tier_ ? &values_[at] : &lower_[static_cast<std::size_t>(m.stones)][at];
        __builtin_prefetch(byte);
        return {false, 0, {byte, Worth::of(m.gain, m.same_side)}};
    }

    static void finish(const Pending& p) {
        int best = p.best;
        for (int k = 0; k < p.count; ++k) {
            const ChildByte& c = p.children[static_cast<std::size_t>(k)];
            const int rest = *c.byte;
            MANCALA_ASSERT(rest != kTierUnknown, "a same-tier child lies in a nearer layer, solved already");
            best = std::max(best, c.worth.add + (rest ^ c.worth.flip));
        }
        *p.slot = static_cast<std::int8_t>(best);
    }

    const Rules& rules_;
    const TierIndex& index_;
    const Rows& rows_;
    int n_;
    int tier_;
    std::span<const std::span<const std::int8_t>> lower_;
    std::span<std::int8_t> values_;
    std::array<Pending, kDepth> ring_;
    const Plans& plans_;
    std::array<const std::int8_t*, 2> bases_;  // the tier's bytes and the tier below's (PlannedMove::base)
};

}  // namespace mancala::solve::tier_sweep
