#pragma once

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"

#include <memory>

namespace mancala::agents {

/// perfect[:time=30s,hash=MiB,threads=T,db=DIR]: plays a move of optimal value, proven by
/// searching to the end of the game (src/search/engine.hpp with no depth limit),
/// with the exact values of the endgame database under DIR (default: the host's
/// folder, context.endgame_dir) at the leaves when it holds one for the rules; the
/// context's endgame source opens it.
/// Where the proof does not finish within `time` (or the caller's deadline) it
/// plays the engine's best move so far and says the move is not proven.
/// The games whose positions repeat (Oware, Awari, Bohnenspiel, Vai Lung Thlan: agents/database_moves.hpp)
/// have no proof: where their database holds the seeds in the pits it plays a move of
/// the best value from it, every move valued at once, proven unless a majority rule
/// leaves the margin open (database_move_proven); above it, the engine's move, not proven.
/// Any other game is refused (std::invalid_argument).
std::unique_ptr<Agent> make_perfect_agent(AgentOptions& options, const AgentContext& context);

/// Throws std::invalid_argument, naming the game and what perfect plays, unless
/// perfect_plays(rules) (agents/database_moves.hpp): perfect play rests on proofs and
/// endgame databases, those of the Kalah-shaped games and of the games whose positions
/// repeat that the cyclic board plays.
void require_perfect_play(const Rules& rules);

}  // namespace mancala::agents
