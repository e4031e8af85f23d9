#pragma once
// The homework's input.txt: seven lines, the board seen from above.
//   1  task: 1 Greedy, 2 MiniMax, 3 Alpha-Beta, 4 Competition
//   2  your player: 1 (South, row B) or 2 (North, row A)
//   3  cutoff depth (turns)
//   4  player 2's pits A2 ... A(N+1), left to right
//   5  player 1's pits B2 ... B(N+1), left to right
//   6  player 2's mancala A1
//   7  player 1's mancala B(N+2)

#include "core/position.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace mancala::homework {

enum class Task { Greedy = 1, Minimax = 2, AlphaBeta = 3, Competition = 4 };

struct Input {
    Task task = Task::Greedy;
    Side player = Side::South;  ///< the side to move; player 1 is South, player 2 North
    int cutoff = 1;
    Rules rules;        ///< the homework preset at this board's size
    Position position;  ///< with `player` to move
};

/// A malformed input: the 1-based line it is on and what is wrong there.
class InputError : public std::runtime_error {
public:
    InputError(int line, const std::string& message)
        : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line), message_(message) {}
    int line() const { return line_; }
    /// The problem without the line number.
    const std::string& message() const { return message_; }

private:
    int line_;
    std::string message_;
};

/// Parses and checks the whole input; throws InputError on the first problem.
Input parse_input(std::string_view text);

/// The player's number in the homework (1 or 2).
constexpr int player_number(Side side) { return side == Side::South ? 1 : 2; }

}  // namespace mancala::homework
