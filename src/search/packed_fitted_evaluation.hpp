#pragma once
// The fitted evaluation (fitted_evaluation.hpp) of a packed board, every pit at
// once: the two rows are one 16-byte vector (the mover's pits in bytes 0..7, the
// opponent's in 8..15, as the board's two words hold them), each feature a byte
// compare or a saturating subtract, and each weighted sum one multiply-add of
// bytes by signed byte weights. The biggest capture looks up where each pit's
// sowing lands, and what lies opposite, with byte shuffles. It runs at every leaf
// of the search, where the scalar version was a large share of the engine's time
// (docs/PERFORMANCE.md, "The constants in the code").
// Same values as fitted_value, the reference (tests compare them on random
// boards of every size); built without SSSE3, it is fitted_value. The wide board
// (8 to 15 pits) has a vector a row and the same steps.

#include "search/fitted_evaluation.hpp"
#include "search/packed_board.hpp"

#include <array>
#include <cstdint>

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace mancala::search {

namespace packed_fitted {

using Bytes16 = std::array<std::int8_t, 16>;

/// Signed byte weights of the features, a lane a pit (a lane past the pits weighs nothing).
struct FeatureWeights {
    alignas(16) Bytes16 pit{};  ///< a stone's weight by its pit's distance to the store
    alignas(16) Bytes16 sown_over{};
    alignas(16) Bytes16 extra_turn{};
    alignas(16) Bytes16 empty{};
};

/// Lane `lane` of `w` weighs a pit `distance` sowings from its store, of the mover's row or the opponent's.
constexpr void set_weights(FeatureWeights& w, int lane, int distance, bool mine) {
    using W = FittedWeights;
    const auto d = static_cast<std::size_t>((distance < 6 ? distance : 6) - 1);
    w.pit[lane] = static_cast<std::int8_t>(mine ? W::kMine[d] : W::kTheirs[d]);
    w.sown_over[lane] = static_cast<std::int8_t>(mine ? W::kMySownOver : W::kTheirSownOver);
    w.extra_turn[lane] = static_cast<std::int8_t>(mine ? W::kMyExtraTurn : W::kTheirExtraTurn);
    w.empty[lane] = static_cast<std::int8_t>(mine ? W::kMyEmpty : W::kTheirEmpty);
}

/// The per-lane constants for boards of `n` pits a side (lanes 0..7: the mover's
/// row, 8..15: the opponent's).
struct Lanes {
    FeatureWeights weights;
    alignas(16) Bytes16 distance{};  ///< a pit's sowings to its store
    alignas(16) Bytes16 index{};     ///< the lane's pit (0..7 in each half)
    alignas(16) Bytes16 half{};      ///< 8 in the opponent's half, for the shuffles
    alignas(16) Bytes16 past_row{};  ///< 1 in lanes n and 8 + n: no capture past the row
    /// Shuffle: lane j of a half gets the other half's pit n-1-j (what lies opposite).
    alignas(16) Bytes16 opposite{};
};

constexpr Lanes make_lanes(int n) {
    Lanes l;
    for (int half = 0; half < 2; ++half) {
        for (int i = 0; i < 8; ++i) {
            const int lane = 8 * half + i;
            l.index[lane] = static_cast<std::int8_t>(i);
            l.half[lane] = static_cast<std::int8_t>(8 * half);
            l.opposite[lane] = static_cast<std::int8_t>(i < n ? 8 * (1 - half) + (n - 1 - i) : -128);
            if (i >= n) continue;
            l.distance[lane] = static_cast<std::int8_t>(n - i);
            set_weights(l.weights, lane, n - i, half == 0);
        }
        if (n < 8) l.past_row[8 * half + n] = 1;
    }
    return l;
}

constexpr std::array<Lanes, 8> make_all_lanes() {
    std::array<Lanes, 8> all{};
    for (int n = 1; n < 8; ++n) all[static_cast<std::size_t>(n)] = make_lanes(n);
    return all;
}

inline constexpr std::array<Lanes, 8> kLanes = make_all_lanes();

/// The wide board's constants for `n` pits a side: a row a vector (lane i: pit i),
/// the weights of the mover's row and of the opponent's apart.
struct WideLanes {
    FeatureWeights mine, theirs;
    alignas(16) Bytes16 distance{};
    alignas(16) Bytes16 index{};
    alignas(16) Bytes16 past_row{};  ///< 1 in lane n: no capture past the row
    /// Shuffle: lane j gets the other row's pit n-1-j (what lies opposite), 0 past the row.
    alignas(16) Bytes16 opposite{};
};

constexpr WideLanes make_wide_lanes(int n) {
    WideLanes l;
    for (int i = 0; i < 16; ++i) {
        l.index[i] = static_cast<std::int8_t>(i);
        l.opposite[i] = static_cast<std::int8_t>(i < n ? n - 1 - i : -128);
        if (i >= n) continue;
        l.distance[i] = static_cast<std::int8_t>(n - i);
        set_weights(l.mine, i, n - i, true);
        set_weights(l.theirs, i, n - i, false);
    }
    if (n < 16) l.past_row[n] = 1;
    return l;
}

constexpr std::array<WideLanes, 16> make_all_wide_lanes() {
    std::array<WideLanes, 16> all{};
    for (int n = 1; n < 16; ++n) all[static_cast<std::size_t>(n)] = make_wide_lanes(n);
    return all;
}

inline constexpr std::array<WideLanes, 16> kWideLanes = make_all_wide_lanes();

#if defined(__SSSE3__)
inline __m128i load(const Bytes16& a) { return _mm_load_si128(reinterpret_cast<const __m128i*>(a.data())); }

/// Stones by distance, stones sown over (one lap at most), extra turns, empty pits:
/// the bytes of `v` times signed byte weights, summed in pairs into 16-bit lanes.
inline __m128i feature_sum(__m128i v, __m128i distance, __m128i n, const FeatureWeights& w, bool extra_turns) {
    const __m128i one = _mm_set1_epi8(1);
    const __m128i over = _mm_min_epu8(_mm_subs_epu8(v, distance), n);
    const __m128i empty = _mm_and_si128(_mm_cmpeq_epi8(v, _mm_setzero_si128()), one);
    __m128i sum = _mm_add_epi16(_mm_maddubs_epi16(v, load(w.pit)), _mm_maddubs_epi16(over, load(w.sown_over)));
    sum = _mm_add_epi16(sum, _mm_maddubs_epi16(empty, load(w.empty)));
    if (extra_turns) {
        const __m128i extra = _mm_and_si128(_mm_cmpeq_epi8(v, distance), one);
        sum = _mm_add_epi16(sum, _mm_maddubs_epi16(extra, load(w.extra_turn)));
    }
    return sum;
}

/// The sum of eight 16-bit lanes.
inline int lane_sum(__m128i sum) {
    sum = _mm_madd_epi16(sum, _mm_set1_epi16(1));  // four 32-bit lanes
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(sum);
}

/// Pit i's sowing ends in pit j = `landing` (its row's pit, or past it, where
/// `landed_from` is not 0); it captures when pit i holds stones, pit j none, and the
/// pit opposite j stones (or under `always`, any): each lane's capture, the
/// opposite pit's stones and the landing one. `across`: lane j, what lies opposite j.
inline __m128i captures(__m128i row, __m128i landing, __m128i landed_from, __m128i across, CaptureRule rule) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i landed_on = _mm_shuffle_epi8(landed_from, landing);
    const __m128i opposite = _mm_shuffle_epi8(across, landing);
    __m128i taken = _mm_andnot_si128(_mm_cmpeq_epi8(row, zero), _mm_cmpeq_epi8(landed_on, zero));
    if (rule != CaptureRule::Always) taken = _mm_andnot_si128(_mm_cmpeq_epi8(opposite, zero), taken);
    return _mm_and_si128(taken, _mm_add_epi8(opposite, _mm_set1_epi8(1)));
}
#endif

}  // namespace packed_fitted

