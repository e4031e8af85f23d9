#include "solve/solve_plan.hpp"

#include "solve/endgame_db.hpp"

#include <fmt/format.h>

namespace mancala::solve {

SolvePlan plan_solve(const SolveRequest& request) {
    const Rules& rules = request.rules;
    const Position& start = request.start;
    const SolveOptions& asked = request.options;
    if (start.is_terminal(rules) || start.legal_moves(rules).empty())
        throw SolveRefused(Refusal::GameOver, "the game is already over in this position");
    if (asked.search_first_for && asked.method != SolveMethod::Auto)
        throw SolveRefused(Refusal::SearchFirstNoRace,
                           fmt::format("a search first is auto's race; {} has none", to_string(asked.method)));
    const bool pieces = asked.split.has_value() || !asked.journal.empty();
    if (pieces && !request.bound)
        throw SolveRefused(Refusal::SplitNoBound, "a split proof and its journal prove a bound: ask one");
    if (pieces && asked.method == SolveMethod::Retrograde)
        throw SolveRefused(Refusal::SplitRetrograde,
                           "a split proof and its journal split a search; retrograde analysis has none");
    if (!asked.table_file.empty() && asked.method == SolveMethod::Retrograde)
        throw SolveRefused(Refusal::TableRetrograde,
                           "a table file keeps a search's table; retrograde analysis has none");
    try {
        require_database_rules(rules);
    } catch (const std::invalid_argument& e) {
        throw SolveRefused(Refusal::GameNotHeld, e.what());
    }

    SolvePlan plan;
    plan.options = asked;
    plan.bound = request.bound;
    plan.turned = request.margin_of == MarginOf::FirstPlayer && start.to_move() == Side::North;
    plan.options.at_least.reset();
    if (const auto& b = request.bound) {
        // The search asks "is the mover's margin at least M?". "At least V" is that with
        // M = V, or, of the mover's opponent's margin, "the mover's at most -V": not at
        // least 1 - V. "At most V" is not at least V + 1, or the mover's at least -V.
        if (b->at_least) {
            plan.options.at_least = plan.turned ? 1 - b->stones : b->stones;
            plan.holds_if_high = !plan.turned;
        } else {
            plan.options.at_least = plan.turned ? -b->stones : b->stones + 1;
            plan.holds_if_high = plan.turned;
        }
        const int mover_at_least = *plan.options.at_least;
        plan.first_at_least = start.to_move() == Side::South ? mover_at_least : 1 - mover_at_least;
    }
    plan.method = choose_method(rules, start, plan.options);
    plan.options.method = plan.method;  // which choose_method, asked again, keeps
    try {
        require_method_reaches(start, plan.method);
    } catch (const std::invalid_argument& e) {
        throw SolveRefused(Refusal::TooManyStones, e.what());
    }
    return plan;
}

SolveAnswer SolvePlan::answer(const Solution& solution) const {
    SolveAnswer a;
    a.value = turned ? -solution.value : solution.value;
    a.bound = turned ? -solution.bound : solution.bound;
    if (bound) {
        // From an exact value, or from the side of the mover's test the bound proven is on.
        if (solution.bound == 0)
            a.holds = bound->at_least ? a.value >= bound->stones : a.value <= bound->stones;
        else
            a.holds = (solution.bound > 0) == holds_if_high;
    }
    return a;
}

}  // namespace mancala::solve
