#include "search/heuristics.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace mancala::search {

namespace {

constexpr HeuristicInfo kHeuristics[] = {
    {Heuristic::Store, "store", "own store"},
    {Heuristic::StoreDiff, "store-diff", "own store minus the opponent's store"},
    {Heuristic::Side, "side", "stones in own pits"},
    {Heuristic::SideDiff, "side-diff", "stones in own pits minus stones in the opponent's pits"},
    {Heuristic::Weighted, "weighted", "store difference + 0.3 x side difference"},
    {Heuristic::Fitted, "fitted",
     "store difference + a least-squares fit of the pits for the game's family: Kalah's to exact values (pits by "
     "distance, extra turns, captures, empty pits), Oware's to played-out values (seeds, exposed pits, captures, "
     "empty pits)"},
    {Heuristic::Learned, "learned",
     "store difference + a small network of the pits trained on deep searches and game outcomes, where one was "
     "trained for the game and board size (kalah and oware, 6 pits); fitted elsewhere"},
};

}  // namespace

std::span<const HeuristicInfo> heuristics() { return kHeuristics; }

Heuristic heuristic_by_name(std::string_view name) {
    std::string known;
    for (const HeuristicInfo& h : kHeuristics) {
        if (h.name == name) return h.id;
        known += (known.empty() ? "" : ", ") + std::string(h.name);
    }
    throw std::invalid_argument(fmt::format("unknown heuristic '{}' (choose one of: {})", name, known));
}

std::string_view to_string(Heuristic heuristic) {
    for (const HeuristicInfo& h : kHeuristics)
        if (h.id == heuristic) return h.name;
    return "?";
}

}  // namespace mancala::search
