#include "search/time_manager.hpp"

#include "search/score_units.hpp"

#include <algorithm>

namespace mancala::search {

namespace {

using std::chrono::milliseconds;

/// Kept back from the workers' deadline for a time per move: the stop is noticed
/// within kCheckInterval nodes (about 0.1 ms) and the answer still has to be made.
Clock::duration return_margin(Clock::duration budget) {
    return std::min<Clock::duration>(budget / 32, std::chrono::milliseconds(2));
}

}  // namespace

MoveContext move_context(const Rules& rules, const Position& p) {
    return MoveContext{p.stones_in_pits(), p.total_stones(), p.legal_moves(rules).size()};
}

double planning_horizon(int stones_in_pits) { return 1.0 + std::max(0, stones_in_pits) / 8.0; }

TimePlan plan_clock_move(const GameClock& clock, const MoveContext& move) {
    if (move.legal_moves <= 1) return {};
    using Duration = std::chrono::duration<double, std::milli>;
    const double remaining = std::max(0.0, Duration(clock.remaining).count());
    const double increment = std::max(0.0, Duration(clock.increment).count());
    // The reserve: a tenth of the clock up to a second, and never less than a
    // millisecond for each move still expected (a third of the stones, plus one).
    const double expected_moves = 1.0 + std::max(0, move.stones_in_pits) / 3.0;
    const double reserve = std::max(std::min(remaining / 10, 1000.0), std::min(remaining, expected_moves));
    const double usable = remaining - reserve;
    double weight = 1.0;
    if (move.total_stones > 0) {
        const double phase = static_cast<double>(move.stones_in_pits) / move.total_stones;
        if (phase >= 1.0 / 3 && phase <= 0.8) weight = 4.0 / 3;
    }
    const double share = usable * weight / planning_horizon(move.stones_in_pits) + increment;
    const double ceiling = std::min(usable / 3 + increment, usable);
    const double target = std::min(share, ceiling);
    const auto as_duration = [](double ms) { return std::chrono::duration_cast<Clock::duration>(Duration(ms)); };
    return TimePlan{as_duration(target), as_duration(std::min(2 * target, ceiling))};
}

TimeManager::TimeManager(const SearchLimits& limits, const MoveContext& move, Clock::time_point start)
    : start_(start), caller_deadline_(limits.deadline) {
    if (limits.clock) {
        plan_ = plan_clock_move(*limits.clock, move);
        deadline_ = cap(start + plan_->target);
    } else if (limits.move_time) {
        const auto budget = std::chrono::duration_cast<Clock::duration>(*limits.move_time);
        deadline_ = cap(start + budget - return_margin(budget));
    } else {
        deadline_ = caller_deadline_;
    }
}

std::optional<Clock::time_point> TimeManager::cap(std::optional<Clock::time_point> t) const {
    if (!caller_deadline_) return t;
    if (!t) return caller_deadline_;
    return std::min(*t, *caller_deadline_);
}

void TimeManager::iteration_done(int best_move, int score) {
    const bool changed = last_move_ >= 0 && best_move != last_move_;
    const bool falling = last_move_ >= 0 && score <= last_score_ - 2 * kPointsPerStone;
    instability_ = instability_ / 2 + (changed ? 1.0 : 0.0);
    last_move_ = best_move;
    last_score_ = score;
    if (!plan_) return;
    // Steady: 0.85 of the target; after a change of best move up to 1.6 (more after
    // several), and a third more while the score falls; never past the maximum.
    double factor = std::min(0.85 + 0.75 * instability_, 2.0);
    if (falling) factor *= 4.0 / 3;
    const auto wanted = std::chrono::duration_cast<Clock::duration>(plan_->target * factor);
    deadline_ = cap(start_ + std::min(wanted, plan_->maximum));
}

bool TimeManager::stop_before_next(Clock::time_point now) const { return deadline_ && now >= *deadline_; }

}  // namespace mancala::search
