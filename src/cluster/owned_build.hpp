#pragma once
// `mpirun -np N mancala db build --owned-blocks`: the database built by processes
// that each hold only their block of every tier (solve/owned_sweep.hpp), for
// databases larger than one machine's memory. The leader reads the tiers already
// on disk and hands each process its blocks; after each new tier it gathers the
// blocks and writes the usual file, the same bytes as a one-process build. It then
// holds one whole tier at a time, the others only their blocks.

#include "cluster/communicator.hpp"
#include "core/rules.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>

namespace mancala::cluster {

struct OwnedBuildReport {
    int had = -1;                 ///< the highest tier on disk before, -1 if none
    int max_stones = -1;          ///< the highest tier on disk after
    std::uint64_t positions = 0;  ///< positions of the tiers built now
    std::uint64_t questions = 0;  ///< children this process looked up
    std::uint64_t remote = 0;     ///< of those, in another process's block
    double seconds = 0;           ///< the whole build
    double writing_seconds = 0;   ///< the leader's gathering and writing of the tiers
};

/// Builds the database of `rules` (single sowing, either-row-empty end) under
/// `root` up to `max_stones` with every process of `world`, each holding only its
/// blocks; `on_tier(tier, seconds so far)` is called on the leader after each tier
/// is written. Every process calls it. Throws std::invalid_argument for other rules.
OwnedBuildReport build_with_owned_blocks(const Rules& rules, const std::filesystem::path& root, int max_stones,
                                         const Communicator& world,
                                         const std::function<void(int tier, double seconds)>& on_tier = {});

}  // namespace mancala::cluster
