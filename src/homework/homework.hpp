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

struct Options {
    std::filesystem::path output_dir = ".";
    std::chrono::milliseconds competition_time{1000};  ///< budget for task 4
};

struct Report {
    std::vector<int> moves;  ///< the pits played this turn, in order
    Position after;          ///< the board once the turn is over
    int value = 0;           ///< the search value of the root
    int depth = 0;           ///< cutoff depth searched (deepest completed, for task 4)
    std::uint64_t nodes = 0;
};

/// Runs the task, writing the output files atomically (a temporary file per
/// output, renamed into place only when complete). Throws std::runtime_error on
/// I/O failure; nothing half-written is left behind.
Report run(const Input& input, const Options& options);

/// next_state.txt: row A (A2 ... A(N+1)), row B, A1, B(N+2), one per line.
std::string format_next_state(const Position& position);

}  // namespace mancala::homework
