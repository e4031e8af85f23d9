#pragma once
// The moves of a position that an endgame database of a game with cycles holds (Oware,
// Awari, Bohnenspiel, Vai Lung Thlan: solve/cyclic_database.hpp, read through search::EndgameOracle),
// each valued at the root by the game's own rules and the database below it: how
// `perfect` plays and analyses those games without a proof search.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/endgame_oracle.hpp"

#include <vector>

namespace mancala::agents {

/// True for the games whose databases are those of repeating games: the cyclic board
/// plays them (search/cyclic_board.hpp), as solve::cyclic_database_rules says.
bool cyclic_database_game(const Rules& rules);

/// True for the games `perfect` plays: the Kalah-shaped ones (by proofs and databases)
/// and those of cyclic_database_game (by their databases).
bool perfect_plays(const Rules& rules);

/// One legal move valued from the database.
struct DatabaseMove {
    int move = -1;
    int margin = 0;      ///< the mover's final margin (stores included) with best play after the move
    bool exact = false;  ///< `margin` is the game's, not only the database's (below)
};

/// Every legal move of `position` (the game not over), in the order of legal_moves, valued
/// from `db`: a move that ends the game (a majority of the seeds in the mover's store
/// included) by the game's end, any other by the database's value of the board it leads
/// to. Empty unless `db` covers `rules` and holds the seeds in `position`'s pits.
///
/// The database plays every seed out (the majority rule is left out of its tiers), so
/// under a majority rule a move's margin is the game's only where the game ends at
/// once, or where the database's margin is 0: the win, draw or loss is the same with or
/// without the rule (a store past half of the seeds stays past half), and a draw ends
/// level. Every other margin under a majority rule is not exact: the game may end sooner,
/// when a store passes half, each side then taking the seeds of its own row.
std::vector<DatabaseMove> database_moves(const Rules& rules, const Position& position,
                                         const search::EndgameOracle& db);

/// The move to play of `moves` (not empty): the highest margin, an exact one first on a tie.
const DatabaseMove& best_database_move(const std::vector<DatabaseMove>& moves);

/// Whether `best` (of `moves`) is proven optimal: its margin is exact and no other move
/// can do better, being exact or of a worse result (win, draw, loss) than `best`.
bool database_move_proven(const std::vector<DatabaseMove>& moves, const DatabaseMove& best);

}  // namespace mancala::agents
