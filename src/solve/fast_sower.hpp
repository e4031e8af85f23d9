#pragma once
// One move of the tier builder's fast rules (single sowing, the either-row-empty
// end: Kalah and homework) played on the pit counts themselves instead of a
// Position, seen from the mover: its pits 0..n-1, then the opponent's. The sowing
// ring is the mover's pits, its store, the opponent's pits; the opponent's store,
// never sown, is left out. Whole laps are sown at once, so a move costs O(pits).

#include "core/rule_decisions.hpp"
#include "core/rules.hpp"
#include "util/assert.hpp"

#include <utility>

namespace mancala::solve {

/// The rules the fast sower plays: one sowing a move (no relay), and the end rule
/// kFastEnd (it never passes).
inline constexpr EndRule kFastEnd = EndRule::EitherRowEmpty;
inline bool has_fast_path(const Rules& rules) {
    return kalah_shaped(rules) && !rule::sows_on(rules.sowing) && rules.end == kFastEnd;
}

/// What a move won at once and where it led.
struct SownMove {
    int gain;        ///< stones it put in the mover's store, plus the leftovers if the game ended
    int stones;      ///< stones left in the pits (the child's tier) unless over
    bool over;       ///< the game ended: gain is final
    bool same_side;  ///< the mover moves again (the child's counts are not swapped)
};

/// Plays `move` (a non-empty pit of the mover) on the 2n counts `cells` of a
/// position of `tier` stones; writes the child's counts, its mover first, to `child`.
inline SownMove sow_fast(const Rules& rules, int n, int tier, const int* cells, int move, int* child) {
    int* a = child;
    for (int i = 0; i < 2 * n; ++i) a[i] = cells[i];
    const int stones = a[move];
    a[move] = 0;
    int gain = 0;
    const int loop = rule::lap_cells(n);
    if (const int laps = stones / loop; laps > 0) {
        for (int i = 0; i < 2 * n; ++i) a[i] += laps;
        gain += laps;
    }
    int r = move;  // ring position: pits 0..n-1, the store n, the opponent's pits n+1..2n
    for (int left = stones % loop; left > 0; --left) {
        r = r + 1 == loop ? 0 : r + 1;
        if (r == n)
            ++gain;
        else
            ++a[r < n ? r : r - 1];
    }
    const bool extra = r == n && rule::earns_extra_turn(rules);
    if (r < n && rule::landed_in_empty_pit(a[r])) {
        const int opposite = 2 * n - 1 - r;
        if (rule::captures(rules.capture, a[opposite])) {
            gain += 1 + a[opposite];
            a[r] = 0;
            a[opposite] = 0;
        }
    }
    int left_mine = 0, left_theirs = 0;
    for (int i = 0; i < n; ++i) {
        left_mine += a[i];
        left_theirs += a[n + i];
    }
    MANCALA_ASSERT(gain + left_mine + left_theirs == tier, "a move conserves the stones");
    (void)tier;
    if (rule::game_over(kFastEnd, left_mine == 0, left_theirs == 0))
        return {gain + rule::leftover_gain(left_mine, left_theirs), 0, true, false};
    if (!extra)
        for (int i = 0; i < n; ++i) std::swap(a[i], a[n + i]);
    return {gain, left_mine + left_theirs, false, extra};
}

}  // namespace mancala::solve
