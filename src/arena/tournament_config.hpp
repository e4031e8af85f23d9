#pragma once
// Everything that decides a tournament's games: the rules, the agents, the
// format, the openings, the seed and the time limit. Two runs of one
// configuration play the same games, which is what lets a journal resume one.

#include "arena/schedule.hpp"
#include "arena/time_control.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mancala::arena {

struct TournamentConfig {
    Rules rules;
    std::vector<std::string> agents;  ///< agent spec strings, as make_agent takes them
    Format format = Format::RoundRobin;
    int games_per_pairing = 2;
    int opening_plies = 0;  ///< random plies from the start; 0 plays every game from the start
    /// With random openings: keep only those the engine (12 plies) scores within
    /// this many stones of even, so no colour starts from a decided game. -1: any.
    int balanced_within = -1;
    /// Openings from a book (read_opening_book) instead of random ones: opening k of the
    /// schedule is the book's k-th. Empty: random openings (opening_plies).
    std::vector<Position> book;
    std::uint64_t seed = 1;
    std::chrono::milliseconds move_time_limit{10'000};
    /// Each player's clock for the game; a player whose clock runs out loses on time. With
    /// a clock the per-move limit does not apply. None: every move within move_time_limit.
    std::optional<TimeControl> time_control{};
};

/// Throws std::invalid_argument naming the first problem: fewer than two agents,
/// fewer than one game per pairing, negative opening plies, a book with random plies
/// or with fewer openings than the games need, a non-positive limit.
void validate(const TournamentConfig& config);

/// The configuration as JSON, agent specs in canonical form (options sorted), so
/// that "minimax:threads=2,depth=3" and "minimax:depth=3,threads=2" are one agent.
nlohmann::json to_json(const TournamentConfig& config);

/// One line for humans, e.g. "kalah(6,4), round-robin of 3 agents, 200 games per pairing, from the start".
std::string describe(const TournamentConfig& config);

}  // namespace mancala::arena
