#pragma once
// Retrograde analysis of one tier of a database of a repeating game by counting, the
// way the chess and checkers databases and Romein and Bal's Awari were built: no graph
// is stored, the boards that lead to a board are found by taking moves back
// (solve/cyclic_moves.hpp), and each board is looked at a bounded number of times
// rather than once a sweep.
//
// It finds the bounds of solve/cyclic_tier_solver.hpp's fixpoints, lo(x) and hi(x), by
// thresholds v from the tier down to 1. For each v, W_v holds the boards x with
// lo(x) >= v (x's mover can force the play to end with at least v seeds) and L_v those
// with hi(x) <= tier - v (the opponent can force x's mover to at most tier - v):
//   x is in W_v when one of its moves leaves the tier worth v or more, or leads to a
//     board of L_v (the opponent due there) or of W_v (x's mover due again);
//   x is in L_v when none of its moves leaves the tier worth more than tier - v and
//     every other leads to W_v (the opponent due) or L_v (x's mover due again).
// W_v and L_v grow as v falls, so one pass over the thresholds builds them all: a board
// keeps the count of its moves that stay in the tier and do not yet lead where L needs,
// and joins L_v when the count reaches 0 and its exits allow. A board joins W once and L
// once, and each join takes its moves back once: O(positions x moves) in all, with a
// scan of the tier's bytes per threshold. lo(x) is the v at which x joins W (0 if never),
// hi(x) is tier - v for L (the tier if never), and the value kept is
// clamp(seeds on x's mover's side, lo, hi) as in the other solver, which stays the twin
// of this one in the tests and solves a tier when processes share it (cluster/).
// A tier takes 3 bytes a board while it is solved: its values, and a 16-bit state.

#include "core/rules.hpp"
#include "solve/counting_checkpoint.hpp"
#include "solve/cyclic_tier_solver.hpp"
#include "solve/tier_index.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>

namespace mancala::solve {

/// The largest tier the counting solver takes: its thresholds fit six bits.
inline constexpr int kCountingMaxTier = 63;

/// Where and how often a tier under way is saved (solve/counting_checkpoint.hpp).
struct CountingCheckpoints {
    std::filesystem::path path;
    std::uint64_t rules_fingerprint = 0;
    std::chrono::milliseconds every{std::chrono::minutes(5)};  ///< the least time between two saves
};

/// As solve_cyclic_tier without a team: fills `values` with 2 V - tier for every position
/// of `tier` (at most kCountingMaxTier). `on_progress(stage, done)` is called now and then:
/// stage 1 while the moves are played, 2 while the thresholds are worked through (`done`
/// then counts thresholds). With `checkpoints`, a checkpoint found at its path is taken up
/// (and refused, std::runtime_error, if it is not this tier's), and the work is saved there
/// after a threshold whenever `every` has passed since the last save; the caller removes
/// the file once the tier is kept.
CyclicTierStats solve_cyclic_tier_by_counting(
    const Rules& rules, const TierIndex& index, int tier, std::span<const std::span<const std::int8_t>> lower,
    std::span<std::int8_t> values, int threads,
    const std::function<void(int stage, std::uint64_t done)>& on_progress = {},
    const CountingCheckpoints* checkpoints = nullptr);

}  // namespace mancala::solve
