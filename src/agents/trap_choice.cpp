#include "agents/trap_choice.hpp"

#include "agents/move_budget.hpp"
#include "search/score_units.hpp"

#include <vector>

namespace mancala::agents {

namespace {

/// Bound proofs about final margins, within one move's budget.
class MarginTests {
public:
    MarginTests(search::Engine& engine, const Rules& rules, const MoveBudget& budget)
        : engine_(engine), rules_(rules), budget_(budget) {
        limits_.deadline = budget.deadline;
        limits_.stop = budget.stop;
    }

    /// Whether `side`'s final margin from `p` is at least `stones`; nullopt once time is up.
    std::optional<bool> at_least(const Position& p, bool over, Side side, int stones) {
        if (over) return p.store_difference(side) >= stones;
        if (budget_.expired()) return std::nullopt;
        // The search asks of the side to move: "the other side at least V" is "the mover
        // at most -V", that is not "at least 1 - V".
        const bool mover = p.to_move() == side;
        const int asked = mover ? stones : 1 - stones;
        const search::SearchReport r = engine_.search(rules_, p, limits_, search::SearchMode::bound(asked));
        if (!r.proven || budget_.expired()) return std::nullopt;
        const bool high = r.bound == 0 ? r.score >= asked * search::kPointsPerStone : r.bound > 0;
        return mover ? high : !high;
    }

private:
    search::Engine& engine_;
    const Rules& rules_;
    const MoveBudget& budget_;
    search::SearchLimits limits_;
};

}  // namespace

std::optional<TrapMove> choose_trap(search::Engine& engine, const Rules& rules, const Position& position, int value,
                                    int proven_move, std::chrono::steady_clock::time_point deadline,
                                    const std::atomic<bool>* stop) {
    if (value > 0) return std::nullopt;
    const Side me = position.to_move();
    const int changes_result = value < 0 ? 0 : 1;  // a loss made a draw, or a draw a win
    const MoveBudget budget{deadline, stop};
    MarginTests tests(engine, rules, budget);

    // The proven move first, so that time cut short still leaves it weighed.
    std::vector<int> moves{proven_move};
    for (const int m : position.legal_moves(rules))
        if (m != proven_move) moves.push_back(m);
    std::optional<TrapMove> best;
    bool others_weighed = false;
    for (const int move : moves) {
        Position child = position;
        const bool over = child.apply(rules, move).game_over;
        if (move != proven_move) {
            const std::optional<bool> keeps = tests.at_least(child, over, me, value);
            if (!keeps) break;
            if (!*keeps) continue;
        }
        TrapMove candidate{move, 0, 0};
        bool complete = true;
        if (!over && child.to_move() != me) {
            for (const int reply : child.legal_moves(rules)) {
                Position after = child;
                const bool ends = after.apply(rules, reply).game_over;
                const std::optional<bool> mistake = tests.at_least(after, ends, me, changes_result);
                if (!mistake) {
                    complete = false;
                    break;
                }
                ++candidate.replies;
                if (*mistake) ++candidate.traps;
            }
        }
        if (!complete) break;
        if (move != proven_move) others_weighed = true;
        if (!best || candidate.traps > best->traps) best = candidate;
    }
    if (!others_weighed) return std::nullopt;
    return best;
}

}  // namespace mancala::agents
