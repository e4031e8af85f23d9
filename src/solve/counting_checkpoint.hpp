#pragma once
// A tier of a repeating game's database, part way through retrograde counting
// (solve/cyclic_counting_solver.hpp), saved so that a stopped build goes on from the
// last threshold it finished rather than from the tier's start: a tier of billions of
// boards takes an hour. The file holds a header (format, version, the rules'
// fingerprint, the board size, the tier, its boards, the next threshold, the tallies so
// far, and a checksum of each array) and then the tier's exits and states, as the
// solver keeps them. It is written atomically; a file that is cut short, damaged or
// made for another tier is refused by name.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>

namespace mancala::solve {

/// What a checkpoint must match to be taken up.
struct CountingIdentity {
    std::uint64_t rules_fingerprint = 0;
    int pits = 0;
    int tier = 0;
    std::uint64_t boards = 0;
};

/// The tallies of the solve so far (they go into the tier's stats).
struct CountingTallies {
    std::uint64_t moves = 0, unsettled = 0, joins = 0, takebacks = 0;
};

/// Writes the solver's arrays after the thresholds above `next_threshold` are done.
/// Throws std::runtime_error naming the file on failure.
void save_counting_checkpoint(const std::filesystem::path& path, const CountingIdentity& identity,
                              int next_threshold, const CountingTallies& tallies,
                              std::span<const std::int8_t> exits, std::span<const std::uint16_t> states);

struct CountingResume {
    int next_threshold = 0;
    CountingTallies tallies;
};

/// Reads the checkpoint at `path` into `exits` and `states`, if there is one: nullopt
/// when no file is there. Throws std::runtime_error naming the file and the problem when
/// it is not a checkpoint of `identity` or is damaged.
std::optional<CountingResume> load_counting_checkpoint(const std::filesystem::path& path,
                                                       const CountingIdentity& identity,
                                                       std::span<std::int8_t> exits,
                                                       std::span<std::uint16_t> states);

}  // namespace mancala::solve
