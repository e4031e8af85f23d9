#pragma once
// An independent, slow reading of the homework specification: the naive board,
// a plain recursive search that prints its log into a string, and next_state
// chosen by exact minimax values (no pruning). The fast homework mode is held
// against it on random inputs.

#include <string>

namespace mancala::testing {

struct ReferenceOutput {
    std::string next_state;
    std::string traverse_log;  ///< empty for tasks 1 and 4
};

/// `input` is a valid input.txt for tasks 1 to 3.
ReferenceOutput reference_homework(const std::string& input);

}  // namespace mancala::testing
