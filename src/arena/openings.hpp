#pragma once
// Opening positions: a few uniformly random plies from the start position, so
// that a tournament between deterministic agents is more than one game replayed.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <cstdint>
#include <vector>

namespace mancala::arena {

/// `plies` uniformly random legal moves from the start of `rules`, drawn from a
/// generator seeded with `seed`. A walk that ends the game is thrown away and the
/// generator draws another, so the opening always leaves a game to play. Throws
/// std::invalid_argument if 1000 walks in a row end the game.
Position random_opening(const Rules& rules, int plies, std::uint64_t seed);

/// Opening k of a tournament: the start position when `plies` is 0, otherwise
/// random_opening seeded from the tournament seed and k. With `balanced_within`
/// >= 0, an opening whose final margin the engine estimates (at a fixed depth, so
/// the same everywhere; the stones stored so far included) further than that many
/// stones from even is drawn again: random openings otherwise often hand one colour a
/// decided game. A book of openings proven near even (opening_book.hpp) is sharper.
std::vector<Position> make_openings(const Rules& rules, int count, int plies, std::uint64_t tournament_seed,
                                    int balanced_within = -1);

}  // namespace mancala::arena
