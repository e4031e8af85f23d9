#pragma once
// The host's end of the protocol (docs/PROTOCOL.md): another program as an agent, from a
// `cmd:PATH [ARGS...]` spec. The program starts when the agent is built and lives as long as
// the agent, which hosts keep from game to game (agents::KeptAgents: `newgame`, then
// `isready`, between games). Whatever it does (crash, hang, garbage, an unknown pit) ends in
// an agents::AgentFailure naming what happened, after which the program is killed; the host
// decides what that means (the arena: a forfeit), and the next game starts it again.

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string_view>

namespace mancala::protocol {

struct ExternalAgentSettings {
    /// Each program's standard error is appended to a log file of its own here (named after
    /// the command); empty: discarded.
    std::filesystem::path log_dir;
    /// The time for a move when the host sets no limit (the terminal game).
    std::chrono::milliseconds default_move_time{10'000};
    /// How long the program may take to start and answer `mep`.
    std::chrono::milliseconds answer_time{5'000};
    /// How long it may take to get ready for new rules (`rules`, then `isready`): an engine
    /// may build an endgame database then (`mancala engine`: about a second, far more on a
    /// slow machine or under a sanitizer).
    std::chrono::milliseconds ready_time{60'000};
};

/// A maker for AgentContext::external_agents. Building an agent checks the command (its
/// quoting, that the program exists and is executable) and creates the log folder; throws
/// std::invalid_argument naming what is wrong; then the program starts and must answer `mep`.
std::function<std::unique_ptr<agents::Agent>(std::string_view command)> external_agent_maker(
    ExternalAgentSettings settings);

/// Where external engines' standard error goes when the host names no folder:
/// mancala-engine-logs in the system's temporary folder.
std::filesystem::path default_engine_log_dir();

/// The log file of `command`'s standard error in `log_dir`.
std::filesystem::path engine_log_path(const std::filesystem::path& log_dir, std::string_view command);

}  // namespace mancala::protocol
