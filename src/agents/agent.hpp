#pragma once
// One small interface over every player the program knows: choose a move for this
// position within these limits, and optionally score every move.

#include "agents/move_budget.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mancala::agents {

/// The value of one move, from the point of view of the side to move, in stones
/// (sampling agents say otherwise: mcts gives a win rate in [0, 1]).
struct MoveScore {
    int move = -1;
    double score = 0;
    bool exact = false;        ///< a proven final margin, not an estimate
    std::vector<int> pv;       ///< principal variation starting with `move`, if the agent has one
    std::uint64_t visits = 0;  ///< sampling agents: how many playouts went through `move`
};

struct Decision {
    int move = -1;                ///< a legal pit index of the side to move
    std::optional<double> score;  ///< the agent's evaluation for the mover, in stones, if it has one
    bool exact = false;           ///< `score` is a proven final margin
    std::string summary;          ///< one line on how it was found, e.g. "depth 12, 1.2M nodes"
};

/// Thrown by an agent that cannot go on (an external program that crashed, hung or sent
/// garbage): its message is the whole reason, which the arena gives as it is when the agent forfeits.
struct AgentFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Agent {
public:
    virtual ~Agent() = default;

    /// The spec string that builds this agent again, e.g. "mcts:iterations=2000,seed=1".
    virtual std::string spec() const = 0;

    /// Chooses a legal move for the side to move. Precondition: there is one.
    virtual Decision choose(const Rules& rules, const Position& position, const MoveBudget& budget) = 0;

    /// Scores every legal move; agents without an analysis of their own return an empty list.
    virtual std::vector<MoveScore> analyze(const Rules&, const Position&, const MoveBudget&) { return {}; }

    /// A new game starts: forget what was learned in the last one.
    virtual void new_game() {}

    /// Whether a host may keep this agent from one game to the next, calling new_game()
    /// between them, instead of building it again (KeptAgents): true for one whose building
    /// is costly (a program started) and whose play owes nothing to the game's seed.
    virtual bool kept_across_games() const { return false; }

    /// Gets ready to play under `rules` before any clock runs: what takes a while once
    /// (the engine builds its endgame database, a program is told the rules) is done
    /// here. Hosts call it before a game; an agent not prepared does it in its first move.
    virtual void prepare(const Rules&) {}
};

}  // namespace mancala::agents
