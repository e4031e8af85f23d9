#pragma once

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"
#include "search/engine.hpp"

#include <memory>

namespace mancala::agents {

/// engine[:time=1s,depth=N,nodes=N,threads=T,hash=MiB,heuristic=NAME,book=FILE]: the strong
/// engine (src/search/engine.hpp). Its table persists between the moves of a game. With
/// book=FILE (book/book_file.hpp, read and checked once, here) it plays the book's move
/// at once wherever the book has the position, and searches elsewhere. It
/// thinks for all of `time` a move, or on a game clock (MoveBudget::clock) as its time
/// policy plans (src/search/time_manager.hpp), `time` then set aside.
std::unique_ptr<Agent> make_engine_agent(AgentOptions& options, const AgentContext& context);

/// The per-move analysis of an engine report as the agents' MoveScores (stones).
std::vector<MoveScore> move_scores(const search::SearchReport& report);

}  // namespace mancala::agents
