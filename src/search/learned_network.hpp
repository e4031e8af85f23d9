#pragma once
// The weights of a learned evaluation (learned_evaluation.hpp): a small network of a
// mancala board, NNUE-shaped. Each pit of each row, by its count capped at buckets - 1, is
// one input of 2 x pits x buckets, of which 2 x pits are on; the first layer sums their
// weight rows (16-bit integers, 127 to 1.0), a clipped ReLU, a second layer (8-bit
// weights, 64 to 1.0), a clipped ReLU, and one output: what the side to move gains of the
// stones in the pits. bench/train_eval.py trains it and writes the file; the build embeds
// the files of src/search/networks/, one a game and board size.
//
// The file, little-endian: "MNCLNET1", the version (u32), the game's preset name (u8
// length, bytes), pits (u8), buckets (u8), the two layers' units (u16 each), the weights
// (w1 i16[inputs][hidden], b1 i16[hidden], w2 i8[hidden2][hidden], b2 i32[hidden2],
// w3 i32[hidden2], b3 i32), check positions (u16 count; each 2 x pits counts as u8 and the
// value it must be given, i32 points), and the checksum of every byte before it (u64,
// util/checksum.hpp).

#include "core/rules.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::search {

struct LearnedNetwork {
    static constexpr int kActivationOne = 127;  ///< a clipped ReLU's 1.0
    static constexpr int kWeightOne = 64;       ///< a second-layer weight's 1.0, and the shift back
    static constexpr int kMaxHidden = 256, kMaxHidden2 = 64;

    std::string game;  ///< the preset name of the game it was trained for (core/rules.hpp)
    int pits = 0;
    int buckets = 0;
    int hidden = 0;   ///< a multiple of 32
    int hidden2 = 0;  ///< a multiple of 8
    // 32-byte aligned rows for the vector kernels.
    struct Aligned {
        void operator()(void* p) const;
    };
    std::unique_ptr<std::int16_t[], Aligned> w1;  ///< [inputs][hidden]
    std::unique_ptr<std::int16_t[], Aligned> b1;  ///< [hidden]
    std::unique_ptr<std::int8_t[], Aligned> w2;   ///< [hidden2][hidden]
    std::unique_ptr<std::int32_t[], Aligned> b2;  ///< [hidden2]
    std::unique_ptr<std::int32_t[], Aligned> w3;  ///< [hidden2]
    std::int32_t b3 = 0;

    int inputs() const { return 2 * pits * buckets; }
    /// Whether it evaluates the games of `rules`: its game, on its board size.
    bool plays(const Rules& rules) const;
};

/// The network of `bytes`, checked: its shape and sizes, that no sum of the first layer
/// can leave 16 bits nor the output 32, its hash, and its check positions, each of which
/// must get its recorded value. Throws std::invalid_argument naming `source` and the problem.
std::shared_ptr<const LearnedNetwork> parse_learned_network(std::span<const std::uint8_t> bytes,
                                                            std::string_view source);

/// parse_learned_network of the file at `path` (at most kMaxNetworkBytes).
std::shared_ptr<const LearnedNetwork> read_learned_network(const std::string& path);

inline constexpr std::size_t kMaxNetworkBytes = 4 << 20;

/// The networks the build embeds (src/search/networks/), each checked once, at the first call.
std::span<const std::shared_ptr<const LearnedNetwork>> embedded_networks();

/// The embedded network for `rules`' game and board, or null: the engine then uses `fitted`.
const LearnedNetwork* embedded_network_for(const Rules& rules);

}  // namespace mancala::search
