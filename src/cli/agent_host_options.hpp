#pragma once
// What the terminal hands its agents (agents/agent_context.hpp): endgame databases,
// opened by one cache that the command owns for its run.

#include "agents/agent_context.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace mancala::cli {

/// A context whose agents find endgame databases under `db_dir` (none if empty), through
/// a cache of open databases made for it (solve/database_cache.hpp).
agents::AgentContext agent_context(const std::filesystem::path& db_dir);

/// Builds other programs as agents (cmd:PATH ARGS), their standard error logged under
/// `engine_logs` (--engine-logs; empty: protocol::default_engine_log_dir()).
std::function<std::unique_ptr<agents::Agent>(std::string_view)> external_agents(const std::string& engine_logs);

struct AgentHostOptions {
    std::string db;           ///< empty: no databases
    std::string engine_logs;  ///< empty: protocol::default_engine_log_dir()

    /// Adds --db (default: $MANCALA_DB) and --engine-logs to `cmd`.
    void add_to(CLI::App& cmd);
    /// The context of this run's agents, which may be other programs (cmd:...); throws
    /// UsageError if --db is not a folder.
    agents::AgentContext context() const;
};

}  // namespace mancala::cli
