#pragma once
// One tier of an endgame database on disk: a 64-byte header naming the format,
// the rules (and a fingerprint of any rule dimensions beyond Kalah's), the board
// size, the tier and a checksum of the values, then one signed byte per position
// (TierIndex order). Files are written atomically (temporary file, then rename)
// and read through a read-only memory map; a file that is truncated, corrupted or
// made for other rules is refused with a message naming the file and the problem.

#include "core/rules.hpp"

#include <cstdint>
#include <filesystem>
#include <span>

namespace mancala::solve {

inline constexpr std::uint32_t kTierFormatVersion = 1;

/// What a tier file must be, checked against its header when it is opened.
struct TierFileIdentity {
    Rules rules;  ///< only the rule dimensions count; seeds do not
    int tier = 0;
    std::uint64_t positions = 0;
    /// The rule dimensions the five header bytes of Kalah's do not name, hashed (a
    /// database of repeating games, solve/cyclic_database.hpp); 0 for Kalah-shaped rules.
    std::uint64_t rules_fingerprint = 0;
};

/// Writes `values` as tier file `path`, atomically. Throws std::runtime_error on failure.
void write_tier_file(const std::filesystem::path& path, const TierFileIdentity& identity,
                     std::span<const std::int8_t> values);

/// A tier file mapped read-only into memory.
class TierFile {
public:
    /// Maps `path` and checks its header against `expected` (and, with `verify`,
    /// the checksum of every value). Throws std::runtime_error naming the file and
    /// what is wrong with it.
    TierFile(const std::filesystem::path& path, const TierFileIdentity& expected, bool verify = true);
    ~TierFile();
    TierFile(const TierFile&) = delete;
    TierFile& operator=(const TierFile&) = delete;

    std::span<const std::int8_t> values() const { return values_; }
    std::uint64_t bytes_on_disk() const { return mapped_size_; }

private:
    void* mapped_ = nullptr;
    std::size_t mapped_size_ = 0;
    std::span<const std::int8_t> values_;
};

/// The checksum stored in the header: a 64-bit multiply-rotate hash of the values.
std::uint64_t tier_checksum(std::span<const std::int8_t> values);

}  // namespace mancala::solve
