#pragma once
// A solve as its caller asks it, put in the solver's terms and read back. The one place
// that refuses a request, turns a bound asked of the first player's (South's) margin
// into one of the side to move's, chooses the method (choose_method) and reads the
// Solution, which is the mover's, as the answer to the question asked. `mancala solve`
// and Python's solve() both plan through plan_solve, then run solve_position (or, under
// mpirun, cluster::solve_together) on the plan's options.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "solve/game_solver.hpp"

#include <optional>
#include <stdexcept>
#include <string>

namespace mancala::solve {

/// Whose final margin a bound asked, and the answer, are in: the first player's (South's,
/// as `mancala solve` states them) or the side to move's (as Python's solve()).
enum class MarginOf { FirstPlayer, SideToMove };

/// A bound asked instead of the value: is the margin at least (or at most) `stones`?
struct BoundQuestion {
    bool at_least = true;  ///< false: at most
    int stones = 0;
};

struct SolveRequest {
    Rules rules;
    Position start;
    /// How to solve it: the method, threads, limits, the database, a split, a table. Its
    /// at_least is plan_solve's to set, from `bound`.
    SolveOptions options;
    std::optional<BoundQuestion> bound;  ///< none: the value
    MarginOf margin_of = MarginOf::FirstPlayer;
};

/// Why plan_solve refused a request, in the order it looks.
enum class Refusal {
    GameOver,           ///< the start has no move
    SearchFirstNoRace,  ///< options.search_first_for, with a method other than auto
    SplitNoBound,       ///< options.split or a journal, without a bound asked
    SplitRetrograde,    ///< options.split or a journal, with retrograde analysis
    TableRetrograde,    ///< options.table_file, with retrograde analysis
    GameNotHeld,        ///< rules that are not Kalah-shaped (require_database_rules)
    TooManyStones,      ///< retrograde analysis past EndgameDatabase::kMaxStones
};

/// A request plan_solve refuses: what() says why in the solver's words; a front end
/// may say it in its own (the cli names its flags) by reason().
class SolveRefused : public std::invalid_argument {
public:
    SolveRefused(Refusal reason, const std::string& message) : std::invalid_argument(message), reason_(reason) {}
    Refusal reason() const { return reason_; }

private:
    Refusal reason_;
};

/// A Solution as the answer to the request, in the request's margin_of's terms.
struct SolveAnswer {
    int value = 0;              ///< the margin: exact when bound is 0, else the bound proven
    int bound = 0;              ///< +1: the margin is at least value; -1: at most value; 0: exact
    std::optional<bool> holds;  ///< with a bound asked: whether it holds
};

struct SolvePlan {
    /// What to hand solve_position (or cluster::solve_together): the request's options,
    /// with the bound asked as the side to move's (at_least) and the method chosen.
    SolveOptions options;
    /// choose_method's: Retrograde, Search, or Auto (the race of the two).
    SolveMethod method = SolveMethod::Auto;
    /// With a bound asked: the first player's margin the mover's test asks "at least" of,
    /// which every piece of a split proof asks (split_proof.hpp).
    std::optional<int> first_at_least;

    /// `solution` (of `options`) as the answer to the request.
    SolveAnswer answer(const Solution& solution) const;

    std::optional<BoundQuestion> bound;  ///< as asked
    bool turned = false;                 ///< the margin asked is the mover's opponent's
    bool holds_if_high = true;           ///< the bound asked holds when the mover's test fails high
};

/// Checks `request`, refusing it with SolveRefused (Refusal's order), and plans it.
SolvePlan plan_solve(const SolveRequest& request);

}  // namespace mancala::solve
