#include "agents/mcts_agent.hpp"

#include "agents/registry.hpp"
#include "support/agent_games.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>

namespace mancala::agents {
namespace {

using testing::play_game;

MctsAgent& as_mcts(Agent& agent) { return dynamic_cast<MctsAgent&>(agent); }

// Kalah(6,4), South to move, solved exactly: pit 5 (one stone, into the store) wins by
// 2 and every other move loses. After it South moves again, and only some of those
// moves keep the win: the node after pit 5 has the same mover as its children. A search
// that assumed the players alternate would let North pick South's follow-up there, see
// pit 5 lose by 10, and play pit 3 (which loses by 4).
Position extra_turn_puzzle() {
    const std::array south{2, 0, 0, 2, 1, 1};
    const std::array north{3, 1, 0, 0, 0, 0};
    return Position::from_counts(south, north, 11, 15, Side::South);
}
constexpr int kPuzzleWin = 5;

TEST(MctsAgent, PlaysOnlyLegalMovesOnEveryPresetAndSize) {
    struct Size {
        int pits, seeds;
    };
    for (const char* preset : {"kalah", "homework", "relay"}) {
        for (const Size size : {Size{1, 3}, Size{3, 2}, Size{6, 4}, Size{8, 5}, Size{16, 1}, Size{4, 40}}) {
            const Rules rules = make_rules(preset, size.pits, size.seeds);
            auto mcts = make_agent("mcts:iterations=150,seed=3", {});
            auto random = make_agent("random:seed=4", {});
            for (const bool mcts_south : {true, false}) {
                const auto game = mcts_south ? play_game(rules, *mcts, *random) : play_game(rules, *random, *mcts);
                EXPECT_EQ(game.illegal_move, "") << preset;
                EXPECT_TRUE(game.finished) << preset << " " << size.pits << "x" << size.seeds;
            }
        }
    }
}

TEST(MctsAgent, SameSeedPlaysTheSameGame) {
    const Rules rules = make_rules("kalah", 6, 4);
    std::vector<int> first;
    for (int run = 0; run < 2; ++run) {
        auto mcts = make_agent("mcts:iterations=300,seed=11", {});
        auto random = make_agent("random:seed=12", {});
        const auto game = play_game(rules, *mcts, *random);
        ASSERT_TRUE(game.finished);
        if (run == 0)
            first = game.moves;
        else
            EXPECT_EQ(game.moves, first);
    }
}

TEST(MctsAgent, FindsTheWinBehindAnExtraTurn) {
    const Rules rules = make_rules("kalah", 6, 4);
    for (const int seed : {1, 2, 3}) {
        auto mcts = make_agent(fmt::format("mcts:iterations=3000,seed={}", seed), {});
        const Decision decision = mcts->choose(rules, extra_turn_puzzle(), MoveBudget::unlimited());
        EXPECT_EQ(decision.move, kPuzzleWin) << "seed " << seed << ": " << decision.summary;
    }
}

TEST(MctsAgent, AnalyzeGivesVisitsAndWinRatesOfEveryMove) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("mcts:iterations=3000,seed=5", {});
    const Position puzzle = extra_turn_puzzle();
    const auto scores = agent->analyze(rules, puzzle, MoveBudget::unlimited());
    ASSERT_EQ(scores.size(), static_cast<std::size_t>(puzzle.nonempty_pits().size()));
    std::uint64_t visits = 0;
    for (const MoveScore& s : scores) {
        EXPECT_TRUE(puzzle.is_legal(rules, s.move));
        EXPECT_GE(s.score, 0.0);
        EXPECT_LE(s.score, 1.0);
        ASSERT_FALSE(s.pv.empty());
        EXPECT_EQ(s.pv.front(), s.move);
        visits += s.visits;
        // The winning move is forced; the others lose whatever South does.
        if (s.move == kPuzzleWin)
            EXPECT_GT(s.score, 0.8);
        else
            EXPECT_LT(s.score, 0.5);
    }
    // Every iteration of a fresh tree goes through exactly one root move.
    EXPECT_EQ(visits, as_mcts(*agent).last_search().iterations);
}

TEST(MctsAgent, KeepsTheSubtreeTheGameWentInto) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("mcts:iterations=2000,seed=7", {});
    auto random = make_agent("random:seed=8", {});
    MctsAgent& mcts = as_mcts(*agent);
    Position position = Position::start(rules);
    int searches = 0;
    // South (mcts) and North (random) play ten plies; every mcts search after the first
    // starts from a position its last search already explored.
    for (int ply = 0; ply < 10 && !position.is_terminal(rules); ++ply) {
        const bool mcts_moves = position.to_move() == Side::South;
        const int move = (mcts_moves ? *agent : *random).choose(rules, position, MoveBudget::unlimited()).move;
        if (mcts_moves && position.nonempty_pits().size() > 1) {
            const auto& stats = mcts.last_search();
            if (searches++ == 0)
                EXPECT_EQ(stats.reused_visits, 0u);
            else
                EXPECT_GT(stats.reused_visits, 0u) << "ply " << ply;
            EXPECT_EQ(stats.root_visits, stats.reused_visits + stats.iterations);
        }
        position.apply(rules, move);
    }
    EXPECT_GE(searches, 3);
}

