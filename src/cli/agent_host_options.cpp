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
    cmd.add_option("--db", db,
                   "endgame databases (mancala db build) for agents that take exact values (perfect); an agent "
                   "spec's db=DIR overrides it")
        ->envname("MANCALA_DB");
    cmd.add_option("--engine-logs", engine_logs,
                   fmt::format("folder of the standard error logs of external engines (cmd:PATH ARGS), one file an "
                               "engine (default: {})",
                               default_engine_log_dir().string()));
}

std::filesystem::path default_engine_log_dir() {
    std::error_code ec;
    const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
    return (ec ? std::filesystem::path("/tmp") : tmp) / "mancala-engine-logs";
}

agents::AgentContext AgentHostOptions::context() const {
    if (!db.empty() && !std::filesystem::is_directory(db))
        throw UsageError(fmt::format("--db {}: not a folder", db));
    agents::AgentContext context = agent_context(db);
    protocol::ExternalAgentSettings external;
    external.log_dir = engine_logs.empty() ? default_engine_log_dir() : std::filesystem::path(engine_logs);
    context.external_agents = protocol::external_agent_maker(external);
    return context;
}

}  // namespace mancala::cli
