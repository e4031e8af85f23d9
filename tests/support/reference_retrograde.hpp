#pragma once
// The slow, simple twin of the endgame database builder (src/solve/tier_builder.cpp),
// which the tests compare it against; itself checked against exhaustive search.
// Tiered retrograde analysis. Stones only ever leave the pits for the stores, so
// the positions split into tiers by the number of stones still in the pits, and
// a move leads to the same tier or a lower one. The value of a position, the
// most the side to move can still gain over the opponent (in stones, from here to
// the end, under perfect play by both), depends only on the pits and the side to
// move, never on the stores. Tiers are solved 0, 1, 2, ... in order; inside a
// tier, a move that puts no stone in a store only pushes stones forward along the
// mover's row, so following such moves always ends, and a position's same-tier
// successors are solved first, on demand.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "solve/position_ranking.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace mancala::solve {

struct TierProgress {
    int tier = 0;
    std::uint64_t positions = 0;  ///< in this tier
    double seconds = 0;           ///< spent on this tier
};

class RetrogradeSolver {
public:
    /// Values fit in a signed byte, so at most this many stones in the pits.
    static constexpr int kMaxStones = 127;

    /// Prepares tiers 0..max_stones of `rules`' board. Throws std::invalid_argument
    /// if max_stones exceeds kMaxStones or the tiers cannot be ranked in 64 bits.
    RetrogradeSolver(const Rules& rules, int max_stones, int threads);

    /// Total positions in tiers 0..max_stones (both sides to move).
    std::uint64_t positions() const;

    /// Solves every tier, in order, with the configured threads.
    void solve(const std::function<void(const TierProgress&)>& on_tier = {});

    /// The value of `p` (which must have at most max_stones stones in its pits):
    /// what the side to move will gain over the opponent from here on.
    int value(const Position& p) const;

    /// The final margin for the side to move: current store difference plus value.
    int final_margin(const Position& p) const { return p.store_difference(p.to_move()) + value(p); }

    const Rules& rules() const { return rules_; }
    int max_stones() const { return max_stones_; }

private:
    static constexpr std::int8_t kUnknown = -128;
    int solve_position(int tier, std::uint64_t index, const Position& p);
    int stones_in_pits(const Position& p) const;

    Rules rules_;
    int max_stones_;
    int threads_;
    TierRanking ranking_;
    std::vector<std::unique_ptr<std::atomic<std::int8_t>[]>> tiers_;
};

}  // namespace mancala::solve
