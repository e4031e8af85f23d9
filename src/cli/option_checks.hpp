#pragma once
// Checks of numeric command-line values, shared by every subcommand, so that a
// negative count, a number out of range or a word where a number belongs is
// refused while parsing, in one line naming the option.
//
// CLI11 alone would not do: it reads unsigned options with strtoull, which takes
// "-5" as 2^64 - 5 (analyze --nodes -5 searched without end), and "010" as octal.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <limits>
#include <string>

namespace mancala::cli {

inline constexpr std::uint64_t kNoMaximum = std::numeric_limits<std::uint64_t>::max();

/// Decimal digits only, from `min` to `max`: "must be a whole number from 1 to 256, got '-5'".
CLI::Validator whole_number(std::uint64_t min, std::uint64_t max = kNoMaximum);

/// A decimal number from `min` to `max`: "must be a number from 0.001 to 3600, got 'abc'".
CLI::Validator number_between(double min, double max);

/// A size in bytes, with an optional binary unit (K, M, G, T; KiB, MiB, ... and
/// KB, MB, ... mean the same): "256M", "1G", "4096". Replaces the value by its bytes.
CLI::Validator byte_size(std::uint64_t min, std::uint64_t max);

/// "256 MiB", "1 GiB", "1000 bytes": the largest unit that divides the size exactly.
std::string format_bytes(std::uint64_t bytes);

}  // namespace mancala::cli
