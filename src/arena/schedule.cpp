#include "arena/schedule.hpp"

namespace mancala::arena {

std::string_view to_string(Format format) { return format == Format::RoundRobin ? "round-robin" : "gauntlet"; }

std::vector<Pairing> make_pairings(Format format, int agents) {
    std::vector<Pairing> pairings;
    for (int a = 0; a < agents; ++a)
        for (int b = a + 1; b < agents; ++b)
            if (format == Format::RoundRobin || a == 0) pairings.push_back({a, b});
    return pairings;
}

int openings_needed(int games_per_pairing) { return (games_per_pairing + 1) / 2; }

std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, int games_per_pairing) {
    std::vector<ScheduledGame> games;
    for (int opening = 0; opening < openings_needed(games_per_pairing); ++opening) {
        const bool both_colours = 2 * opening + 1 < games_per_pairing;
        for (int p = 0; p < static_cast<int>(pairings.size()); ++p) {
            const Pairing& pairing = pairings[static_cast<std::size_t>(p)];
            const int next = static_cast<int>(games.size());
            games.push_back({next, p, opening, pairing.first, pairing.second});
            if (both_colours) games.push_back({next + 1, p, opening, pairing.second, pairing.first});
        }
    }
    return games;
}

}  // namespace mancala::arena
