#include "arena/standings.hpp"

namespace mancala::arena {

void Tally::add(int own_points, int margin, bool forfeited) {
    ++games;
    wins += own_points == 2;
    draws += own_points == 1;
    losses += own_points == 0;
    forfeits += forfeited;
    margin_sum += margin;
}

Standings tally_games(int agents, const std::vector<GameRecord>& games) {
    const auto n = static_cast<std::size_t>(agents);
    Standings s{std::vector<Tally>(n), std::vector<std::vector<Tally>>(n, std::vector<Tally>(n))};
    for (const GameRecord& r : games) {
        const GameOutcome& o = r.outcome;
        const int south_points = o.winner == Winner::South ? 2 : o.winner == Winner::Draw ? 1 : 0;
        const auto south = static_cast<std::size_t>(r.south);
        const auto north = static_cast<std::size_t>(r.north);
        const bool south_forfeited = o.forfeited_by == Side::South;
        const bool north_forfeited = o.forfeited_by == Side::North;
        s.agents[south].add(south_points, o.south_margin, south_forfeited);
        s.agents[north].add(2 - south_points, -o.south_margin, north_forfeited);
        s.versus[south][north].add(south_points, o.south_margin, south_forfeited);
        s.versus[north][south].add(2 - south_points, -o.south_margin, north_forfeited);
        s.agents[south].add_thinking(o.think.south_seconds, o.think.south_moves);
        s.agents[north].add_thinking(o.think.north_seconds, o.think.north_moves);
        s.versus[south][north].add_thinking(o.think.south_seconds, o.think.south_moves);
        s.versus[north][south].add_thinking(o.think.north_seconds, o.think.north_moves);
    }
    return s;
}

}  // namespace mancala::arena
