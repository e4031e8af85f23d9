#pragma once
// A game in the terminal: draws the board, asks the humans for their moves, lets
// the agents play theirs, and tells what happened. All game logic lives in
// play::GameSession; this is the conversation around it.

#include "agents/agent.hpp"
#include "play/game_session.hpp"

#include <istream>
#include <memory>
#include <ostream>
#include <string>

namespace mancala::cli {

/// Who sits on a side: a person at the terminal, or an agent.
struct Player {
    std::unique_ptr<agents::Agent> agent;  ///< null for a human

    bool is_human() const { return agent == nullptr; }
    std::string label() const { return is_human() ? "human" : agent->spec(); }
};

struct TerminalGame {
    play::GameSession session;
    Player south;
    Player north;
    std::unique_ptr<agents::Agent> hint_agent;  ///< scores the moves when a human asks for a hint
    bool color = false;                         ///< ANSI colours in the board
    bool echo_input = false;  ///< repeat each line read, so a scripted game's transcript reads like a live one
};

/// Plays `game` out, reading the humans' lines from `in` and writing to `out`. Returns
/// when the game is over, a human quits, or the input ends.
void run_terminal_game(TerminalGame& game, std::istream& in, std::ostream& out);

}  // namespace mancala::cli
