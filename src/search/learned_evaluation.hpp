#pragma once
// The learned evaluation: a network (learned_network.hpp) of the pits, run at the leaves
// of the search in integer arithmetic. It replaces `fitted` where a network was trained
// for the game and board size (heuristic `learned`), and is `fitted` elsewhere.
//
// Two twins give the same integers: learned_reference_value, plain loops over the
// arithmetic as bench/train_eval.py writes it, and learned_value, the AVX2 kernel of the
// shapes the build ships (16-bit sums of 16 units a register; the second layer's bytes
// multiplied and added in pairs). Tests compare them on random boards; a shape without a
// kernel, or a build without AVX2, runs the reference.

#include "core/side.hpp"
#include "search/learned_network.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace mancala::search {

/// a / b rounded down (b > 0): the output's scale back to points, as the trainer's floor_divide.
constexpr std::int64_t floor_divide(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/// What the side to move gains of the stones in the pits, in points (10 a stone):
/// `counts` holds its row then the other's, 2 x net.pits counts, each in sowing order.
inline int learned_reference_value(const LearnedNetwork& net, const std::uint8_t* counts) {
    constexpr int one = LearnedNetwork::kActivationOne;
    std::int32_t first[LearnedNetwork::kMaxHidden];
    for (int h = 0; h < net.hidden; ++h) first[h] = net.b1[h];
    for (int i = 0; i < 2 * net.pits; ++i) {
        const int input = i * net.buckets + std::min<int>(counts[i], net.buckets - 1);
        for (int h = 0; h < net.hidden; ++h) first[h] += net.w1[input * net.hidden + h];
    }
    for (int h = 0; h < net.hidden; ++h) first[h] = std::clamp(first[h], 0, one);
    std::int64_t out = net.b3;
    for (int j = 0; j < net.hidden2; ++j) {
        std::int32_t sum = net.b2[j];
        for (int h = 0; h < net.hidden; ++h) sum += first[h] * net.w2[j * net.hidden + h];
        out += std::int64_t{std::clamp(sum >> 6, 0, one)} * net.w3[j];
    }
    static_assert(LearnedNetwork::kWeightOne == 64, "the shift back is by 6 bits");
    return static_cast<int>(floor_divide(out * 10, std::int64_t{one} * LearnedNetwork::kWeightOne));
}

#if defined(__AVX2__)
namespace learned_kernel {

/// The sums of four vectors of eight 32-bit lanes, in the four lanes of one.
inline __m128i sum_of_four(__m256i a, __m256i b, __m256i c, __m256i d) {
    const __m256i ab = _mm256_hadd_epi32(a, b), cd = _mm256_hadd_epi32(c, d);
    const __m256i abcd = _mm256_hadd_epi32(ab, cd);
    return _mm_add_epi32(_mm256_castsi256_si128(abcd), _mm256_extracti128_si256(abcd, 1));
}

template <int Hidden, int Hidden2>
int value(const LearnedNetwork& net, const std::uint8_t* counts) {
    constexpr int kChunks = Hidden / 16, kBytes = Hidden / 32;
    const int inputs = 2 * net.pits, cap = net.buckets - 1;
    __m256i sum[kChunks];
    for (int c = 0; c < kChunks; ++c) sum[c] = _mm256_load_si256(reinterpret_cast<const __m256i*>(&net.b1[16 * c]));
    for (int i = 0; i < inputs; ++i) {
        const std::int16_t* row = &net.w1[(i * net.buckets + std::min<int>(counts[i], cap)) * Hidden];
        for (int c = 0; c < kChunks; ++c)
            sum[c] = _mm256_add_epi16(sum[c], _mm256_load_si256(reinterpret_cast<const __m256i*>(row + 16 * c)));
    }
    // Clipped to 0..127 and packed to bytes (packus mixes the halves; the permute restores the order).
    const __m256i one = _mm256_set1_epi8(LearnedNetwork::kActivationOne);
    __m256i first[kBytes];
    for (int k = 0; k < kBytes; ++k)
        first[k] = _mm256_min_epu8(
            _mm256_permute4x64_epi64(_mm256_packus_epi16(sum[2 * k], sum[2 * k + 1]), 0b11011000), one);
    const __m256i pairs = _mm256_set1_epi16(1);
    auto unit = [&](int j) {
        const std::int8_t* row = &net.w2[j * Hidden];
        __m256i s = _mm256_setzero_si256();
        for (int k = 0; k < kBytes; ++k) {
            const __m256i w = _mm256_load_si256(reinterpret_cast<const __m256i*>(row + 32 * k));
            s = _mm256_add_epi32(s, _mm256_madd_epi16(_mm256_maddubs_epi16(first[k], w), pairs));
        }
        return s;
    };
    __m128i out = _mm_setzero_si128();
    const __m128i zero = _mm_setzero_si128(), top = _mm_set1_epi32(LearnedNetwork::kActivationOne);
    for (int j = 0; j < Hidden2; j += 4) {
        __m128i s = sum_of_four(unit(j), unit(j + 1), unit(j + 2), unit(j + 3));
        s = _mm_add_epi32(s, _mm_load_si128(reinterpret_cast<const __m128i*>(&net.b2[j])));
        s = _mm_min_epi32(_mm_max_epi32(_mm_srai_epi32(s, 6), zero), top);
        out = _mm_add_epi32(out, _mm_mullo_epi32(s, _mm_load_si128(reinterpret_cast<const __m128i*>(&net.w3[j]))));
    }
    out = _mm_add_epi32(out, _mm_shuffle_epi32(out, 0b01001110));
    out = _mm_add_epi32(out, _mm_shuffle_epi32(out, 0b10110001));
    const std::int64_t total = std::int64_t{_mm_cvtsi128_si32(out)} + net.b3;
    return static_cast<int>(
        floor_divide(total * 10, std::int64_t{LearnedNetwork::kActivationOne} * LearnedNetwork::kWeightOne));
}

}  // namespace learned_kernel
#endif

/// learned_reference_value, by the vector kernel where there is one for the network's shape.
inline int learned_value(const LearnedNetwork& net, const std::uint8_t* counts) {
#if defined(__AVX2__)
    if (net.hidden == 32 && net.hidden2 == 32) return learned_kernel::value<32, 32>(net, counts);
    if (net.hidden == 64 && net.hidden2 == 32) return learned_kernel::value<64, 32>(net, counts);
    if (net.hidden == 64 && net.hidden2 == 16) return learned_kernel::value<64, 16>(net, counts);
#endif
    return learned_reference_value(net, counts);
}

/// The counts of `board` as the network reads them: the side to move's row, then the other's.
using LearnedCounts = std::array<std::uint8_t, 2 * kMaxPits>;

template <class Board>
LearnedCounts learned_counts(const Board& board) {
    LearnedCounts counts{};
    const int n = std::min(board.pits(), kMaxPits);
    const Side me = board.to_move(), them = opponent(me);
    if constexpr (std::endian::native == std::endian::little && requires { std::uint64_t{board.word(me)}; }) {
        // A board of one 64-bit word a side, its pits in the low bytes: the two rows are
        // two stores of 8 bytes, the second over the first's store and spare bytes.
        const std::uint64_t mine = board.word(me), theirs = board.word(them);
        std::memcpy(counts.data(), &mine, 8);
        std::memcpy(counts.data() + n, &theirs, 8);
        return counts;
    }
    for (int i = 0; i < n; ++i) {
        counts[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(std::min<int>(board.pit(me, i), 255));
        counts[static_cast<std::size_t>(n + i)] = static_cast<std::uint8_t>(std::min<int>(board.pit(them, i), 255));
    }
    return counts;
}

/// The learned value of `board` for its side to move, in points, stores left out.
template <class Board>
int learned_board_value(const LearnedNetwork& net, const Board& board) {
    return learned_value(net, learned_counts(board).data());
}

}  // namespace mancala::search
