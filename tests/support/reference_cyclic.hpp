#pragma once
// The slow, plain twins of the databases of repeating games (src/solve/cyclic_database.hpp),
// on the reference model of the rules (support/reference_family.hpp): standard library
// only, no code shared with src/.
//
// The convention they both compute (docs/SOLVING.md, "Databases for games with cycles"):
// the value of a board is the seeds its mover ends up with, of those on it; a capture
// starts the count afresh at the board it leads to; and a play that never ends, or
// here one that comes back to a board it has already been through, is scored as if the
// game had ended at the board where the count started, each side taking its own row.

#include "support/reference_family.hpp"

#include <cstdint>
#include <map>
#include <vector>

namespace mancala::reference {

/// Every composition of `seeds` into `cells` counts, in lexicographic order (the first
/// count first, fewest seeds first): the databases' order of a tier.
std::vector<std::vector<int>> compositions(int seeds, int cells);

/// The database by explicit graphs and Jacobi iteration: tiers[t][i] = 2 V - t for the
/// i-th board of compositions(t, 2 pits), South's row then North's, South to move.
/// Majority is ignored (as the databases do); small tiers only.
std::vector<std::vector<std::int8_t>> reference_cyclic_tiers(const FamilyRules& rules, int max_seeds);

/// Search to the end of every line along its path. The value of a board, South to
/// move, stores empty: the seeds South ends up with. A board that comes back on the
/// path ends the line with each side taking the seeds of its row on the board where
/// the count started (`plain` = false: the databases' convention) or on the board that
/// came back (`plain` = true: the repetition rule of tournament Oware).
class PathSearch {
public:
    PathSearch(const FamilyRules& rules, bool plain);
    int value(const std::vector<int>& south, const std::vector<int>& north);
    std::uint64_t nodes() const { return nodes_; }

private:
    int search(const FamilyState& state, std::vector<FamilyState>& path, int root_share, int alpha, int beta);
    FamilyRules rules_;
    bool plain_;
    std::map<std::pair<std::vector<int>, std::vector<int>>, int> fresh_;
    std::uint64_t nodes_ = 0;
};

/// The seeds South ends up with on a board where South cannot move (the game is over:
/// by the rules' leftovers, the last move North's).
int terminal_share(const FamilyRules& rules, const FamilyState& state);

/// Whether the game is over on `state`, South to move, before any move.
bool over_before_moving(const FamilyRules& rules, const FamilyState& state);

}  // namespace mancala::reference
