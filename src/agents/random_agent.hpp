#pragma once

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"

#include <memory>

namespace mancala::agents {

/// random[:seed=N]: a uniformly random legal move.
std::unique_ptr<Agent> make_random_agent(AgentOptions& options, const AgentContext& context);

}  // namespace mancala::agents
