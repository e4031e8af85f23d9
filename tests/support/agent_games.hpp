#pragma once
// Whole games between agents, for the agents' tests: who won, every move, and
// whether every move was legal.

#include "agents/agent.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace mancala::testing {

struct PlayedGame {
    std::vector<int> moves;
    int south_margin = 0;      ///< final South store minus North store
    bool finished = false;     ///< the game ended within the ply limit
    std::string illegal_move;  ///< empty, or the first illegal move and where it was played
};

/// Plays `south` against `north` from the start of `rules` (both start a new game).
/// With `time_per_move`, each choice gets that deadline; otherwise the agents' own limits.
PlayedGame play_game(const Rules& rules, agents::Agent& south, agents::Agent& north,
                     std::optional<std::chrono::milliseconds> time_per_move = std::nullopt, int max_plies = 5000);

/// How many of `games` the agent built from `spec` wins against `opponent_spec` on
/// `rules`, alternating colours. Game g gives the agents seeds `seed=g+1` and
/// `seed=g+1001` (both specs must leave the seed out).
int wins_of(const std::string& spec, const std::string& opponent_spec, const Rules& rules, int games);

}  // namespace mancala::testing
