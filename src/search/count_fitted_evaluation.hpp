#pragma once
// The `fitted` evaluation of the count-capture family (Oware, Awari, Bohnenspiel, Vai
// Lung Thlan, Toguz Kumalak: single sowing round a ring without stores, captures of
// pits that the last stone brings to given counts). What the side to move can still
// gain of the seeds in the pits, as a linear function of a few features, fitted by
// least squares to played-out values: bench/cyclic_eval_data.py plays Oware games on
// from varied positions with the engine on both sides, bench/fit_cyclic_eval.py fits
// (data: docs/results/eval-fit/oware/). The features, for the side to move and for its
// opponent: the seeds in the row, the pits a sown seed would bring to a capturing
// count, the biggest capture one lap makes, the empty pits, and the seeds a row's
// sowings give to the other side. It costs a third of the search's speed and wins at
// equal time (docs/GAMES.md, "The engine in each game").

#include "core/rule_decisions.hpp"
#include "core/rules.hpp"
#include "core/side.hpp"
#include "search/score_units.hpp"

#include <algorithm>

namespace mancala::search {

/// True when the count-capture fit applies: stores off the ring, single sowing, count
/// captures (Kalah-shaped games have fitted_evaluation.hpp's).
constexpr bool count_capture_family(const Rules& rules) {
    return !rules.stores_on_ring && rules.sowing == SowingRule::Single && !rules.capture_counts.empty();
}

/// The weights in tenths of a seed (kPointsPerStone = 10 points to a seed), fitted on Oware.
struct CountFittedWeights {
    static constexpr int kMySeeds = 5, kTheirSeeds = -4;        ///< a seed in the row
    static constexpr int kMyExposed = 4, kTheirExposed = -1;    ///< a pit one seed makes capturable
    static constexpr int kMyCapture = 11, kTheirCapture = -2;   ///< a seed of the biggest capture
    static constexpr int kMyEmpty = -3, kTheirEmpty = 7;        ///< an empty pit
    static constexpr int kMySownOver = -6, kTheirSownOver = 5;  ///< a seed a row's sowing gives away
    static constexpr int kToMove = -26;                         ///< the constant term
};
static_assert(kPointsPerStone == 10, "the fitted weights are in tenths of a seed");

/// The raw features of rows `mine` and `theirs` (`n` pits each, in sowing order) for the
/// side to move, in the order of CountFittedWeights; bench/fit_cyclic_eval.py computes
/// the same from a position's text (its --features prints them).
struct CountFeatures {
    int my_seeds = 0, their_seeds = 0;
    int my_exposed = 0, their_exposed = 0;
    int my_capture = 0, their_capture = 0;
    int my_empty = 0, their_empty = 0;
    int my_sown_over = 0, their_sown_over = 0;
};

/// The biggest capture one sowing of at most one lap from `row` makes, seeds taken
/// counted: the sown cells (`row` then `other`, mover-relative 0 .. 2n-1) each get a
/// seed, and the pit of the last one is taken when its count captures, with the pits
/// before it in the same row while they qualify (when captures chain).
inline int best_count_capture(const int* row, const int* other, int n, const Rules& rules) {
    int best = 0;
    for (int i = 0; i < n; ++i) {
        int seeds = row[i];
        if (seeds == 0 || seeds >= 2 * n) continue;  // past a lap the counts are another story
        const bool back = rule::first_stone_back(rules, seeds);
        const int last = i + (back ? seeds - 1 : seeds);  // mover-relative cell of the last seed
        if (last >= 2 * n) continue;                      // back in the own row: left out
        const bool own_row = last < n;
        const int* cells = own_row ? row : other;
        const int first_sown = back ? i : i + 1;
        int taken = 0;
        for (int c = last; c >= first_sown && (c < n) == own_row; --c) {
            const int pit = own_row ? c : c - n;
            const int after = cells[pit] + (own_row && c == i ? 1 - seeds : 1);
            if (!rule::count_captures(rules, own_row, after)) break;
            taken += after;
            if (!rules.capture_chain) break;
        }
        best = std::max(best, taken);
    }
    return best;
}

inline CountFeatures count_features(const int* mine, const int* theirs, int n, const Rules& rules) {
    CountFeatures f;
    for (int i = 0; i < n; ++i) {
        const int distance = n - i;  // sowings until a seed leaves the row
        f.my_seeds += mine[i];
        f.their_seeds += theirs[i];
        // A seed sown by the other side into a pit of this row (not its own row to that side).
        f.my_exposed += rule::count_captures(rules, false, mine[i] + 1);
        f.their_exposed += rule::count_captures(rules, false, theirs[i] + 1);
        f.my_empty += mine[i] == 0;
        f.their_empty += theirs[i] == 0;
        f.my_sown_over += std::clamp(mine[i] - distance, 0, n);
        f.their_sown_over += std::clamp(theirs[i] - distance, 0, n);
    }
    f.my_capture = best_count_capture(mine, theirs, n, rules);
    f.their_capture = best_count_capture(theirs, mine, n, rules);
    return f;
}

inline int count_fitted_rows_value(const int* mine, const int* theirs, int n, const Rules& rules) {
    using W = CountFittedWeights;
    const CountFeatures f = count_features(mine, theirs, n, rules);
    return W::kToMove + W::kMySeeds * f.my_seeds + W::kTheirSeeds * f.their_seeds + W::kMyExposed * f.my_exposed +
           W::kTheirExposed * f.their_exposed + W::kMyCapture * f.my_capture + W::kTheirCapture * f.their_capture +
           W::kMyEmpty * f.my_empty + W::kTheirEmpty * f.their_empty + W::kMySownOver * f.my_sown_over +
           W::kTheirSownOver * f.their_sown_over;
}

}  // namespace mancala::search
