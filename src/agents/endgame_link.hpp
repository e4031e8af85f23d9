#pragma once
// The endgame database an engine-backed agent (engine, perfect) reads at its leaves:
// opened from the host's EndgameSource for the rules being played, from the folder
// given, or else, when the agent asks for one, built in memory and shared by the
// host's agents (the engine's own small database). No database for those rules
// leaves the engine as it was.

#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"
#include "core/rules.hpp"
#include "search/endgame_source.hpp"
#include "search/engine.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <string_view>

namespace mancala::agents {

/// MiB of the database an agent builds for itself without a folder: tiers 0..17 of 6
/// pits (52 M positions, a second or so to build), 0..22 of 5, 0..31 of 4 (figures:
/// docs/PERFORMANCE.md, "The constants in the code").
inline constexpr int kDefaultOwnDatabaseMiB = 64;

/// The positions (a byte each) a database of `mib` MiB holds at most.
constexpr std::uint64_t own_database_positions(int mib) { return std::uint64_t{static_cast<unsigned>(mib)} << 20; }

/// Threads to build a database of one's own on: the host's AgentContext::own_database_threads
/// (0: the machine's, up to 4), and at least `threads`.
int own_database_threads(const AgentContext& context, int threads);

/// The database a host's own tool (a review) reads for `rules`: the host folder's, else
/// one of at most `mib` MiB built now (0: none); nullptr if there is neither.
std::shared_ptr<const search::EndgameOracle> host_database(const AgentContext& context, const Rules& rules,
                                                           int mib);

class EndgameLink {
public:
    /// The link an agent's spec asks for: db=DIR (typed by a user) before the host's
    /// folder, else db-size=MiB of its own (kDefaultOwnDatabaseMiB; 0: none), built on
    /// the host's AgentContext::own_database_threads and at least `threads`. Throws std::invalid_argument,
    /// naming `agent`, for a folder the host cannot open.
    static EndgameLink from_options(AgentOptions& options, const AgentContext& context, std::string_view agent,
                                    int threads);

    EndgameLink() = default;
    /// `memory_positions` > 0: without a folder, a database of at most that many
    /// positions is built in memory on `threads` threads (EndgameSource::built).
    /// `background`: that database is built in the background, and the engine plays
    /// without it until it is ready (AgentContext::own_database_in_background).
    EndgameLink(std::shared_ptr<search::EndgameSource> source, std::filesystem::path dir,
                std::uint64_t memory_positions = 0, int threads = 1, bool background = false)
        : source_(std::move(source)),
          dir_(std::move(dir)),
          memory_positions_(memory_positions),
          threads_(threads),
          background_(background) {}

    /// Gives `engine` the database of `rules`, unless it has it already. Building one
    /// in memory takes a while the first time: hosts call this before the clock runs
    /// (Agent::prepare).
    void attach(search::Engine& engine, const Rules& rules) {
        if (!source_ || (attached_for_ && *attached_for_ == rules)) return;
        if (!dir_.empty())
            endgame_ = source_->find(rules, dir_);
        else if (memory_positions_ > 0 && background_)
            endgame_ = source_->built_if_ready(rules, memory_positions_, threads_);
        else if (memory_positions_ > 0)
            try {
                endgame_ = source_->built(rules, memory_positions_, threads_);
            } catch (const std::bad_alloc&) {
                endgame_.reset();  // the engine's own database only speeds it up: it plays on without
            }
        else
            return;
        // A folder without this database is asked again next time (one built meanwhile is
        // found), and so is one building in the background.
        if (endgame_ || (dir_.empty() && !background_)) attached_for_ = rules;
        search::EngineSettings settings = engine.settings();
        settings.endgame = endgame_.get();
        engine.configure(settings);
    }

    /// The database the last attach() gave the engine, if any (nullptr: none, or none yet).
    const search::EndgameOracle* database() const { return endgame_.get(); }

private:
    std::shared_ptr<search::EndgameSource> source_;
    std::filesystem::path dir_;
    std::uint64_t memory_positions_ = 0;
    int threads_ = 1;
    bool background_ = false;
    std::shared_ptr<const search::EndgameOracle> endgame_;
    std::optional<Rules> attached_for_;  // the rules endgame_ is for
};

}  // namespace mancala::agents
