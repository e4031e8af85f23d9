#pragma once
// What the module's agents get from their host (agents/agent_context.hpp): the one place
// that builds an AgentContext, so that what a host offers its agents (databases today,
// external programs later) is added here once.

#include "agents/agent_context.hpp"
#include "solve/database_cache.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>

namespace mancala::python {

/// The process's cache of open endgame databases (one per process, as in the command
/// line and the server): agents, engines and Database objects share its memory maps.
std::shared_ptr<solve::DatabaseCache> database_cache();

/// The context of agents made from Python: databases under `db_dir` (none if empty;
/// std::invalid_argument if it is not a folder) and an optional seed (0 to
/// AgentOptions::kMaxSeed) for agents whose spec names none.
agents::AgentContext agent_context(const std::filesystem::path& db_dir, std::optional<std::uint64_t> seed);

}  // namespace mancala::python
