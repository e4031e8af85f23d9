#pragma once
// Misbehaving agents for the arena's referee, built directly through the Agent
// interface: they exist only in tests.

#include "agents/agent.hpp"

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

namespace mancala::arena::testing {

/// Plays its first legal move; throws from its `throw_at`-th decision on (0: never).
class ScriptedAgent : public agents::Agent {
public:
    explicit ScriptedAgent(int throw_at = 0) : throw_at_(throw_at) {}
    std::string spec() const override { return "scripted"; }
    agents::Decision choose(const Rules&, const Position& position, const agents::MoveBudget&) override {
        if (++decisions_ == throw_at_) throw std::runtime_error("out of cheese\nredo from start");
        return {position.nonempty_pits()[0], std::nullopt, false, "first legal move"};
    }

private:
    int throw_at_;
    int decisions_ = 0;
};

/// Plays an empty pit (or one beyond the row) on its first decision.
class IllegalMoveAgent : public agents::Agent {
public:
    std::string spec() const override { return "illegal"; }
    agents::Decision choose(const Rules& rules, const Position& position, const agents::MoveBudget&) override {
        for (int pit = 0; pit < position.pits(); ++pit)
            if (!position.is_legal(rules, pit)) return {pit, std::nullopt, false, "an empty pit"};
        return {position.pits(), std::nullopt, false, "off the board"};
    }
};

/// Sleeps for `delay` before playing its first legal move, whatever the deadline says.
class SlowAgent : public agents::Agent {
public:
    explicit SlowAgent(std::chrono::milliseconds delay) : delay_(delay) {}
    std::string spec() const override { return "slow"; }
    agents::Decision choose(const Rules&, const Position& position, const agents::MoveBudget&) override {
        std::this_thread::sleep_for(delay_);
        return {position.nonempty_pits()[0], std::nullopt, false, "slept"};
    }

private:
    std::chrono::milliseconds delay_;
};

}  // namespace mancala::arena::testing
