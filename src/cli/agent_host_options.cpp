#include "cli/agent_host_options.hpp"

#include "cli/commands.hpp"
#include "protocol/external_agent.hpp"
#include "solve/database_cache.hpp"

#include <fmt/format.h>

#include <memory>

namespace mancala::cli {

agents::AgentContext agent_context(const std::filesystem::path& db_dir) {
    agents::AgentContext context;
    context.endgame_source = std::make_shared<solve::DatabaseCache>();
    context.endgame_dir = db_dir;
    return context;
}

void AgentHostOptions::add_to(CLI::App& cmd) {
    cmd.add_option(
           "--db", db,
           "endgame databases (mancala db build) for agents that take exact values (engine, perfect); an "
           "agent spec's db=DIR overrides it. Without one the engine builds a database of its own in memory "
           "(engine:db-size=MiB)")
        ->envname("MANCALA_DB");
    cmd.add_option("--engine-logs", engine_logs,
                   fmt::format("folder of the standard error logs of external engines (cmd:PATH ARGS), one file an "
                               "engine (default: {})",
                               protocol::default_engine_log_dir().string()));
}

std::function<std::unique_ptr<agents::Agent>(std::string_view)> external_agents(const std::string& engine_logs) {
    protocol::ExternalAgentSettings settings;
    settings.log_dir =
        engine_logs.empty() ? protocol::default_engine_log_dir() : std::filesystem::path(engine_logs);
    return protocol::external_agent_maker(settings);
}

agents::AgentContext AgentHostOptions::context() const {
    if (!db.empty() && !std::filesystem::is_directory(db))
        throw UsageError(fmt::format("--db {}: not a folder", db));
    agents::AgentContext context = agent_context(db);
    context.external_agents = external_agents(engine_logs);
    return context;
}

}  // namespace mancala::cli
