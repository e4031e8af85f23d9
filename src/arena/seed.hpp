#pragma once
// Seeds derived from the tournament seed, so that every random choice of a game
// depends only on the tournament seed and the game's place in the schedule, never
// on which thread plays it or when.

#include <cstdint>

namespace mancala::arena {

/// SplitMix64's finaliser: a cheap, well-mixed bijection on 64-bit words.
constexpr std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// What a derived seed is for; each purpose is an independent stream.
enum class SeedStream : std::uint64_t { Opening = 1, SouthAgent = 2, NorthAgent = 3 };

/// The seed of item `index` (an opening, a game) in `stream`.
constexpr std::uint64_t derive_seed(std::uint64_t tournament_seed, SeedStream stream, std::uint64_t index) {
    return mix64(mix64(mix64(tournament_seed) ^ static_cast<std::uint64_t>(stream)) ^ index);
}

}  // namespace mancala::arena
