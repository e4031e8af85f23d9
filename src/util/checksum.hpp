#pragma once
// The project's checksum of bytes on disk: a 64-bit multiply-rotate hash, eight bytes
// a step. Database tiers (solve/tier_file.hpp) and opening books (book/book_file.hpp)
// carry it in their headers, and the learned evaluation's networks at their end
// (search/learned_network.hpp), so that a corrupted file is refused on load. It finds
// accidents, not forgeries.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mancala {

inline std::uint64_t checksum64(const void* data, std::size_t size) {
    constexpr std::uint64_t k1 = 0x9E3779B97F4A7C15ull, k2 = 0xC2B2AE3D27D4EB4Full;
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::uint64_t h = size * k1;
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes + i, 8);
        h = std::rotl(h ^ (word * k2), 29) * k1;
    }
    for (; i < size; ++i) h = std::rotl(h ^ bytes[i], 7) * k2;
    return h ^ (h >> 32);
}

}  // namespace mancala
