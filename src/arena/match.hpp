#pragma once
// One game between two agents from a given position, refereed: an agent that
// throws, plays an illegal move, overruns the move time limit or runs out of time
// on its clock forfeits the game. Nothing an agent does can crash the arena.

#include "agents/agent.hpp"
#include "arena/game_record.hpp"
#include "arena/time_control.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace mancala::arena {

struct MatchLimits {
    /// The hard cap on one move. The agent gets it as its MoveBudget deadline; a move
    /// that returns later than the limit plus a grace of 5% (for returning from a
    /// search that stopped at the deadline) forfeits the game.
    std::chrono::milliseconds move_time_limit{10'000};
    /// Game clocks instead of the per-move limit: each side starts with `base`, pays
    /// for every move the time the agent took, gains `increment` after it, and loses on
    /// time when its clock goes below zero. The agent gets the clock in its MoveBudget.
    std::optional<TimeControl> time_control{};
    /// A safety net against endless games: when reached, the rows are swept into
    /// their owners' stores as if the game had ended and the stores decide.
    int max_plies = 10'000;
};

/// Plays `south` against `north` from `opening` until the game ends.
GameOutcome play_match(const Rules& rules, const Position& opening, agents::Agent& south, agents::Agent& north,
                       const MatchLimits& limits);

/// The outcome of a game that `offender` forfeits at `position` after `plies` moves
/// (also used when an agent cannot even be built). The margin is the whole board.
GameOutcome forfeit(const Position& position, int plies, Side offender, std::string reason);

}  // namespace mancala::arena
