#include "support/agent_games.hpp"

#include "agents/registry.hpp"

#include <fmt/format.h>

namespace mancala::testing {

PlayedGame play_game(const Rules& rules, agents::Agent& south, agents::Agent& north,
                     std::optional<std::chrono::milliseconds> time_per_move, int max_plies) {
    PlayedGame game;
    south.new_game();
    north.new_game();
    Position position = Position::start(rules);
    for (int ply = 0; ply < max_plies; ++ply) {
        if (position.is_terminal(rules)) break;
        agents::Agent& mover = position.to_move() == Side::South ? south : north;
        const auto budget =
            time_per_move ? agents::MoveBudget::within(*time_per_move) : agents::MoveBudget::unlimited();
        const int move = mover.choose(rules, position, budget).move;
        game.moves.push_back(move);
        if (!position.is_legal(rules, move)) {
            game.illegal_move = fmt::format("{} played {} in {}", mover.spec(), move, to_string(position));
            return game;
        }
        position.apply(rules, move);
    }
    game.finished = position.is_terminal(rules);
    game.south_margin = position.store_difference(Side::South);
    return game;
}

int wins_of(const std::string& spec, const std::string& opponent_spec, const Rules& rules, int games) {
    auto seeded = [](std::uint64_t seed) { return agents::AgentContext{nullptr, {}, seed, {}}; };
    int wins = 0;
    for (int g = 0; g < games; ++g) {
        const auto agent = agents::make_agent(spec, seeded(static_cast<std::uint64_t>(g) + 1));
        const auto opponent = agents::make_agent(opponent_spec, seeded(static_cast<std::uint64_t>(g) + 1001));
        const bool agent_is_south = g % 2 == 0;
        const PlayedGame game =
            agent_is_south ? play_game(rules, *agent, *opponent) : play_game(rules, *opponent, *agent);
        const int margin = agent_is_south ? game.south_margin : -game.south_margin;
        if (game.finished && game.illegal_move.empty() && margin > 0) ++wins;
    }
    return wins;
}

}  // namespace mancala::testing
