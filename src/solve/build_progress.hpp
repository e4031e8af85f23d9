#pragma once
// What a database build reports while it runs (solve/endgame_db.hpp, solve/cyclic_database.hpp).

#include <cstdint>

namespace mancala::solve {

/// Reported while a tier is built, from the calling thread, a few times a second and when the tier is done.
struct BuildProgress {
    int tier = 0;
    int last_tier = 0;            ///< the last tier this run builds
    std::uint64_t tier_done = 0;  ///< positions of this tier solved so far
    std::uint64_t tier_size = 0;
    std::uint64_t done = 0;   ///< positions of the tiers built in this run, so far
    std::uint64_t total = 0;  ///< positions of every tier this run builds
    double seconds = 0;       ///< since this run started
    bool tier_finished = false;
    int sweep = 0;  ///< games whose positions repeat: 1 in the pass over the tier, 2 at the fixpoint (0: none)
};

}  // namespace mancala::solve
