#include "arena/tournament_config.hpp"

#include "agents/registry.hpp"
#include "core/notation.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mancala::arena {

void validate(const TournamentConfig& config) {
    validate(config.rules);
    if (config.agents.size() < 2)
        throw std::invalid_argument(
            fmt::format("a tournament needs at least two agents, got {}", config.agents.size()));
    if (config.games_per_pairing < 1)
        throw std::invalid_argument(
            fmt::format("games per pairing must be at least 1, got {}", config.games_per_pairing));
    if (config.opening_plies < 0)
        throw std::invalid_argument(
            fmt::format("opening plies must not be negative, got {}", config.opening_plies));
    if (!config.book.empty()) {
        if (config.opening_plies > 0 || config.balanced_within >= 0)
            throw std::invalid_argument("a book of openings takes the place of random ones: no opening plies");
        const int needed = openings_needed(config.games_per_pairing);
        if (static_cast<int>(config.book.size()) < needed)
            throw std::invalid_argument(fmt::format(
                "the book holds {} openings; {} games per pairing, each opening played with both colours, need {}",
                config.book.size(), config.games_per_pairing, needed));
    }
    if (config.move_time_limit.count() <= 0) throw std::invalid_argument("the move time limit must be positive");
}

nlohmann::json to_json(const TournamentConfig& config) {
    nlohmann::json agents = nlohmann::json::array();
    for (const std::string& spec : config.agents) agents.push_back(agents::canonical_spec(spec));
    nlohmann::json json = {
        {"rules", describe(config.rules)},
        {"agents", agents},
        {"format", to_string(config.format)},
        {"games_per_pairing", config.games_per_pairing},
        {"opening_plies", config.opening_plies},
        {"balanced_within", config.balanced_within},
        {"seed", config.seed},
        {"move_time_limit_ms", config.move_time_limit.count()},
    };
    // Only when set, so that the journals of tournaments without a clock still resume.
    if (config.time_control) json["time_control"] = to_string(*config.time_control);
    if (!config.book.empty()) {
        // The openings played, not the book's name: a journal resumes only the same games.
        nlohmann::json book = nlohmann::json::array();
        const auto played =
            std::min(config.book.size(), static_cast<std::size_t>(openings_needed(config.games_per_pairing)));
        for (std::size_t k = 0; k < played; ++k) book.push_back(to_notation(config.book[k]));
        json["book"] = book;
    }
    return json;
}

std::string describe(const TournamentConfig& config) {
    std::string openings = config.opening_plies == 0
                               ? std::string("from the start position")
                               : fmt::format("openings of {} random plies", config.opening_plies);
    if (config.opening_plies > 0 && config.balanced_within >= 0)
        openings += fmt::format(" balanced within {} stones", config.balanced_within);
    if (!config.book.empty())
        openings = fmt::format("the first {} openings of a book", openings_needed(config.games_per_pairing));
    const std::string clock =
        config.time_control ? fmt::format(", clock {} s", to_string(*config.time_control)) : std::string();
    return fmt::format("{}({},{}), {} of {} agents, {} games per pairing, {}{}, seed {}",
                       rules_string(config.rules), config.rules.pits, config.rules.seeds, to_string(config.format),
                       config.agents.size(), config.games_per_pairing, openings, clock, config.seed);
}

}  // namespace mancala::arena
