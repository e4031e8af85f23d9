#include "cli/agent_host_options.hpp"

#include "cli/commands.hpp"
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
}

agents::AgentContext AgentHostOptions::context() const {
    if (!db.empty() && !std::filesystem::is_directory(db))
        throw UsageError(fmt::format("--db {}: not a folder", db));
    return agent_context(db);
}

}  // namespace mancala::cli
