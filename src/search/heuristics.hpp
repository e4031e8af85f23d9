#pragma once
// Named, switchable static evaluations. Each is a small function of the position
// from the point of view of one side; larger is better for that side. Values are
// in points: kPointsPerStone points to a stone, so fractional weights stay integral.

#include "core/position.hpp"
#include "search/fitted_evaluation.hpp"
#include "search/learned_evaluation.hpp"
#include "search/score_units.hpp"

#include <span>
#include <string_view>

namespace mancala::search {

enum class Heuristic : std::uint8_t {
    Store,      ///< own store
    StoreDiff,  ///< own store minus the opponent's
    Side,       ///< stones in own pits
    SideDiff,   ///< stones in own pits minus stones in the opponent's
    Weighted,   ///< store difference + 0.3 x side difference
    Fitted,     ///< store difference + a linear fit of the pits for the family (fitted_evaluation.hpp)
    Learned,    ///< store difference + the game's network (learned_evaluation.hpp), else as Fitted
};

struct HeuristicInfo {
    Heuristic id;
    std::string_view name;
    std::string_view description;
};

/// Every heuristic, in documentation order.
std::span<const HeuristicInfo> heuristics();

/// The heuristic called `name`; throws std::invalid_argument listing the names otherwise.
Heuristic heuristic_by_name(std::string_view name);
std::string_view to_string(Heuristic heuristic);

/// The value of `p` for `side` under `heuristic`, in points. The rules matter to `fitted` and `learned` alone.
inline int evaluate(Heuristic heuristic, const Position& p, Side side, const Rules& rules) {
    const Side other = opponent(side);
    switch (heuristic) {
        case Heuristic::Store:
            return kPointsPerStone * p.store(side);
        case Heuristic::StoreDiff:
            return kPointsPerStone * p.store_difference(side);
        case Heuristic::Side:
            return kPointsPerStone * p.row_stones(side);
        case Heuristic::SideDiff:
            return kPointsPerStone * (p.row_stones(side) - p.row_stones(other));
        case Heuristic::Weighted:
            return kPointsPerStone * p.store_difference(side) + 3 * (p.row_stones(side) - p.row_stones(other));
        case Heuristic::Fitted:
        case Heuristic::Learned: {
            const LearnedNetwork* net = heuristic == Heuristic::Learned ? embedded_network_for(rules) : nullptr;
            const int rest = net ? learned_board_value(*net, p) : fitted_value(p, rules);
            return kPointsPerStone * p.store_difference(side) + (p.to_move() == side ? rest : -rest);
        }
    }
    return 0;
}

/// A heuristic as the evaluator object of the textbook search (see textbook_search.hpp).
struct HeuristicEvaluator {
    Heuristic heuristic = Heuristic::StoreDiff;
    Rules rules{};  ///< the game's: set before a search
    int operator()(const Position& p, Side me) const { return evaluate(heuristic, p, me, rules); }
};

}  // namespace mancala::search
