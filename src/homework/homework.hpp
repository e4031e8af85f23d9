#pragma once
// The homework mode: read input.txt, choose the turn, write next_state.txt and,
// for MiniMax and Alpha-Beta, traverse_log.txt.

#include "homework/homework_input.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace mancala::homework {

/// The default limit on traverse_log.txt: far above any log a person reads or a
/// grader compares (the official cases' largest is 20 KB; depth 7 on the 6x4 board
/// is 213 MB), and a refusal comes within a second or two instead of a full disk.
inline constexpr std::uint64_t kDefaultMaxLogBytes = 256ull << 20;

struct Options {
    std::filesystem::path output_dir = ".";
    std::chrono::milliseconds competition_time{1000};   ///< budget for task 4
    std::uint64_t max_log_bytes = kDefaultMaxLogBytes;  ///< larger logs throw LogTooLarge, nothing written
};

struct Report {
    std::vector<int> moves;  ///< the pits played this turn, in order
    Position after;          ///< the board once the turn is over
    int value = 0;           ///< the search value of the root
    int depth = 0;           ///< cutoff depth searched (deepest completed, for task 4)
    std::uint64_t nodes = 0;
};

/// Runs the task, writing the output files atomically (a temporary file per
/// output, renamed into place only when both are complete). Throws LogTooLarge
/// (traverse_log.hpp) past options.max_log_bytes and std::runtime_error on I/O
/// failure; either way no output is replaced and nothing half-written is left behind.
Report run(const Input& input, const Options& options);

/// next_state.txt: row A (A2 ... A(N+1)), row B, A1, B(N+2), one per line.
std::string format_next_state(const Position& position);

}  // namespace mancala::homework
