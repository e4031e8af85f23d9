#pragma once
// The `fitted` evaluation: what the side to move can still gain of the stones in the
// pits, as a linear function of a few features whose weights were fitted by least
// squares to exact values: bench/eval_data.py labels positions of Kalah(6,4) games
// with 20 to 36 stones in the pits by the proof search, bench/fit_eval.py fits
// (data: docs/results/eval-fit/). The features, each for the side to move and for
// its opponent: the stones of each pit by its distance to its store, the stones a
// pit's sowing puts on the other side, the moves that end in their own store (an
// extra turn), the biggest capture one sowing makes, and the empty pits. On the
// held-out fifth of 30,000 positions its mean squared error is 47.5 stones², against
// 78.7 for `weighted` (0.3 x the side difference) and 94.1 for nothing; it is slower
// to compute but stronger at equal time (docs/PERFORMANCE.md, "Heuristics").

#include "core/rules.hpp"
#include "core/side.hpp"
#include "search/count_fitted_evaluation.hpp"
#include "search/ring_fitted_evaluation.hpp"
#include "search/score_units.hpp"

#include <algorithm>
#include <array>

namespace mancala::search {

/// The weights in tenths of a stone (kPointsPerStone = 10 points to a stone).
struct FittedWeights {
    /// A stone of the mover's, of the opponent's, in the pit 1..6 sowings from its
    /// store; pits farther out weigh as the sixth.
    static constexpr std::array<int, 6> kMine{14, 12, 11, 10, 10, 9};
    static constexpr std::array<int, 6> kTheirs{-14, -12, -11, -10, -10, -7};
    static constexpr int kMySownOver = -16, kTheirSownOver = 16;  ///< a stone a pit's sowing puts on the other side
    static constexpr int kMyExtraTurn = 6, kTheirExtraTurn = 7;   ///< a move ending in its own store
    static constexpr int kMyCapture = 11, kTheirCapture = -5;     ///< a stone of the biggest capture
    static constexpr int kMyEmpty = -14, kTheirEmpty = 12;        ///< an empty pit
    static constexpr int kToMove = 6;                             ///< having the move
};
static_assert(kPointsPerStone == 10, "the fitted weights are in tenths of a stone");

/// The fitted value for the side to move of rows `mine` and `theirs` (`n` pits each,
/// in sowing order, and one more cell past the last, not 0), in points, stores left
/// out. Rules without extra turns or captures drop those features. Branch-free: it
/// runs at every leaf, where its branches would be mispredicted. N: the pits known when
/// compiled (unrolled), 0 for any.
template <int N = 0>
int fitted_rows_value(const int* mine, const int* theirs, int pits, const Rules& rules) {
    const int n = N > 0 ? N : pits;
    using W = FittedWeights;
    const bool captures = rules.capture != CaptureRule::Never, always = rules.capture == CaptureRule::Always;
    // The biggest capture one sowing of `row` makes (one lap at most), its landing stone
    // counted: the last stone in an empty pit j of its own, the pit opposite taken.
    auto best_capture = [&](const int* row, const int* other) {
        int best = 0;
        for (int i = 0; i < n; ++i) {
            const int j = std::min(i + row[i], n);  // n: past the row (its cell is not 0)
            const int opposite = other[std::max(n - 1 - j, 0)];
            const bool taken = row[i] != 0 && row[j] == 0 && (opposite > 0 || always);
            best = std::max(best, taken ? opposite + 1 : 0);
        }
        return captures ? best : 0;
    };
    int value = W::kToMove, extra = 0;
    for (int i = 0; i < n; ++i) {
        const int distance = n - i;
        const auto w = static_cast<std::size_t>(std::min(distance, 6) - 1);
        value += W::kMine[w] * mine[i] + W::kTheirs[w] * theirs[i];
        // A stone a sowing puts on the other side (one lap at most).
        value += W::kMySownOver * std::clamp(mine[i] - distance, 0, n) +
                 W::kTheirSownOver * std::clamp(theirs[i] - distance, 0, n);
        extra += W::kMyExtraTurn * (mine[i] == distance) + W::kTheirExtraTurn * (theirs[i] == distance);
        value += W::kMyEmpty * (mine[i] == 0) + W::kTheirEmpty * (theirs[i] == 0);
    }
    if (rules.extra_turn) value += extra;
    return value + W::kMyCapture * best_capture(mine, theirs) + W::kTheirCapture * best_capture(theirs, mine);
}

/// The fitted value of `board` for its side to move, in points, stores left out: Kalah's
/// fit for the Kalah-shaped games, the count-capture fit (count_fitted_evaluation.hpp)
/// for Oware's family, and the ring fit (ring_fitted_evaluation.hpp) for the others.
template <class Board>
int fitted_value(const Board& board, const Rules& rules) {
    const bool kalah = kalah_shaped(rules);
    const int n = board.pits();
    const Side me = board.to_move(), them = opponent(me);
    int mine[kMaxPits + 1], theirs[kMaxPits + 1];
    for (int i = 0; i < n; ++i) {
        mine[i] = board.pit(me, i);
        theirs[i] = board.pit(them, i);
    }
    if (!kalah) {
        return count_capture_family(rules) ? count_fitted_rows_value(mine, theirs, n, rules)
                                           : ring_fitted_rows_value(mine, theirs, n, rules);
    }
    mine[n] = theirs[n] = 1;
    return n == 6 ? fitted_rows_value<6>(mine, theirs, n, rules) : fitted_rows_value(mine, theirs, n, rules);
}

}  // namespace mancala::search