/// fitted_value(board, rules.rules), computed on the board's words.
inline int packed_fitted_value(const PackedBoard& board, const PackedRules& rules) {
#if defined(__SSSE3__)
    using W = FittedWeights;
    using namespace packed_fitted;
    const Lanes& l = kLanes[static_cast<std::size_t>(board.pits())];
    const Side me = board.to_move();
    const __m128i v = _mm_set_epi64x(static_cast<long long>(board.word(opponent(me)) & rules.row),
                                     static_cast<long long>(board.word(me) & rules.row));
    const __m128i n = _mm_set1_epi8(static_cast<char>(board.pits()));
    int value = W::kToMove + lane_sum(feature_sum(v, load(l.distance), n, l.weights, rules.rules.extra_turn));

    if (rules.rules.capture != CaptureRule::Never) {
        const __m128i landing = _mm_add_epi8(_mm_min_epu8(_mm_adds_epu8(load(l.index), v), n), load(l.half));
        __m128i best = captures(v, landing, _mm_or_si128(v, load(l.past_row)),
                                _mm_shuffle_epi8(v, load(l.opposite)), rules.rules.capture);
        // The largest byte of each half, in bytes 0 and 8.
        best = _mm_max_epu8(best, _mm_srli_epi64(best, 32));
        best = _mm_max_epu8(best, _mm_srli_epi64(best, 16));
        best = _mm_max_epu8(best, _mm_srli_epi64(best, 8));
        const int mine = _mm_extract_epi16(best, 0) & 0xFF, theirs = _mm_extract_epi16(best, 4) & 0xFF;
        value += W::kMyCapture * mine + W::kTheirCapture * theirs;
    }
    return value;
#else
    return fitted_value(board, rules.rules);
#endif
}

