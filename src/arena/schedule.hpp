#pragma once
// Who plays whom, on which opening and with which colours. Every pairing plays
// its games in colour pairs: opening k once with each agent as South, so that
// neither the opening nor the first move favours one of them.

#include <cstdint>
#include <string_view>
#include <vector>

namespace mancala::arena {

enum class Format : std::uint8_t {
    RoundRobin,  ///< every agent against every other
    Gauntlet,    ///< the first agent against each of the others
};

std::string_view to_string(Format format);

/// Two agents (indices into the lineup) that meet; `first` takes South first.
struct Pairing {
    int first = 0;
    int second = 0;
    friend bool operator==(const Pairing&, const Pairing&) = default;
};

std::vector<Pairing> make_pairings(Format format, int agents);

struct ScheduledGame {
    int game = 0;  ///< index in the schedule, which also seeds the game's agents
    int pairing = 0;
    int opening = 0;
    int south = 0;
    int north = 0;
};

/// Openings a pairing of `games_per_pairing` games uses: one per colour pair.
int openings_needed(int games_per_pairing);

/// Every game of the tournament, ordered opening by opening (all pairings play
/// opening 0 with both colours, then opening 1, ...), so that a tournament cut
/// short still holds balanced results. With an odd `games_per_pairing` the last
/// opening is played once, with the pairing's first agent as South.
std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, int games_per_pairing);

}  // namespace mancala::arena
