#pragma once
// Runs a tournament: games in parallel on a pool of worker threads, each game
// with freshly built agents, every finished game appended to the journal. The
// games and their results depend only on the configuration (and, for agents
// without a seed option, on the agents' own randomness), never on the number of
// threads.

#include "agents/kept_agents.hpp"
#include "arena/agent_lineup.hpp"
#include "arena/game_record.hpp"
#include "arena/schedule.hpp"
#include "arena/tournament_config.hpp"
#include "core/position.hpp"

#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mancala::arena {

/// A tournament's plan: who plays whom, from where. Built from a configuration
/// alone, so it is the same for every run of that configuration.
struct TournamentPlan {
    TournamentConfig config;
    std::vector<std::string> labels;  ///< one per agent, unique
    std::vector<Pairing> pairings;
    std::vector<Position> openings;
    std::vector<ScheduledGame> schedule;
};

struct RunOptions {
    int jobs = 1;  ///< games played at once
    std::optional<std::filesystem::path> journal;
    bool fresh_journal = false;  ///< replace an existing journal instead of resuming it
    AgentMaker maker = registry_maker();
    /// What the host gives every agent (databases); each game adds a seed of its own.
    agents::AgentContext context;
    /// When set (from a signal handler, a test), no new game starts; games in progress finish.
    const std::atomic<bool>* stop = nullptr;
    /// Called once before the first game with the games already finished (resumed) and the total.
    std::function<void(int finished, int total)> on_start;
    /// Called after every finished game, one call at a time, with the games finished so far.
    std::function<void(const GameRecord& record, int finished, int total)> on_game;
};

struct TournamentResult {
    TournamentPlan plan;
    std::vector<GameRecord> games;  ///< every finished game, ordered by game index
    int resumed = 0;                ///< games read from the journal rather than played
    bool complete() const { return games.size() == plan.schedule.size(); }
};

/// Validates the configuration and builds the plan; throws std::invalid_argument
/// for a bad configuration or an agent spec the maker refuses in `context`.
TournamentPlan make_plan(const TournamentConfig& config, const agents::AgentContext& context,
                         const AgentMaker& maker = registry_maker());

/// Plays every game of the tournament not already in the journal. Throws
/// std::invalid_argument for bad input (see make_plan, Journal) and
/// std::runtime_error if the journal cannot be written.
TournamentResult run_tournament(const TournamentConfig& config, const RunOptions& options);

/// Plays one scheduled game of `plan`: builds both agents (or takes them from `kept`, the
/// worker's programs kept from its last game), referees the game.
GameRecord play_scheduled_game(const TournamentPlan& plan, const AgentLineup& lineup, const ScheduledGame& game,
                               agents::KeptAgents* kept = nullptr);

}  // namespace mancala::arena