/// fitted_value(board, rules.rules) on the wide board: the same steps, a vector a row.
inline int packed_fitted_value(const WidePackedBoard& board, const WidePackedRules& rules) {
#if defined(__SSSE3__)
    using W = FittedWeights;
    using namespace packed_fitted;
    const WideLanes& l = kWideLanes[static_cast<std::size_t>(board.pits())];
    auto row_of = [&](Side side) {
        const Word128 w = board.word(side) & rules.row;
        return _mm_set_epi64x(static_cast<long long>(static_cast<std::uint64_t>(w >> 64)),
                              static_cast<long long>(static_cast<std::uint64_t>(w)));
    };
    const Side me = board.to_move();
    const __m128i mine = row_of(me), theirs = row_of(opponent(me));
    const __m128i n = _mm_set1_epi8(static_cast<char>(board.pits()));
    const __m128i distance = load(l.distance);
    const bool extra_turns = rules.rules.extra_turn;
    int value = W::kToMove + lane_sum(_mm_add_epi16(feature_sum(mine, distance, n, l.mine, extra_turns),
                                                    feature_sum(theirs, distance, n, l.theirs, extra_turns)));

    if (rules.rules.capture != CaptureRule::Never) {
        // The biggest capture of `row`'s sowings against `other`, its landing stone counted.
        auto best_capture = [&](__m128i row, __m128i other) {
            const __m128i landing = _mm_min_epu8(_mm_adds_epu8(load(l.index), row), n);
            __m128i best = captures(row, landing, _mm_or_si128(row, load(l.past_row)),
                                    _mm_shuffle_epi8(other, load(l.opposite)), rules.rules.capture);
            best = _mm_max_epu8(best, _mm_srli_si128(best, 8));
            best = _mm_max_epu8(best, _mm_srli_si128(best, 4));
            best = _mm_max_epu8(best, _mm_srli_si128(best, 2));
            best = _mm_max_epu8(best, _mm_srli_si128(best, 1));
            return _mm_cvtsi128_si32(best) & 0xFF;
        };
        value += W::kMyCapture * best_capture(mine, theirs) + W::kTheirCapture * best_capture(theirs, mine);
    }
    return value;
#else
    return fitted_value(board, rules.rules);
#endif
}

}  // namespace mancala::search
