#pragma once
// A tier's mover's rows planned once before the sweep: each move of a row, worked out
// for every opponent's row at once (the part of the child's index the mover's row gives,
// and what the child's byte is worth to the parent), kept in memory mapped for the tier.

#include "solve/sweep_rows.hpp"
#include "util/anonymous_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

namespace mancala::solve::tier_sweep {

/// What a child's byte (the value to its mover) is worth to the parent: add + (byte ^ flip),
/// flip 0 when the parent moves again in the child, -1 (so byte ^ flip = -byte - 1) when
/// the opponent moves there; no branch in the sweep's inner loop.
struct Worth {
    std::int16_t add, flip;
    static Worth of(int gain, bool same_side) {
        return same_side ? Worth{static_cast<std::int16_t>(gain), 0}
                         : Worth{static_cast<std::int16_t>(gain + 1), -1};
    }
};

/// A move of a mover's row, worked out once for all the opponent's rows (small:
/// a tier's rows are all planned at once, see Plans).
struct PlannedMove {
    enum class Kind : std::uint8_t {
        Part,                ///< the child's byte: `base` plus the opponent's row's part in `column`
        Capture,             ///< takes the opponent's pit `opposite`: `taken_part` plus its taken_column part
        CaptureUnlessEmpty,  ///< Capture if the opponent's pit `opposite` holds stones, else Part
        LapCapture,          ///< round the ring, then as Capture (lap_taken_column; 3 stones and the pit's won)
        Sown,                ///< anything else (two laps, a capture that could end the game): played on the board
    };
    /// For a Part (and a CaptureUnlessEmpty that takes nothing): the child's tier's bytes
    /// plus the mover's row's part of the child's index, so that the child's byte is one
    /// add away (base + the opponent's row's part in `column`).
    const std::int8_t* base;
    std::uint64_t taken_part;  // the mover's row's part after a capture
    Worth worth;               // a Part's child's (a capture's depends on the opponent's pit)
    Kind kind;
    std::uint8_t move;
    std::uint8_t column;
    std::uint8_t opposite;
};

/// What a mover's row's moves share against every opponent's row of the tier.
struct RowPlan {
    std::uint64_t lead;  // the mover's row's part of the index
    int count;           // its moves that do not end the game, the Parts first
    int parts;           // how many of them are Parts
    int over_best;       // the best of those that do
    int mine;            // its stones
};

/// Every mover's row of a tier, planned once before the sweep rather than in every
/// task that meets it (docs/PERFORMANCE.md, "The constants in the code"). Row x's moves are at
/// moves[x * pits, x * pits + rows[x].count). 168 bytes a row on 6 pits (the
/// rows' parts take 126 more), mapped for the tier alone.
class Plans {
public:
    Plans(std::uint32_t rows, int pits)
        : pits_(static_cast<std::size_t>(pits)),
          memory_(rows * (sizeof(RowPlan) + pits_ * sizeof(PlannedMove)), false),
          // No constructors to run: the threads fill their shares before the sweep reads one.
          rows_(new (memory_.data()) RowPlan[rows]),
          moves_(new (rows_ + rows) PlannedMove[rows * pits_]) {}

    RowPlan& row(std::uint32_t x) const { return rows_[x]; }
    PlannedMove* moves(std::uint32_t x) const { return moves_ + x * pits_; }

private:
    std::size_t pits_;
    util::AnonymousMemory memory_;  // given back after the tier, not kept in the heap
    RowPlan* rows_;
    PlannedMove* moves_;
};
static_assert(std::is_trivially_default_constructible_v<RowPlan> &&
                  std::is_trivially_default_constructible_v<PlannedMove> && alignof(RowPlan) == 8 &&
                  sizeof(RowPlan) % alignof(PlannedMove) == 0,
              "a new array of plans is not written, and the moves follow the rows aligned");
static_assert(sizeof(RowPlan) == 24 && sizeof(PlannedMove) == 24, "a plan of 6 pits takes 168 bytes a row");

}  // namespace mancala::solve::tier_sweep
