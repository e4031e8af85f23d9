#pragma once
// The transposition key of a position: its pit contents, its tuzdyks and the side
// to move, never the stores. What a player can still gain from a position does not depend
// on what the stores already hold, so the engine's tables share every position
// that differs only in its stores.

#include "core/position.hpp"

#include <cstdint>
#include <cstring>

namespace mancala::search {

/// 64-bit key of (pits, tuzdyks, side to move). Cost: a handful of multiplies, no table.
inline std::uint64_t position_key(const Position& p) {
    constexpr int kWords = (2 * kMaxPits + 2 + 3) / 4;
    std::uint64_t words[kWords + 1] = {};
    const int cells = p.cell_count();
    // Copy the cells, then put the tuzdyks (pit + 1, 0 for none) in the stores' places:
    // the stores are not part of the key.
    Count copy[4 * (kWords + 1)] = {};
    for (int c = 0; c < cells; ++c) copy[c] = p.cell(c);
    copy[p.store_cell(Side::South)] = static_cast<Count>(p.tuzdyk(Side::South) + 1);
    copy[p.store_cell(Side::North)] = static_cast<Count>(p.tuzdyk(Side::North) + 1);
    std::memcpy(words, copy, sizeof words);
    std::uint64_t h = 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(p.to_move() == Side::South ? 1 : 2);
    const int used = (cells + 3) / 4;
    for (int i = 0; i < used; ++i) {
        h ^= words[i] + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
    }
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    h ^= h >> 29;
    return h;
}

}  // namespace mancala::search
