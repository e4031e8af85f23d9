#include "support/reference_cyclic.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace mancala::reference {

namespace {

int sum(const std::vector<int>& row) { return std::accumulate(row.begin(), row.end(), 0); }

void compose(int left, int cells, std::vector<int>& prefix, std::vector<std::vector<int>>& out) {
    if (cells == 1) {
        prefix.push_back(left);
        out.push_back(prefix);
        prefix.pop_back();
        return;
    }
    for (int c = 0; c <= left; ++c) {
        prefix.push_back(c);
        compose(left - c, cells - 1, prefix, out);
        prefix.pop_back();
    }
}

FamilyState board(const std::vector<int>& south, const std::vector<int>& north) {
    FamilyState s;
    s.south = south;
    s.north = north;
    s.to_move = 0;
    return s;
}

// The mover's row first: a board as seen by the player due on `state`.
std::pair<std::vector<int>, std::vector<int>> rows_of_mover(const FamilyState& state) {
    return state.to_move == 0 ? std::pair{state.south, state.north} : std::pair{state.north, state.south};
}

}  // namespace

std::vector<std::vector<int>> compositions(int seeds, int cells) {
    std::vector<std::vector<int>> out;
    std::vector<int> prefix;
    compose(seeds, cells, prefix, out);
    return out;
}

bool over_before_moving(const FamilyRules& rules, const FamilyState& state) {
    const bool south_bare = sum(state.south) == 0, north_bare = sum(state.north) == 0;
    if (rules.end == EndRule::EitherRowEmpty && (south_bare || north_bare)) return true;
    if (rules.end == EndRule::BoardEmpty && south_bare && north_bare) return true;
    return legal_moves(rules, state).empty();
}

int terminal_share(const FamilyRules& rules, const FamilyState& state) {
    const int own = sum(state.south), other = sum(state.north);
    if (rules.leftovers == Leftovers::Mover) return 0;  // North moved last
    if (rules.leftovers == Leftovers::Emptied && (own == 0) != (other == 0)) return own == 0 ? own + other : 0;
    return own;
}

std::vector<std::vector<std::int8_t>> reference_cyclic_tiers(const FamilyRules& game, int max_seeds) {
    FamilyRules rules = game;
    rules.majority = false;
    const int n = rules.pits;
    std::vector<std::vector<std::int8_t>> tiers;
    std::vector<std::map<std::vector<int>, std::size_t>> wheres;  // [tier][board]: its index
    for (int t = 0; t <= max_seeds; ++t) {
        const std::vector<std::vector<int>> boards = compositions(t, 2 * n);
        std::map<std::vector<int>, std::size_t>& where = wheres.emplace_back();
        for (std::size_t i = 0; i < boards.size(); ++i) where[boards[i]] = i;
        auto index_of = [&](const std::vector<int>& mover, const std::vector<int>& other) {
            std::vector<int> cells = mover;
            cells.insert(cells.end(), other.begin(), other.end());
            return where.at(cells);
        };
        // The graph: each board's best exit, and its moves that stay in the tier.
        struct Edge {
            std::size_t to;
            bool flips;  // the opponent is due there
        };
        std::vector<int> exit(boards.size(), -1), fixed(boards.size(), -1);
        std::vector<std::vector<Edge>> edges(boards.size());
        for (std::size_t i = 0; i < boards.size(); ++i) {
            const std::vector<int> south(boards[i].begin(), boards[i].begin() + n);
            const std::vector<int> north(boards[i].begin() + n, boards[i].end());
            const FamilyState state = board(south, north);
            if (over_before_moving(rules, state)) {
                fixed[i] = terminal_share(rules, state);
                continue;
            }
            for (int pit : legal_moves(rules, state)) {
                FamilyState child = state;
                const FamilyOutcome out = play(rules, child, pit);
                const int left = sum(child.south) + sum(child.north);
                if (!out.game_over && left == t) {
                    const auto [mover, other] = rows_of_mover(child);
                    edges[i].push_back({index_of(mover, other), child.to_move == 1});
                    continue;
                }
                int value = child.south_store;
                if (!out.game_over) {
                    const auto [mover, other] = rows_of_mover(child);
                    std::vector<int> cells = mover;
                    cells.insert(cells.end(), other.begin(), other.end());
                    const std::size_t at = wheres[static_cast<std::size_t>(left)].at(cells);
                    const int share = (tiers[static_cast<std::size_t>(left)][at] + left) / 2;
                    value += child.to_move == 0 ? share : left - share;
                }
                exit[i] = std::max(exit[i], value);
            }
        }
        // Jacobi iteration from lo = 0 and hi = t to the least and greatest fixpoints.
        std::vector<int> lo(boards.size(), 0), hi(boards.size(), t);
        for (bool changed = true; changed;) {
            changed = false;
            std::vector<int> next_lo = lo, next_hi = hi;
            for (std::size_t i = 0; i < boards.size(); ++i) {
                if (fixed[i] >= 0) {
                    next_lo[i] = next_hi[i] = fixed[i];
                } else {
                    int a = std::max(exit[i], 0), b = std::max(exit[i], 0);
                    for (const Edge& e : edges[i]) {
                        a = std::max(a, e.flips ? t - hi[e.to] : lo[e.to]);
                        b = std::max(b, e.flips ? t - lo[e.to] : hi[e.to]);
                    }
                    next_lo[i] = a;
                    next_hi[i] = b;
                }
                changed = changed || next_lo[i] != lo[i] || next_hi[i] != hi[i];
            }
            lo.swap(next_lo);
            hi.swap(next_hi);
        }
        std::vector<std::int8_t> tier(boards.size());
        for (std::size_t i = 0; i < boards.size(); ++i) {
            const int split = std::accumulate(boards[i].begin(), boards[i].begin() + n, 0);
            if (lo[i] > hi[i]) throw std::logic_error("reference cyclic tiers: the bounds crossed");
            tier[i] = static_cast<std::int8_t>(2 * std::clamp(split, lo[i], hi[i]) - t);
        }
        tiers.push_back(std::move(tier));
    }
    return tiers;
}

