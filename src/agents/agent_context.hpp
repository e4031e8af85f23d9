#pragma once
// What an agent gets from its host (terminal, arena, server) rather than from its
// spec string or from globals: where endgame databases are, and a seed. The host
// builds it once and passes it to make_agent (agents/registry.hpp).

#include "agents/agent.hpp"
#include "search/endgame_source.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>

namespace mancala::agents {

struct AgentContext {
    /// Opens (or builds in memory) endgame databases for the agents that take exact values
    /// (engine, perfect); the host owns it (one per process). nullptr: no databases, and a spec naming db= is
    /// refused.
    std::shared_ptr<search::EndgameSource> endgame_source;
    /// The host's folder of endgame databases (serve --db, $MANCALA_DB), for agents
    /// whose spec names none. Empty: none.
    std::filesystem::path endgame_dir;
    /// The seed of agents that take one and whose spec names none (arena games get one
    /// each, so that a seeded tournament replays). nullopt: each agent seeds itself from the system.
    std::optional<std::uint64_t> seed;
    /// Builds an agent that is another program, from the text after `cmd:` in its spec
    /// (the engine protocol: protocol/external_agent.hpp). Only a host that allows programs
    /// installs it; empty: a `cmd:` spec is refused.
    std::function<std::unique_ptr<Agent>(std::string_view command)> external_agents;
    /// Threads an agent may build its own endgame database on, before a game (engine and
    /// perfect, db-size=), besides its own `threads`; 0: the machine's, up to 4. The server
    /// sets 1, so that its think pool's threads bound what it spends.
    int own_database_threads = 0;
    /// Build that database in the background and play without it until it is ready,
    /// rather than before the first move: for a host whose replies have a time bound that
    /// the build must not break (the server's --max-think).
    bool own_database_in_background = false;
};

}  // namespace mancala::agents
