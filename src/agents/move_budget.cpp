#include "agents/move_budget.hpp"

#include "search/time_manager.hpp"

namespace mancala::agents {

MoveBudget MoveBudget::on_clock(const GameClock& clock, const Position& position) {
    const int legal = static_cast<int>(position.legal_moves().size());
    const int in_pits = position.total_stones() - position.store(Side::South) - position.store(Side::North);
    const search::TimePlan plan =
        search::plan_clock_move(clock, search::MoveContext{in_pits, position.total_stones(), legal});
    MoveBudget budget;
    budget.deadline = Clock::now() + plan.maximum;
    budget.clock = clock;
    return budget;
}

}  // namespace mancala::agents
