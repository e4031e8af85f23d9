#pragma once
// What the caller allows an agent for one decision: a deadline, a stop flag, and on
// a game clock the clock itself, for agents that plan their own time.

#include "core/position.hpp"
#include "search/search_limits.hpp"

#include <atomic>
#include <chrono>
#include <optional>

namespace mancala::agents {

using Clock = std::chrono::steady_clock;
using search::GameClock;

struct MoveBudget {
    /// The agent must return a legal move by then (front ends use it to cap thinking time).
    std::optional<Clock::time_point> deadline;
    /// Set by the caller (from another thread) to have the move now: the engine protocol's
    /// `stop`. The agent answers with the best it has. nullptr: never.
    const std::atomic<bool>* stop = nullptr;
    /// The mover's game clock, when the game has one. The engine plans its time from it
    /// (search/time_manager.hpp); `deadline` is then that plan's maximum, which every
    /// other agent keeps as it would any deadline.
    std::optional<GameClock> clock{};

    static MoveBudget unlimited() { return {}; }
    static MoveBudget within(std::chrono::milliseconds time) { return {Clock::now() + time}; }
    /// A move on `clock` from `position`, starting now.
    static MoveBudget on_clock(const GameClock& clock, const Rules& rules, const Position& position);

    /// The deadline has passed or the caller said stop.
    bool expired() const {
        return (stop && stop->load(std::memory_order_relaxed)) || (deadline && Clock::now() >= *deadline);
    }
};

}  // namespace mancala::agents
