#pragma once
// Win/draw/loss counts per agent and per pair of agents.

#include "arena/game_record.hpp"

#include <vector>

namespace mancala::arena {

/// Results from one agent's point of view.
struct Tally {
    int games = 0;
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int forfeits = 0;          ///< losses by forfeit (exception, illegal move, time)
    long long margin_sum = 0;  ///< own store minus the opponent's, summed; a forfeit counts the whole board
    double think_seconds = 0;  ///< time spent choosing moves, summed
    long long think_moves = 0;

    double score() const { return wins + 0.5 * draws; }
    double score_rate() const { return games ? score() / games : 0.0; }
    double average_margin() const { return games ? static_cast<double>(margin_sum) / games : 0.0; }
    /// Milliseconds per move, on average (0 before any move).
    double ms_per_move() const {
        return think_moves ? 1000 * think_seconds / static_cast<double>(think_moves) : 0.0;
    }
    void add(int own_points, int margin, bool forfeited);  ///< own_points: 2 win, 1 draw, 0 loss
    void add_thinking(double seconds, int moves) {
        think_seconds += seconds;
        think_moves += moves;
    }
};

struct Standings {
    std::vector<Tally> agents;               ///< [agent]
    std::vector<std::vector<Tally>> versus;  ///< [agent][opponent], from agent's point of view
};

Standings tally_games(int agents, const std::vector<GameRecord>& games);

}  // namespace mancala::arena
