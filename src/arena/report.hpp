#pragma once
// What a tournament's results say, and the files that say it: a text table for
// the terminal, results.csv, results.json, games.csv and ratings.svg.

#include "arena/elo.hpp"
#include "arena/standings.hpp"
#include "arena/tournament.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::arena {

/// Virtual drawn games added to every pairing before rating (see add_prior_draws):
/// enough to keep an agent that wins every game at a finite rating, too few to
/// matter once a pairing has played a few dozen games.
inline constexpr double kPriorDrawsPerPairing = 1.0;

struct TournamentReport {
    Standings standings;
    std::vector<Rating> ratings;  ///< by agent index
    std::vector<int> ranking;     ///< agent indices, best rating first
};

TournamentReport summarize(const TournamentResult& result);

/// The standings table and the pairwise cross table, for the terminal.
std::string format_text(const TournamentResult& result, const TournamentReport& report);

std::string results_csv(const TournamentResult& result, const TournamentReport& report);
nlohmann::json results_json(const TournamentResult& result, const TournamentReport& report);
/// Every finished game: opening, agents, winner, stores, margin, plies, forfeit.
std::string games_csv(const TournamentResult& result);
std::string ratings_svg(const TournamentResult& result, const TournamentReport& report);

/// Writes the four files above into `dir`, each atomically; returns their names.
std::vector<std::string> write_report_files(const std::filesystem::path& dir, const TournamentResult& result,
                                            const TournamentReport& report);

/// A CSV cell, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(std::string_view text);

/// Writes `text` to `path` atomically.
void write_file(const std::filesystem::path& path, std::string_view text);

/// How the ratings are computed, in one sentence, for reports.
std::string_view elo_method();

}  // namespace mancala::arena
