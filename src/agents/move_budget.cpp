#include "agents/move_budget.hpp"

#include "search/time_manager.hpp"

namespace mancala::agents {

MoveBudget MoveBudget::on_clock(const GameClock& clock, const Rules& rules, const Position& position) {
    const search::TimePlan plan = search::plan_clock_move(clock, search::move_context(rules, position));
    MoveBudget budget;
    budget.deadline = Clock::now() + plan.maximum;
    budget.clock = clock;
    return budget;
}

}  // namespace mancala::agents
