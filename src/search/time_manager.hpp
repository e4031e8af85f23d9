#pragma once
// How long a search thinks. With a time per move it spends all of it, stopping
// early only on a proven value: a deeper iteration cut off
// at the deadline still counts (see mtdf.hpp), so time left unused is strength
// left unused. With a game clock it plans each move's share of what is left
// (plan_clock_move), none for a forced move, and moves the stop between
// iterations by how settled the best move is.

#include "core/position.hpp"
#include "search/search_limits.hpp"

#include <chrono>
#include <optional>

namespace mancala::search {

/// What a move's time plan is made from, besides the clock.
struct MoveContext {
    int stones_in_pits = 0;  ///< stones still in play
    int total_stones = 0;    ///< every stone of the game
    int legal_moves = 0;
};

/// The context of a move from `p`.
MoveContext move_context(const Rules& rules, const Position& p);

/// A clock move's plan: the search stops at `target` when the best move is steady,
/// later (never past `maximum`) while it keeps changing.
struct TimePlan {
    Clock::duration target{};
    Clock::duration maximum{};
};

/// The moves the clock is shared over, from the stones still in the pits: 1 + stones / 8.
/// A player has on average about 1 + stones / 3 moves left (docs/CLI.md, "Time management"),
/// but games end suddenly when a row empties, and late positions are small and often
/// proven in a fraction of their share, so the clock is spent early on purpose; each
/// later move's share shrinks with what is left, never into the reserve.
double planning_horizon(int stones_in_pits);

/// The clock policy (docs/CLI.md, "Time management"):
/// - a reserve is never planned for: a tenth of the clock up to a second, and at least a
///   millisecond for each move still expected;
/// - a move gets the rest over the planning horizon, a third more in the middlegame
///   (from four fifths down to a third of the stones in play), and the increment;
/// - it may take twice that while its best move keeps changing, and never more than a
///   third of the usable clock plus the increment;
/// - a single legal move gets no time at all.
TimePlan plan_clock_move(const GameClock& clock, const MoveContext& move);

/// One search's stop, decided from its limits when it starts and moved between
/// iterations (clock only) by how settled the best move is.
class TimeManager {
public:
    TimeManager(const SearchLimits& limits, const MoveContext& move, Clock::time_point start);

    /// When the workers must stop; none without a time limit.
    std::optional<Clock::time_point> deadline() const { return deadline_; }
    /// An iteration completed with this best move and score (points): on a clock the
    /// deadline moves (later while the best move changes or the score falls).
    void iteration_done(int best_move, int score);
    /// Between iterations: stop now rather than start another one.
    bool stop_before_next(Clock::time_point now) const;

private:
    std::optional<Clock::time_point> cap(std::optional<Clock::time_point> t) const;

    Clock::time_point start_;
    std::optional<Clock::time_point> caller_deadline_;
    std::optional<TimePlan> plan_;  ///< on a clock
    std::optional<Clock::time_point> deadline_;
    int last_move_ = -1;
    int last_score_ = 0;
    double instability_ = 0;  ///< recent best-move changes, halved every iteration
};

}  // namespace mancala::search
