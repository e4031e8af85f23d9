#pragma once
// A game in progress between two players, whoever they are: the rules, the
// position, and every move played so far, with undo by turns. It does no I/O, so
// the terminal game and the HTTP server can share it.

#include "core/move_list.hpp"
#include "core/move_result.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"
#include "core/side.hpp"

#include <optional>
#include <vector>

namespace mancala::play {

/// One move of the game, as it was played.
struct PlayedMove {
    Side side = Side::South;  ///< who played it
    int pit = -1;             ///< the pit index of `side`, in that side's sowing order
    Position before;          ///< the position it was played from
    Position after;           ///< the position it led to
    MoveResult result;        ///< what it did
};

/// Stones per side: the stores, plus (once the game is over) any stones left in
/// a row, which belong to the row's owner.
struct Score {
    int south = 0;
    int north = 0;

    /// The side with more stones; none for a draw.
    std::optional<Side> leader() const;
    int of(Side side) const { return side == Side::South ? south : north; }
};

class GameSession {
public:
    /// A new game from the start position of `rules`, with `first` to move.
    explicit GameSession(const Rules& rules, Side first = Side::South);

    /// A game from `start`. Throws std::invalid_argument if the position does not
    /// fit the rules, or if the side to move has no stones in a game that is not
    /// over (under the rules it would have to pass: give the other side to move).
    GameSession(const Rules& rules, const Position& start);

    const Rules& rules() const { return rules_; }
    const Position& start() const { return start_; }
    const Position& position() const { return position_; }
    Side to_move() const { return position_.to_move(); }
    MoveList legal_moves() const;
    /// The game is over: by its rules as the position stands, or (rules.repetition) the
    /// position has come back, which ends the game with each side taking its own row.
    bool is_over() const { return repeated_ || position_.is_terminal(rules_); }
    /// The game ended on a repeated position.
    bool ended_by_repetition() const { return repeated_ && !position_.is_terminal(rules_); }

    const std::vector<PlayedMove>& history() const { return history_; }
    /// The last move played, or nullptr before the first.
    const PlayedMove* last_move() const { return history_.empty() ? nullptr : &history_.back(); }

    /// Plays `pit` (an index in the sowing order of the side to move). Throws
    /// std::invalid_argument, saying why, if the game is over, the index is off the
    /// board or the pit is empty; the game is then unchanged.
    const PlayedMove& play(int pit);

    /// Takes back the last turn of `side` (a turn is a move and the extra-turn moves
    /// that follow it) and every move played after it, so that `side` is to move
    /// again where that turn began. In a game against an agent this undoes the
    /// agent's reply and the human's move. Returns how many moves were taken back:
    /// 0 if `side` has not played yet.
    int undo_turn(Side side);

    /// Takes back the last move alone, whoever played it (a search or a learner walks
    /// the game tree this way). Returns false, changing nothing, before the first move.
    bool undo_move();

    /// The score now; the final score once the game is over.
    Score score() const;

private:
    Rules rules_;
    Position start_;
    Position position_;
    std::vector<PlayedMove> history_;
    bool repeated_ = false;  ///< the position is one seen before (with rules.repetition)

    bool position_seen_before() const;
};

}  // namespace mancala::play
