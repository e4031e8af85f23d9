#include "agent_context.hpp"

#include "agents/agent_options.hpp"
#include "protocol/external_agent.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::python {

std::shared_ptr<solve::DatabaseCache> database_cache() {
    // Made on first use and kept for the life of the process (never destroyed: agents
    // still alive at interpreter exit may hold databases from it).
    static auto* cache = new std::shared_ptr<solve::DatabaseCache>(std::make_shared<solve::DatabaseCache>());
    return *cache;
}

agents::AgentContext agent_context(const std::filesystem::path& db_dir, std::optional<std::uint64_t> seed) {
    if (!db_dir.empty() && !std::filesystem::is_directory(db_dir))
        throw std::invalid_argument(fmt::format("db {}: not a folder", db_dir.string()));
    if (seed && *seed > agents::AgentOptions::kMaxSeed)
        throw std::invalid_argument(
            fmt::format("seed must be a whole number from 0 to {}, got {}", agents::AgentOptions::kMaxSeed, *seed));
    agents::AgentContext context;
    context.endgame_source = database_cache();
    context.endgame_dir = db_dir;
    context.seed = seed;
    // Other programs (cmd:PATH ARGS, the engine protocol), as in the command line's hosts;
    // their standard error goes to the same default folder.
    protocol::ExternalAgentSettings external;
    external.log_dir = protocol::default_engine_log_dir();
    context.external_agents = protocol::external_agent_maker(external);
    return context;
}

}  // namespace mancala::python
