#pragma once
// The value of a position of a game whose positions repeat (Oware, Awari, Bohnenspiel),
// read from its database once every tier up to the position's seeds is built: what
// `mancala solve` and Python's mancala.solve answer for these games. There is no proof
// search here: a search proves no value where positions repeat (docs/SOLVING.md,
// "Databases for games with cycles"). A majority rule (Oware's 25) is left out of the
// tiers: the winner is the same with it, the margin that of every seed played out.

#include "core/position.hpp"
#include "solve/build_progress.hpp"
#include "solve/cyclic_database.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace mancala::solve {

/// What solve_by_cyclic_database found.
struct CyclicSolution {
    int margin = 0;               ///< the side to move's final margin under best play
    std::vector<int> best_moves;  ///< every legal move that keeps it, in pit order
    std::uint64_t built = 0;      ///< positions this call built (0 when the tiers were there)
};

/// Three quarters of the machine's memory, in MiB: the default bound of a database build.
std::uint64_t default_build_memory_mb();

/// Throws std::invalid_argument, naming `rules` (those asked for, majority included) and
/// both figures, when `db`'s build up to `max_stones` (processes sharing each tier when
/// `shared`) is expected to take more than `bound_mb` MiB at its peak (0: no bound).
/// Returns the expected MiB.
std::uint64_t require_build_memory(const Rules& rules, const CyclicDatabase& db, int max_stones, bool shared,
                                   std::uint64_t bound_mb);

/// Builds `db`'s missing tiers up to the seeds in `position`'s pits on `threads` threads,
/// then reads the position's value and best moves. Throws std::invalid_argument when the
/// position holds more seeds than a database can (CyclicDatabase::kMaxStones) or the build
/// would pass `max_memory_mb` (require_build_memory); `db` must cover `rules`, the position's.
CyclicSolution solve_by_cyclic_database(const Rules& rules, CyclicDatabase& db, const Position& position,
                                        int threads, std::uint64_t max_memory_mb,
                                        const std::function<void(const BuildProgress&)>& on_progress = {});

}  // namespace mancala::solve
