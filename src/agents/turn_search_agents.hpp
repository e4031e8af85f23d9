#pragma once
// Agents over the textbook turn-depth search (src/search/textbook_search.hpp):
// depth counts turns, and an extra-turn move is always followed up.

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"

#include <memory>

namespace mancala::agents {

/// greedy[:heuristic=NAME]: the best move one turn ahead.
std::unique_ptr<Agent> make_greedy_agent(AgentOptions& options, const AgentContext& context);
/// minimax[:depth=N,heuristic=NAME,threads=T]: plain minimax; threads > 1 searches root moves in parallel.
std::unique_ptr<Agent> make_minimax_agent(AgentOptions& options, const AgentContext& context);
/// alphabeta[:depth=N,heuristic=NAME]: alpha-beta, same moves as minimax, fewer nodes.
std::unique_ptr<Agent> make_alphabeta_agent(AgentOptions& options, const AgentContext& context);

}  // namespace mancala::agents
