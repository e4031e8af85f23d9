#include "agents/database_moves.hpp"

#include "core/mover_first_counts.hpp"
#include "search/cyclic_board.hpp"

#include <array>

namespace mancala::agents {

bool cyclic_database_game(const Rules& rules) {
    return search::cyclic_shaped(rules) && rules.pits <= search::CyclicBoard::kMaxPits;
}

bool perfect_plays(const Rules& rules) { return kalah_shaped(rules) || cyclic_database_game(rules); }

std::vector<DatabaseMove> database_moves(const Rules& rules, const Position& position,
                                         const search::EndgameOracle& db) {
    std::vector<DatabaseMove> moves;
    if (!db.covers(rules) || position.stones_in_pits() > db.max_stones()) return moves;
    const Side me = position.to_move();
    for (const int move : position.legal_moves(rules)) {
        // Played by the game's own rules, majority included: a move that passes half of
        // the seeds ends the game here, with the margin the rules give.
        Position child = position;
        const MoveResult r = child.apply(rules, move);
        if (r.game_over) {
            moves.push_back(DatabaseMove{move, child.store_difference(me), true});
            continue;
        }
        // A move only sows and captures: the child holds no more seeds in its pits.
        std::array<int, 2 * kMaxPits> cells{};
        const int stones = mover_first_counts(child, cells.data());
        const int theirs = child.store_difference(child.to_move()) + db.value(cells.data(), stones);
        const int margin = child.to_move() == me ? theirs : -theirs;
        moves.push_back(DatabaseMove{move, margin, !rules.majority || margin == 0});
    }
    return moves;
}

const DatabaseMove& best_database_move(const std::vector<DatabaseMove>& moves) {
    const DatabaseMove* best = &moves.front();
    for (const DatabaseMove& m : moves)
        if (m.margin > best->margin || (m.margin == best->margin && m.exact && !best->exact)) best = &m;
    return *best;
}

namespace {

int result_of(int margin) { return (margin > 0) - (margin < 0); }

}  // namespace

bool database_move_proven(const std::vector<DatabaseMove>& moves, const DatabaseMove& best) {
    if (!best.exact) return false;
    // A margin that is not exact still has the game's sign (database_moves): such a move
    // of a worse result than `best`'s ends worse than `best`, whatever its margin.
    for (const DatabaseMove& m : moves)
        if (!m.exact && result_of(m.margin) >= result_of(best.margin)) return false;
    return true;
}

}  // namespace mancala::agents
