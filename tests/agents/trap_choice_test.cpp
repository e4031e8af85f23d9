#include "agents/trap_choice.hpp"

#include "agents/registry.hpp"
#include "support/exhaustive_search.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace mancala::agents {
namespace {

using std::chrono::steady_clock;

// `side`'s final margin after `p`, by exhaustive search.
int margin_for(testing::ExhaustiveSearch& exhaustive, const Position& p, bool over, Side side) {
    if (over) return p.store_difference(side);
    return (p.to_move() == side ? 1 : -1) * exhaustive.final_margin(p);
}

// The slow twin of choose_trap: every move, every reply, by exhaustive search.
struct Weighed {
    std::vector<int> keeping;  // the moves that keep the value
    std::map<int, int> traps;  // of each: the replies that change the result
    std::map<int, int> replies;
};

Weighed weigh(testing::ExhaustiveSearch& exhaustive, const Rules& rules, const Position& p, int value) {
    const Side me = p.to_move();
    const int changes_result = value < 0 ? 0 : 1;
    Weighed w;
    for (const int move : p.nonempty_pits()) {
        Position child = p;
        const bool over = child.apply(rules, move).game_over;
        if (margin_for(exhaustive, child, over, me) != value) continue;
        w.keeping.push_back(move);
        w.traps[move] = 0;
        w.replies[move] = 0;
        if (over || child.to_move() == me) continue;
        for (const int reply : child.nonempty_pits()) {
            Position after = child;
            const bool ends = after.apply(rules, reply).game_over;
            ++w.replies[move];
            if (margin_for(exhaustive, after, ends, me) >= changes_result) ++w.traps[move];
        }
    }
    return w;
}

// On small boards, in drawn and lost positions along random games: the move chosen
// keeps the value and has as many losing replies as any move that does, counted right.
TEST(TrapChoice, ChoosesAValueKeepingMoveWithTheMostLosingRepliesAsExhaustiveSearchCounts) {
    int weighed = 0, better_than_proven = 0;
    for (const char* preset : {"kalah", "homework"}) {
        const Rules rules = make_rules(preset, 4, 2);
        testing::ExhaustiveSearch exhaustive(rules);
        search::Engine engine({search::Heuristic::StoreDiff, 8, 1});
        std::mt19937 rng(5);
        for (int game = 0; game < 12; ++game) {
            Position p = Position::start(rules);
            while (!p.is_terminal(rules)) {
                const int value = exhaustive.final_margin(p);
                const Weighed w = weigh(exhaustive, rules, p, value);
                const int proven_move = w.keeping.back();  // any move that keeps the value
                const std::optional<TrapMove> t = choose_trap(
                    engine, rules, p, value, proven_move, steady_clock::now() + std::chrono::minutes(1), nullptr);
                if (value > 0) {
                    EXPECT_FALSE(t) << "won: a mistake would not change the result";
                } else if (w.keeping.size() > 1) {
                    ++weighed;
                    ASSERT_TRUE(t) << to_string(p);
                    ASSERT_TRUE(w.traps.contains(t->move)) << "a move that gives the value away: " << to_string(p);
                    EXPECT_EQ(t->traps, w.traps.at(t->move)) << to_string(p);
                    EXPECT_EQ(t->replies, w.replies.at(t->move)) << to_string(p);
                    int most = 0;
                    for (const auto& [move, traps] : w.traps) most = std::max(most, traps);
                    EXPECT_EQ(t->traps, most) << to_string(p);
                    if (t->traps > w.traps.at(proven_move)) ++better_than_proven;
                } else {
                    EXPECT_FALSE(t) << "one move keeps the value: nothing to choose";
                }
                const MoveList moves = p.nonempty_pits();
                p.apply(rules, moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
            }
        }
    }
    // The test weighs real choices: drawn or lost positions with several moves keeping the value,
    // some of them with more traps than the move the proof happened to give.
    EXPECT_GE(weighed, 20);
    EXPECT_GE(better_than_proven, 1);
}

TEST(TrapChoice, WeighsNothingOncePastTheDeadline) {
    const Rules rules = make_rules("kalah", 4, 2);
    testing::ExhaustiveSearch exhaustive(rules);
    search::Engine engine({search::Heuristic::StoreDiff, 8, 1});
    const Position p = Position::start(rules);
    std::atomic<bool> stop{true};
    const int value = std::min(0, exhaustive.final_margin(p));
    EXPECT_FALSE(choose_trap(engine, rules, p, value, p.nonempty_pits()[0], steady_clock::now(), nullptr));
    EXPECT_FALSE(choose_trap(engine, rules, p, value, p.nonempty_pits()[0],
                             steady_clock::now() + std::chrono::hours(1), &stop));
}

TEST(TrapChoice, TheEngineAgentTakesTrapsYesOrNo) {
    EXPECT_NO_THROW(make_agent("engine:time=10ms,traps=no", {}));
    EXPECT_NO_THROW(make_agent("engine:time=10ms,traps=yes", {}));
    EXPECT_THROW(make_agent("engine:time=10ms,traps=maybe", {}), std::invalid_argument);
}

}  // namespace
}  // namespace mancala::agents
