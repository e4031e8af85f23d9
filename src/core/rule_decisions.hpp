#pragma once
// Every decision the rules of the family make during a move, written once: the
// reference board (core/apply_move.cpp), the engine's packed board
// (search/packed_board.hpp) and the database builder's sower
// (solve/tier_builder.cpp) all ask these, so a new rule dimension is decided here
// and nowhere else. Each is a constexpr one-liner the compiler folds into its
// caller: the hot loops pay nothing for asking.

#include "core/rules.hpp"
#include "core/side.hpp"

#include <optional>

namespace mancala::rule {

// ---- Sowing: which cells a sowing visits, in Position's cell layout.

/// Cells one lap of a sowing visits on a Kalah-shaped board: every cell but the opponent's store.
constexpr int lap_cells(int pits) { return 2 * pits + 1; }

/// Does a sowing drop a stone in the mover's own store?
constexpr bool sows_own_store(const Rules& rules) { return rules.stores_on_ring; }

/// Does a sowing round the board skip the pit it was lifted from?
constexpr bool skips_origin(const Rules& rules) { return rules.skip_start; }

/// A pit of `stones` is lifted: does its first stone go back into it?
constexpr bool first_stone_back(const Rules& rules, int stones) {
    return rules.start == SowingStart::Origin && stones > 1;
}

/// The one cell a sowing by `mover` skips: the opponent's store.
constexpr int skipped_cell(int pits, Side mover) { return mover == Side::South ? 2 * pits + 1 : pits; }

/// Where the stone after the one in `cell` falls, on a board of `ring` cells
/// sown by the mover whose sowing skips `skipped`.
constexpr int next_sown_cell(int cell, int ring, int skipped) {
    const int next = cell + 1 == ring ? 0 : cell + 1;
    if (next != skipped) return next;
    return next + 1 == ring ? 0 : next + 1;
}

// ---- Where the last stone fell: what it does.

/// The last stone fell in the mover's own store: does the mover move again?
constexpr bool earns_extra_turn(const Rules& rules) { return rules.extra_turn; }

/// The last stone fell in a pit of the mover's that now holds `landed` stones:
/// was the pit empty before (the case that may capture, and that ends any relay)?
constexpr bool landed_in_empty_pit(int landed) { return landed == 1; }

/// The last stone fell in an own empty pit opposite a pit of `across` stones:
/// does the mover take both to its store?
constexpr bool captures(CaptureRule rule, int across) {
    return rule == CaptureRule::Always || (rule == CaptureRule::IfOppositeNonEmpty && across > 0);
}

/// The last stone fell in a pit that was not empty: is that pit lifted and sown on
/// (relay sowing), or does the move end there?
constexpr bool sows_on(SowingRule rule) { return rule == SowingRule::Relay; }

/// May a relay lift a pit in the mover's own row (`own_row`) or in the opponent's?
constexpr bool relays_in(RelaySide side, bool own_row) { return own_row || side == RelaySide::Both; }

/// The last stone made a pit hold `stones`, in the mover's row (`own_row`) or the
/// opponent's: is that pit taken by a count capture (Oware's 2s and 3s)? Also asked of
/// each pit before it when captures chain.
constexpr bool count_captures(const Rules& rules, bool own_row, int stones) {
    const bool side =
        rules.capture_side == CaptureSide::Both || (rules.capture_side == CaptureSide::Own) == own_row;
    return side && rules.capture_counts.contains(stones);
}

/// The last stone made pit `pit` of the opponent's row (of `pits`) hold `stones`: does it
/// become the mover's tuzdyk, given the tuzdyk the mover has (`mine`, -1 none) and the
/// opponent's (`theirs`, a pit of the mover's row)? Never the opponent's last pit, one a
/// player, and never the pit of the same number as the opponent's.
constexpr bool makes_tuzdyk(const Rules& rules, int stones, int pit, int pits, int mine, int theirs) {
    return rules.tuzdyk && stones == 3 && mine < 0 && pit != pits - 1 && pit != theirs;
}

/// The opponent's row is empty (`opponent_row_empty`): may the mover play only the
/// moves after which it holds stones (must-feed)?
constexpr bool must_feed_now(const Rules& rules, bool opponent_row_empty) {
    return rules.must_feed && opponent_row_empty;
}

/// The captures of a move took `from_opponent` stones from the opponent's row and left it
/// empty (`opponent_row_empty`): is the move a grand slam?
constexpr bool is_grand_slam(int from_opponent, bool opponent_row_empty) {
    return from_opponent > 0 && opponent_row_empty;
}

/// Is a grand slam played with its captures put back (Oware Abapa)?
constexpr bool grand_slam_captures_nothing(const Rules& rules) { return rules.grand_slam == GrandSlam::NoCapture; }

/// Is a grand slam illegal while another move is not (Awari)?
constexpr bool grand_slam_forbidden(const Rules& rules) { return rules.grand_slam == GrandSlam::Forbidden; }

// ---- After the stones are placed: the end of the game.

/// Is the game over, given which rows are empty (either order: the rule is symmetric)?
/// Under the no-move end the rows alone do not say: the legal moves do.
constexpr bool game_over(EndRule rule, bool one_row_empty, bool other_row_empty) {
    switch (rule) {
        case EndRule::EitherRowEmpty:
            return one_row_empty || other_row_empty;
        case EndRule::BoardEmpty:
            return one_row_empty && other_row_empty;
        case EndRule::NoMove:
            return false;
    }
    return false;
}

/// Does a store of `south` or `north` stones, of `total` on the board, end the game?
constexpr bool majority_reached(const Rules& rules, int south, int north, int total) {
    return rules.majority && (2 * south > total || 2 * north > total);
}

/// The game goes on and the player due to move has an empty row: do they pass?
constexpr bool passes(EndRule rule, bool due_row_empty) { return rule == EndRule::BoardEmpty && due_row_empty; }

/// What follows a move once every stone is placed.
enum class AfterMove : unsigned char {
    Continues,  ///< the player due to move moves
    GameOver,   ///< each player takes the stones left in their own row
    Passes,     ///< the player due to move has no stones: the other moves instead
};

/// The whole end-of-move decision, given the player `due` to move next and which rows are empty.
constexpr AfterMove after_move(EndRule rule, Side due, bool south_row_empty, bool north_row_empty) {
    if (game_over(rule, south_row_empty, north_row_empty)) return AfterMove::GameOver;
    return passes(rule, due == Side::South ? south_row_empty : north_row_empty) ? AfterMove::Passes
                                                                                : AfterMove::Continues;
}

/// Under this end rule, does the game end when the player due to move has no legal move?
constexpr bool ends_without_a_move(EndRule rule) { return rule == EndRule::NoMove; }

/// The game ended after `mover`'s move, with these rows empty: the one player who takes
/// every stone left in the rows, or none when each player takes their own row.
constexpr std::optional<Side> leftovers_taker(Leftovers rule, Side mover, bool south_row_empty,
                                              bool north_row_empty) {
    if (rule == Leftovers::Mover) return mover;
    if (rule == Leftovers::Emptied && south_row_empty != north_row_empty)
        return south_row_empty ? Side::South : Side::North;
    return std::nullopt;
}

/// When the game ends each player takes the stones left in their own row: what
/// that is worth to a player with `own_row` stones against `other_row`.
constexpr int leftover_gain(int own_row, int other_row) { return own_row - other_row; }

}  // namespace mancala::rule
