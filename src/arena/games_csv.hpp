#pragma once
// Reading back one game of the arena's games.csv (written by report.cpp), so that a
// game of a tournament can be replayed or reviewed: its opening, rules and moves.

#include <string>
#include <string_view>

namespace mancala::arena {

struct GamesCsvRow {
    int game = 0;
    std::string opening_position;  ///< the position's notation
    std::string rules;             ///< a rules string
    std::string moves;             ///< pit names separated by spaces
};

/// The row of game number `game` in the text of a games.csv. Throws
/// std::invalid_argument naming the line and the problem: no header with the needed
/// columns (files written before moves were kept have none), a malformed line, or no such game.
GamesCsvRow read_games_csv_row(std::string_view csv, int game);

}  // namespace mancala::arena
