#pragma once
// Builds any agent from its spec string, so that every front end (terminal,
// arena, server) offers every agent.

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"

#include <memory>
#include <span>
#include <string_view>

namespace mancala::agents {

struct AgentKind {
    std::string_view name;
    std::string_view summary;
    std::string_view options;  ///< each option with its default
    std::string_view example;
    std::unique_ptr<Agent> (*make)(AgentOptions& options, const AgentContext& context);
};

/// The prefix of an agent that is another program: `cmd:PATH [ARGS...]` (quoted as the
/// shell would), built by the host's AgentContext::external_agents.
inline constexpr std::string_view kExternalPrefix = "cmd:";

/// Every kind of agent, in documentation order.
std::span<const AgentKind> agent_kinds();

/// Builds the agent `spec` names, with what its host offers (`context`: databases, a
/// seed); throws std::invalid_argument with a clear message for an unknown name, an
/// unknown option or a bad value.
std::unique_ptr<Agent> make_agent(std::string_view spec, const AgentContext& context);

/// The spec in its canonical form (options in key order; a `cmd:` spec as given), for
/// labels and logs; throws std::invalid_argument for a malformed one.
std::string canonical_spec(std::string_view spec);

}  // namespace mancala::agents