PathSearch::PathSearch(const FamilyRules& rules, bool plain) : rules_(rules), plain_(plain) {
    rules_.majority = false;
}

int PathSearch::value(const std::vector<int>& south, const std::vector<int>& north) {
    const auto key = std::pair{south, north};
    if (const auto it = fresh_.find(key); it != fresh_.end()) return it->second;
    std::vector<FamilyState> path;
    const int v = search(board(south, north), path, sum(south), 0, sum(south) + sum(north));
    fresh_[key] = v;
    return v;
}

// The seeds South (the mover where the count started) ends up with from `state`,
// searched within [alpha, beta] (fail-hard).
int PathSearch::search(const FamilyState& state, std::vector<FamilyState>& path, int root_share, int alpha,
                       int beta) {
    ++nodes_;
    for (const FamilyState& seen : path)
        if (seen.south == state.south && seen.north == state.north && seen.to_move == state.to_move)
            return plain_ ? sum(state.south) : root_share;
    if (over_before_moving(rules_, state)) {
        // terminal_share is South's when South is due; mirrored when North is.
        if (state.to_move == 0) return terminal_share(rules_, state);
        FamilyState mirror = board(state.north, state.south);
        return sum(state.south) + sum(state.north) - terminal_share(rules_, mirror);
    }
    const bool south = state.to_move == 0;
    const int stones = sum(state.south) + sum(state.north);
    int best = south ? -1 : stones + 1;
    path.push_back(state);
    for (int pit : legal_moves(rules_, state)) {
        FamilyState child = state;
        const FamilyOutcome out = play(rules_, child, pit);
        const int left = sum(child.south) + sum(child.north);
        int v;
        if (out.game_over) {
            v = child.south_store;
        } else if (left < stones) {
            const auto [mover, other] = rows_of_mover(child);
            const int share = value(mover, other);
            v = child.south_store + (child.to_move == 0 ? share : left - share);
        } else {
            v = search(child, path, root_share, alpha, beta);
        }
        if (south) {
            best = std::max(best, v);
            alpha = std::max(alpha, v);
        } else {
            best = std::min(best, v);
            beta = std::min(beta, v);
        }
        if (alpha >= beta) break;
    }
    path.pop_back();
    return best;
}

}  // namespace mancala::reference
