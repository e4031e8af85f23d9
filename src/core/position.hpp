#pragma once
// A position of the mancala family: pit and store counts, the side to move and
// the tuzdyks (Toguz Kumalak). Small, fixed-size and allocation-free: search copies
// positions, never undoes moves. Repetitions are the game's history's to see
// (play/game_session.hpp), not a position's.

#include "core/move_list.hpp"
#include "core/move_result.hpp"
#include "core/rules.hpp"
#include "core/side.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace mancala {

using Count = std::uint16_t;

/// Cells are laid out in sowing (counter-clockwise) order, so that a sowing is a
/// walk along increasing indices modulo 2N+2:
///   [0, N)      South's pits, South's pit i is the homework's B(i+2)
///   N           South's store, the homework's B(N+2)
///   [N+1, 2N+1) North's pits, North's pit j is the homework's A(N+1-j)
///   2N+1        North's store, the homework's A1
/// A side's pit index i counts in that side's sowing order (i = N-1 is next to its
/// store), and the pit opposite (side, i) is (other side, N-1-i), cell 2N - cell.
class Position {
public:
    Position() = default;

    /// The start position of `rules`: every pit holds `rules.seeds`, South to move.
    static Position start(const Rules& rules);

    /// A position from explicit counts, each row in its side's sowing order.
    /// Throws std::invalid_argument when sizes differ, are out of range, or the
    /// total exceeds kMaxTotalStones.
    static Position from_counts(std::span<const int> south_pits, std::span<const int> north_pits, int south_store,
                                int north_store, Side to_move);

    int pits() const { return n_; }
    Side to_move() const { return to_move_; }
    Count pit(Side side, int i) const { return cells_[static_cast<std::size_t>(first_pit(side) + i)]; }
    Count store(Side side) const { return cells_[static_cast<std::size_t>(store_cell(side))]; }
    Count cell(int c) const { return cells_[static_cast<std::size_t>(c)]; }

    int first_pit(Side side) const { return side == Side::South ? 0 : n_ + 1; }
    int store_cell(Side side) const { return side == Side::South ? n_ : 2 * n_ + 1; }
    int cell_count() const { return 2 * n_ + 2; }

    int row_stones(Side side) const;
    int total_stones() const;
    /// Stones in both rows: those still in play.
    int stones_in_pits() const { return row_stones(Side::South) + row_stones(Side::North); }
    /// Store of `side` minus the opponent's store.
    int store_difference(Side side) const { return int{store(side)} - int{store(opponent(side))}; }

    /// The pits of the side to move that hold stones: the legal moves of every game
    /// whose legality is the counts alone (kalah_shaped rules, and any game without
    /// must-feed or a forbidden grand slam).
    MoveList nonempty_pits() const;
    /// The legal moves under `rules`: pits holding stones that must-feed and the
    /// grand-slam rule allow.
    MoveList legal_moves(const Rules& rules) const;
    bool is_legal(const Rules& rules, int pit) const;

    /// True when the game has ended by its rules as this position stands (and no move
    /// may be made). A repeated position is the game history's to see.
    bool is_terminal(const Rules& rules) const;

    /// The pit of the opponent's row that `owner` holds as a tuzdyk, or -1.
    int tuzdyk(Side owner) const { return tuzdyk_[static_cast<std::size_t>(owner)]; }
    /// True when pit `i` of `side`'s row is a tuzdyk (of the other player).
    bool is_tuzdyk(Side side, int i) const { return tuzdyk(opponent(side)) == i; }
    /// Makes pit `pit` of the opponent's row `owner`'s tuzdyk (-1: none). Its stones, if
    /// any, are not moved: the caller keeps the board consistent (a tuzdyk is empty).
    void set_tuzdyk(Side owner, int pit) {
        tuzdyk_[static_cast<std::size_t>(owner)] = static_cast<std::int8_t>(pit);
    }

    /// The invariants every position keeps (debug builds assert them around each
    /// move): 1..kMaxPits pits a side, no stone outside the board's cells, at most
    /// kMaxTotalStones stones, a side to move that is South or North, and tuzdyks that
    /// are pits of the board, empty, and never the same pit of both rows.
    bool is_consistent() const;

    /// Plays pit `pit` of the side to move. Precondition: is_legal(pit).
    /// Sowing costs O(pits) whatever the number of stones (whole laps at once).
    MoveResult apply(const Rules& rules, int pit);

    /// Moves every stone left in the pits to its owner's store.
    void sweep_rows();
    /// Moves every stone left in the pits to `side`'s store.
    void sweep_rows_to(Side side);

    void set_to_move(Side side) { to_move_ = side; }

    friend bool operator==(const Position&, const Position&) = default;

private:
    /// Steps 2 and 3 of a move (the lifts and what the last stone does), without the end of the game.
    MoveResult sow_and_capture(const Rules& rules, int pit);

    std::array<Count, 2 * kMaxPits + 2> cells_{};
    std::uint8_t n_ = 0;
    Side to_move_ = Side::South;
    std::array<std::int8_t, 2> tuzdyk_{-1, -1};  ///< by owner: a pit of the opponent's row
};

/// One line for messages and test output, e.g. "S[4 4 4 4 4 4](0) N[4 4 4 4 4 4](0) south to move".
std::string to_string(const Position& position);

}  // namespace mancala
