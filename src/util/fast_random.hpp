#pragma once
// A small, fast pseudo-random generator for playouts and genetic operators, where
// std::mt19937_64 with a distribution would cost more than the move it picks.

#include <cstdint>
#include <random>

namespace mancala {

/// SplitMix64 (Steele, Lea, Flood 2014): 64 bits of state, passes BigCrush, a few
/// cycles a number. Any seed, zero included, gives a good sequence.
class FastRandom {
public:
    explicit FastRandom(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
        z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
        return z ^ (z >> 31);
    }

    /// Uniform in [0, bound) for bound >= 1, by multiply-and-shift (Lemire) rather than
    /// a division; the bias, below bound / 2^32, is far under what a playout can notice.
    std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32); }

    /// Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t state_;
};

/// `seed` itself, or one drawn from std::random_device when it is 0: the agents'
/// "seed=0 means from the system" convention.
inline std::uint64_t seed_or_entropy(std::uint64_t seed) {
    if (seed != 0) return seed;
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

}  // namespace mancala