// The kept subtree is the very node of the move played, with all its statistics.
TEST(MctsAgent, KeepsTheVisitsOfTheMovePlayed) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("mcts:iterations=1500,seed=13", {});
    const Position start = Position::start(rules);
    const auto scores = agent->analyze(rules, start, MoveBudget::unlimited());
    for (const MoveScore& played : scores) {  // every root move in turn: the tree is not changed by reuse
        auto again = make_agent("mcts:iterations=1500,seed=13", {});
        again->analyze(rules, start, MoveBudget::unlimited());
        Position next = start;
        next.apply(rules, played.move);
        again->analyze(rules, next, MoveBudget::unlimited());
        EXPECT_EQ(as_mcts(*again).last_search().reused_visits, played.visits) << "pit " << played.move;
    }
}

// A pool too small for the search: the tree stops growing, the iterations go on.
TEST(MctsAgent, KeepsSearchingWhenThePoolIsFull) {
    const Rules rules = make_rules("kalah", 6, 4);
    MctsSettings settings;
    settings.iterations = 2000;
    settings.max_nodes = 40;
    MctsAgent agent("mcts", settings);
    auto random = make_agent("random:seed=2", {});
    const auto game = play_game(rules, agent, *random);
    EXPECT_EQ(game.illegal_move, "");
    EXPECT_TRUE(game.finished);
    const Position start = Position::start(rules);
    agent.new_game();
    agent.choose(rules, start, MoveBudget::unlimited());
    EXPECT_EQ(agent.last_search().nodes, 40u);
    EXPECT_EQ(agent.last_search().root_visits, 2000u);
}

TEST(MctsAgent, StartsAfreshForANewGameOrAnUnrelatedPosition) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("mcts:iterations=500,seed=9", {});
    MctsAgent& mcts = as_mcts(*agent);
    const Position start = Position::start(rules);
    agent->choose(rules, start, MoveBudget::unlimited());
    agent->choose(rules, start, MoveBudget::unlimited());
    EXPECT_EQ(mcts.last_search().reused_visits, 500u);  // the same position: the whole tree

    agent->new_game();
    agent->choose(rules, start, MoveBudget::unlimited());
    EXPECT_EQ(mcts.last_search().reused_visits, 0u);

    agent->choose(rules, extra_turn_puzzle(), MoveBudget::unlimited());
    EXPECT_EQ(mcts.last_search().reused_visits, 0u);

    const Rules other = make_rules("homework", 6, 4);  // same board, other rules: nothing carries over
    agent->choose(rules, start, MoveBudget::unlimited());
    agent->choose(other, start, MoveBudget::unlimited());
    EXPECT_EQ(mcts.last_search().reused_visits, 0u);
}

TEST(MctsAgent, PlaysAForcedMoveAtOnce) {
    const Rules rules = make_rules("kalah", 6, 4);
    const std::array south{0, 0, 0, 3, 0, 0};
    const std::array north{1, 1, 1, 1, 1, 1};
    const Position forced = Position::from_counts(south, north, 10, 10, Side::South);
    auto agent = make_agent("mcts:iterations=1000,seed=1", {});
    EXPECT_EQ(agent->choose(rules, forced, MoveBudget::unlimited()).move, 3);
    EXPECT_EQ(as_mcts(*agent).last_search().iterations, 0u);
}

// Generous bounds: these check that the clock is read at all, not how precisely.
TEST(MctsAgent, StopsAtTheCallersDeadline) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("mcts:iterations=1G,seed=1", {});
    const auto start = Clock::now();
    const Decision decision =
        agent->choose(rules, Position::start(rules), MoveBudget::within(std::chrono::milliseconds(50)));
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(1));
    EXPECT_TRUE(Position::start(rules).is_legal(rules, decision.move));
}

TEST(MctsAgent, StopsAtItsOwnTime) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("mcts:time=50ms,seed=1", {});
    const auto start = Clock::now();
    const Decision decision = agent->choose(rules, Position::start(rules), MoveBudget::unlimited());
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(1));
    EXPECT_TRUE(Position::start(rules).is_legal(rules, decision.move));
    EXPECT_GT(as_mcts(*agent).last_search().iterations, 0u);
}

TEST(MctsAgent, StillPlaysALegalMoveWithNoTimeAtAll) {
    const Rules rules = make_rules("kalah", 6, 4);
    auto agent = make_agent("mcts:seed=1", {});
    const Position start = Position::start(rules);
    const Decision decision = agent->choose(rules, start, MoveBudget{Clock::now() - std::chrono::seconds(1)});
    EXPECT_TRUE(start.is_legal(rules, decision.move)) << decision.move;
    EXPECT_EQ(as_mcts(*agent).last_search().iterations, 0u);
}

TEST(MctsAgent, RefusesBadOptionsClearly) {
    auto refused = [](const std::string& spec) {
        try {
            make_agent(spec, {});
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(refused("mcts:iterations=0").find("iterations=0 is not valid"), std::string::npos);
    EXPECT_NE(refused("mcts:time=0ms").find("time=0ms is not valid"), std::string::npos);
    EXPECT_NE(refused("mcts:c=-1").find("c=-1 is not valid"), std::string::npos);
    EXPECT_NE(refused("mcts:seed=x").find("seed=x is not valid"), std::string::npos);
    EXPECT_NE(refused("mcts:depth=3").find("has no option 'depth' (its options: iterations, time, c, seed)"),
              std::string::npos);
    EXPECT_EQ(make_agent("mcts:time=250ms,iterations=2k,c=0.7,seed=3", {})->spec(),
              "mcts:c=0.7,iterations=2k,seed=3,time=250ms");
}

}  // namespace
}  // namespace mancala::agents
