#pragma once
// Retrograde analysis of one tier of a database for a game whose positions repeat
// (Oware, Awari, Bohnenspiel: solve/cyclic_database.hpp). A capture leads to a lower
// tier, already solved; the moves that capture nothing stay in the tier and may cycle.
//
// Each position x gets two bounds, in seeds the mover ends up with (0 .. tier):
//   lo(x) = max over moves: the move's exit value, or tier - hi(child)
//   hi(x) = max over moves: the move's exit value, or tier - lo(child)
// lo is the least fixpoint (a play that never ends is worth the least to x's mover),
// hi the greatest (it is worth the most). One pass plays every move of the tier once:
// a board whose moves all leave the tier is known; the others, with their exits and
// the boards they lead to, make a compact graph. Starting from lo = 0 and hi = tier,
// sweeps in index order evaluate a board again whenever a board it leads to has
// changed: the operator is monotone, so lo only rises and hi only falls, and the work
// ends at the pair of fixpoints. The value kept is then
//   V(x) = clamp(seeds on x's mover's side, lo(x), hi(x)),
// the value of the game in which a play that never ends is scored as if it had ended
// at x with each side taking the seeds on its own side (docs/SOLVING.md, "Databases
// for games with cycles"). The pass costs O(positions x moves), an evaluation the
// moves of one board; a tier takes about 80 bytes a board while it is solved.

#include "core/rules.hpp"
#include "solve/tier_builder.hpp"
#include "solve/tier_index.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace mancala::solve {

/// A tier whose open graph has this many boards or more is swept on every thread; below it,
/// on one (starting threads would cost more than they save).
inline constexpr std::uint64_t kParallelSweepBoards = 1 << 15;

struct CyclicTierStats {
    std::uint64_t positions = 0;  ///< in the tier
    std::uint64_t unsettled = 0;  ///< positions with a move that stays in the tier: the open graph
    /// Of the unsettled positions' bounds, to the fixpoint; by counting
    /// (solve/cyclic_counting_solver.hpp), the boards whose moves were taken back.
    std::uint64_t evaluations = 0;
    std::uint64_t open = 0;         ///< positions whose bounds differ at the end (lo < hi)
    std::uint64_t move_visits = 0;  ///< moves played
    std::uint64_t takebacks = 0;    ///< by counting: boards found by taking a move back
    int rounds = 1;                 ///< exchanges of bounds between processes, plus one
    /// Passes over the tier, counting the evaluations as a fraction of the unsettled
    /// positions: the pass that plays every move, then the fixpoint's share.
    double passes() const {
        return 1.0 + (unsettled ? static_cast<double>(evaluations) / static_cast<double>(unsettled) : 0.0);
    }
};

/// The processes that solve a tier together (cluster/): each plays the moves of its
/// share, and they exchange bounds until none changes.
class CyclicTeam {
public:
    virtual ~CyclicTeam() = default;
    /// This process's share of a tier of `size` boards: a run of indices, the runs of
    /// the processes in rank order covering the tier.
    virtual IndexRange share(std::uint64_t size) const = 0;
    /// Each byte becomes its maximum over the processes.
    virtual void combine(std::span<std::int8_t> bytes) = 0;
    /// `lo` becomes its maximum and `hi` its minimum over the processes; true when some
    /// process says `changed`.
    virtual bool exchange(std::vector<std::uint8_t>& lo, std::vector<std::uint8_t>& hi, bool changed) = 0;
    /// True for the one process of a team that writes the tier files.
    virtual bool writes_files() const = 0;
};

/// Fills `values` (TierIndex order, index.size(tier) entries) with 2 V(x) - tier for
/// every position x of `tier`: what its mover gains over the opponent, the stores
/// left out. `rules` are those the database plays (cyclic_shaped, majority off);
/// `lower[t]` holds tier t for every t < tier. `on_progress(sweep, done)` is called
/// from the calling thread now and then.
/// With a `team`, this process plays the moves of its share only, and every process
/// ends with the whole tier; the stats are this process's.
CyclicTierStats solve_cyclic_tier(const Rules& rules, const TierIndex& index, int tier,
                                  std::span<const std::span<const std::int8_t>> lower,
                                  std::span<std::int8_t> values, int threads,
                                  const std::function<void(int sweep, std::uint64_t done)>& on_progress = {},
                                  CyclicTeam* team = nullptr);

}  // namespace mancala::solve
