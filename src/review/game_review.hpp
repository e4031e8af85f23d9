#pragma once
// A game graded by perfect play. Every position of the game gets a value: exact
// where it can be (an endgame database covers it, or a proof search settles it
// within a budget per position), otherwise the engine's value at a fixed depth,
// marked as an estimate (so is a proven margin that a database of a game with cycles
// leaves open under a majority rule: Oware's). Values are final store margins, so the
// value of a played move is simply the value of the position it led to (from its player's side), and
// a move's loss is the position's value minus that. Positions are reviewed from the
// last to the first: the end is quickest to prove, and what its proofs leave in the
// transposition table speeds up the proofs of the positions before it.

#include "review/game_moves.hpp"
#include "review/move_grades.hpp"
#include "search/endgame_oracle.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace mancala::review {

struct ReviewSettings {
    /// The proof search's budget for one position; past it the position is estimated.
    /// Zero: estimates only.
    std::chrono::milliseconds proof_time{1000};
    /// A node budget for each proof as well (deterministic, for tests); none by default.
    std::optional<std::uint64_t> proof_nodes;
    /// Plies of the fixed-depth search that estimates what no proof settles.
    int estimate_depth = 12;
    std::size_t hash_mb = 64;
    /// Exact values of endgames (not owned; must outlive the review). None by default.
    const search::EndgameOracle* endgame = nullptr;
    GradeThresholds thresholds;
};

/// The value of one position of the game: South's final margin with best play from it.
struct PositionValue {
    double south = 0;    ///< stones; whole when exact
    bool exact = false;  ///< proven (or the game is over) rather than estimated
    int best_move = -1;  ///< the best move of the side to move (-1 once the game is over)
};

struct MoveReview {
    int ply = 0;  ///< 0 for the game's first move
    Side side = Side::South;
    int move = -1;        ///< the pit index played, in the mover's sowing order
    int best_move = -1;   ///< a best move in its place
    double best = 0;      ///< the mover's final margin with best play (the best move's value)
    double played = 0;    ///< the mover's final margin after the move played, with best play after it
    double loss = 0;      ///< best - played, at least 0
    bool exact = false;   ///< both values exact
    bool forced = false;  ///< the only legal move
    Grade grade = Grade::Best;
};

struct SideSummary {
    std::array<int, kGrades.size()> grades{};  ///< moves of each grade, in kGrades order
    double total_loss = 0;
    int moves = 0;
    double average_loss() const { return moves > 0 ? total_loss / moves : 0; }
};

struct GameReview {
    GameMoves game;
    std::vector<PositionValue> positions;  ///< one per position: the start, then after each move
    std::vector<MoveReview> moves;
    SideSummary south, north;
    std::uint64_t nodes = 0;
    double seconds = 0;

    const SideSummary& summary(Side side) const { return side == Side::South ? south : north; }
};

struct ReviewProgress {
    int done = 0;   ///< positions valued
    int total = 0;  ///< positions in the game
    int exact = 0;  ///< of those done, how many exactly
};

/// A review done one position at a time, for hosts that share their threads (the
/// server runs each step as a job of its think pool). review_game() is the loop.
class GameReviewer {
public:
    /// `game`'s moves must be legal (parse_game_moves checks them).
    GameReviewer(GameMoves game, ReviewSettings settings);
    ~GameReviewer();
    GameReviewer(const GameReviewer&) = delete;
    GameReviewer& operator=(const GameReviewer&) = delete;

    /// Whether every position has its value.
    bool done() const;
    /// Values the next position, from the last to the first. Precondition: !done().
    void step();
    ReviewProgress progress() const;
    /// Grades the moves. Precondition: done().
    GameReview result();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Reviews `game` (whose moves parse_game_moves has checked). `progress` (if given)
/// hears after each position; `stop` (if given and set) makes the review throw
/// ReviewStopped at the next position.
GameReview review_game(const GameMoves& game, const ReviewSettings& settings,
                       const std::function<void(const ReviewProgress&)>& progress = {},
                       const std::atomic<bool>* stop = nullptr);

struct ReviewStopped : std::runtime_error {
    ReviewStopped() : std::runtime_error("the review was stopped") {}
};

}  // namespace mancala::review
