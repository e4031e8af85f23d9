#pragma once
// The `fitted` evaluation of the games that are neither Kalah-shaped nor of Oware's count
// family: relay sowing on both rows (Congklak, Dakon, Ayoayo) and single sowing with
// both capture kinds (Turkish Mangala). A relay move's outcome cannot be read off the
// counts without playing it, so the features look at each pit's first lap only: where
// its last stone falls (the own store: another turn; a pit that held stones: the relay
// goes on; an own empty pit: the opposite capture) and what a count capture there takes.
// With them, for each side: the seeds in the row, the empty pits and the seeds its
// sowings give away. Weights of their own for each shape below, fitted by least squares
// to played-out values (bench/cyclic_eval_data.py plays them out, bench/fit_ring_eval.py
// fits; data: docs/results/eval-fit/<game>/).

#include "core/rule_decisions.hpp"
#include "core/rules.hpp"
#include "search/score_units.hpp"

#include <algorithm>
#include <cstdint>

namespace mancala::search {

/// Which fitted weights the ring fit uses: one set a shape of game.
enum class RingShape : std::uint8_t {
    RelayWithStores,     ///< relay sowing on both rows through the own store (Congklak, Dakon)
    RelayWithoutStores,  ///< relay sowing on both rows, no store on the ring (Ayoayo)
    Single,              ///< single sowing, any captures (Turkish Mangala)
};

constexpr RingShape ring_shape(const Rules& rules) {
    if (rules.sowing == SowingRule::Single) return RingShape::Single;
    return rules.stores_on_ring ? RingShape::RelayWithStores : RingShape::RelayWithoutStores;
}

/// The weights in tenths of a seed (kPointsPerStone = 10 points to a seed), in the
/// order of RingFeatures, the constant last.
struct RingFittedWeights {
    int my_seeds, their_seeds;
    int my_empty, their_empty;
    int my_sown_over, their_sown_over;
    int my_store_landings, their_store_landings;
    int my_relays, their_relays;
    int my_capture, their_capture;
    int to_move;
};

/// Fitted on Congklak and Dakon together (one fit did as well as one a game), on Ayoayo,
/// and on Mangala: docs/results/eval-fit/<game>/fit.txt.
inline constexpr RingFittedWeights kRingWeights[] = {
    /* RelayWithStores */ {11, 7, 12, 33, -9, 1, 24, 14, 14, 15, 2, -1, -325},
    /* RelayWithoutStores */ {-2, 3, -7, 10, 6, -5, 0, 0, 1, 2, 8, -1, -17},
    /* Single */ {1, 0, 9, -7, 3, -4, 24, -21, 0, 0, 6, -2, -6},
};
static_assert(kPointsPerStone == 10, "the fitted weights are in tenths of a seed");

/// The raw features of rows `mine` and `theirs` (`n` pits each, in sowing order) for the
/// side to move; bench/fit_ring_eval.py computes the same from a position's text.
struct RingFeatures {
    int my_seeds = 0, their_seeds = 0;
    int my_empty = 0, their_empty = 0;
    int my_sown_over = 0, their_sown_over = 0;
    int my_store_landings = 0, their_store_landings = 0;  ///< pits whose last stone falls in the own store
    int my_relays = 0, their_relays = 0;                  ///< pits whose first lap ends in a pit to lift
    int my_capture = 0, their_capture = 0;                ///< the biggest capture a first lap makes
};

/// Where the first lap of each pit of `row` ends, for the side that owns `row`: the
/// store landings and relays counted, the biggest capture returned. The lap's cells are
/// the row (0 .. n-1), the own store if on the ring (n), then the other row; a pit whose
/// seeds go past one lap is left out.
inline int first_lap_outcomes(const int* row, const int* other, int n, const Rules& rules, int& store_landings,
                              int& relays) {
    const int store = rules.stores_on_ring ? 1 : 0, lap = 2 * n + store;
    int best = 0;
    for (int i = 0; i < n; ++i) {
        const int seeds = row[i];
        if (seeds == 0) continue;
        const bool back = rule::first_stone_back(rules, seeds);
        const int last = i + (back ? seeds - 1 : seeds);
        if (last >= lap) continue;
        if (last < n) {  // an own pit after i: it gets one seed of this lap
            const int before = row[last];
            if (before == 0) {
                const int across = other[n - 1 - last];
                if (rules.capture != CaptureRule::Never && rule::captures(rules.capture, across))
                    best = std::max(best, across + (rules.capture_takes_last ? 1 : 0));
            } else if (rule::sows_on(rules.sowing)) {
                ++relays;
            }
            if (rule::count_captures(rules, true, before + 1)) best = std::max(best, before + 1);
            continue;
        }
        if (last < n + store) {
            store_landings += rules.extra_turn;
            continue;
        }
        const int pit = last - n - store;  // in the other row, every pit up to it sown once
        if (other[pit] > 0 && rule::sows_on(rules.sowing) && rule::relays_in(rules.relay_side, false)) ++relays;
        int taken = 0;
        for (int k = pit; k >= 0 && rule::count_captures(rules, false, other[k] + 1); --k) {
            taken += other[k] + 1;
            if (!rules.capture_chain) break;
        }
        best = std::max(best, taken);
    }
    return best;
}

inline RingFeatures ring_features(const int* mine, const int* theirs, int n, const Rules& rules) {
    RingFeatures f;
    for (int i = 0; i < n; ++i) {
        const int distance = n - i;  // sowings until a seed leaves the row
        f.my_seeds += mine[i];
        f.their_seeds += theirs[i];
        f.my_empty += mine[i] == 0;
        f.their_empty += theirs[i] == 0;
        f.my_sown_over += std::clamp(mine[i] - distance, 0, n);
        f.their_sown_over += std::clamp(theirs[i] - distance, 0, n);
    }
    f.my_capture = first_lap_outcomes(mine, theirs, n, rules, f.my_store_landings, f.my_relays);
    f.their_capture = first_lap_outcomes(theirs, mine, n, rules, f.their_store_landings, f.their_relays);
    return f;
}

inline int ring_fitted_rows_value(const int* mine, const int* theirs, int n, const Rules& rules) {
    const RingFittedWeights& w = kRingWeights[static_cast<int>(ring_shape(rules))];
    const RingFeatures f = ring_features(mine, theirs, n, rules);
    return w.to_move + w.my_seeds * f.my_seeds + w.their_seeds * f.their_seeds + w.my_empty * f.my_empty +
           w.their_empty * f.their_empty + w.my_sown_over * f.my_sown_over + w.their_sown_over * f.their_sown_over +
           w.my_store_landings * f.my_store_landings + w.their_store_landings * f.their_store_landings +
           w.my_relays * f.my_relays + w.their_relays * f.their_relays + w.my_capture * f.my_capture +
           w.their_capture * f.their_capture;
}

}  // namespace mancala::search
