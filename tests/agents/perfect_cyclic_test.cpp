// The perfect agent in the games whose positions repeat (Oware, Awari, Bohnenspiel, Vai Lung Thlan):
// from their endgame databases where these hold the seeds in the pits, held against the
// reference model of the rules and a search along every path (tests/support/), and the
// engine's move, not proven, above them.
#include "agents/database_moves.hpp"
#include "agents/registry.hpp"
#include "core/game_catalogue.hpp"
#include "core/notation.hpp"
#include "core/rules_string.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/database_cache.hpp"
#include "support/reference_cyclic.hpp"
#include "support/reference_family.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>

namespace mancala::agents {
namespace {

int sign_of(int x) { return (x > 0) - (x < 0); }

struct ExpectedMove {
    int margin = 0;
    bool exact = false;
    bool ends_at_once = false;
};

// Each legal move of `state` by the reference model: played by the game's rules (majority
// included), then the board it leads to valued by a search along every path (majority left
// out, as the databases do).
std::map<int, ExpectedMove> expected_moves(const reference::FamilyRules& rules, reference::PathSearch& search,
                                           const reference::FamilyState& state) {
    std::map<int, ExpectedMove> moves;
    const bool south = state.to_move == 0;
    for (const int pit : reference::legal_moves(rules, state)) {
        reference::FamilyState child = state;
        const reference::FamilyOutcome outcome = reference::play(rules, child, pit);
        const int store_margin =
            south ? child.south_store - child.north_store : child.north_store - child.south_store;
        if (outcome.game_over) {
            moves[pit] = ExpectedMove{store_margin, true, true};
            continue;
        }
        const bool child_south = child.to_move == 0;
        const std::vector<int>& mine = child_south ? child.south : child.north;
        const std::vector<int>& theirs = child_south ? child.north : child.south;
        const int seeds =
            std::accumulate(mine.begin(), mine.end(), 0) + std::accumulate(theirs.begin(), theirs.end(), 0);
        const int gain = 2 * search.value(mine, theirs) - seeds;  // the child's mover's
        const int margin = store_margin + (child_south == south ? gain : -gain);
        moves[pit] = ExpectedMove{margin, !rules.majority || margin == 0, false};
    }
    return moves;
}

// Every board of up to three seeds on three pits a side, either side to move, with seeds in
// the stores (so that Oware's majority is passed by some captures at once): every move's
// value and exactness, the move played, its score and whether it is proven, against the
// reference. The others have no majority rule: every move of theirs is proven.
TEST(PerfectCyclic, EveryMoveOfSmallBoardsAgreesWithTheReference) {
    testing::TempDir dir;
    const auto cache = std::make_shared<solve::DatabaseCache>();
    for (const char* game : {"oware", "awari", "bohnenspiel", "vai-lung-thlan"}) {
        const Rules rules = make_rules(game, 3, 4);
        solve::CyclicDatabase(rules, dir.path()).build(4, 1);
        const reference::FamilyRules family = reference::parse_family_rules(spelled_out(rules));
        reference::PathSearch search(family, false);
        auto agent = make_agent("perfect:time=10s,hash=8", AgentContext{cache, dir.path(), {}, {}});
        int boards = 0, at_once = 0, open_margins = 0, proven = 0;
        for (int t = 1; t <= 3; ++t)
            for (const std::vector<int>& cells : reference::compositions(t, 6))
                for (const int to_move : {0, 1}) {
                    reference::FamilyState state;
                    state.south.assign(cells.begin(), cells.begin() + 3);
                    state.north.assign(cells.begin() + 3, cells.end());
                    state.south_store = 5;
                    state.north_store = 4;
                    state.to_move = to_move;
                    if (reference::legal_moves(family, state).empty()) continue;
                    const std::string notation = reference::to_notation(family, state);
                    const Position p = parse_position(notation, rules);
                    if (p.is_terminal(rules)) continue;
                    ++boards;
                    const std::map<int, ExpectedMove> expected = expected_moves(family, search, state);
                    const std::vector<MoveScore> scores = agent->analyze(rules, p, MoveBudget::unlimited());
                    ASSERT_EQ(scores.size(), expected.size()) << game << " " << notation;
                    int best = -1000;
                    for (const MoveScore& s : scores) {
                        const ExpectedMove& e = expected.at(s.move);
                        EXPECT_EQ(s.score, e.margin) << game << " " << notation << " move " << s.move;
                        EXPECT_EQ(s.exact, e.exact) << game << " " << notation << " move " << s.move;
                        best = std::max(best, e.margin);
                        at_once += e.ends_at_once;
                        open_margins += !e.exact;
                    }
                    // Proven: a best move of exact margin (one is taken where there is one), and
                    // every other move exact or of a worse result.
                    bool best_exact = false;
                    for (const auto& [move, e] : expected) best_exact = best_exact || (e.margin == best && e.exact);
                    bool beaten = best_exact;
                    for (const auto& [move, e] : expected)
                        beaten = beaten && (e.exact || sign_of(e.margin) < sign_of(best));
                    const Decision d = agent->choose(rules, p, MoveBudget::unlimited());
                    ASSERT_TRUE(d.score) << d.summary;
                    EXPECT_EQ(*d.score, best) << game << " " << notation;
                    EXPECT_EQ(expected.at(d.move).margin, best) << game << " " << notation;
                    EXPECT_EQ(d.exact, beaten) << game << " " << notation << ": " << d.summary;
                    EXPECT_EQ(d.summary.starts_with("proven by the database"), beaten) << d.summary;
                    proven += d.exact;
                }
        EXPECT_GT(boards, 100) << game;
        if (family.majority) {
            EXPECT_GT(at_once, 0) << "some captures pass the majority at once";
            EXPECT_GT(open_margins, 0) << "some margins are left open by the majority";
            EXPECT_GT(proven, 0);
            EXPECT_LT(proven, boards);
        } else {
            EXPECT_EQ(open_margins, 0) << game;
            EXPECT_EQ(proven, boards) << game;
        }
    }
}

// Oware, by hand: South (23 seeds) takes 2 with F and passes 24 of the 48, which ends the
// game at once, each side taking its own row: 26 to 22, a win by 4, where the database,
// playing every seed out, says 2. D loses, whatever the margin: F is proven best.
TEST(PerfectCyclic, AMajorityPassedAtTheRootEndsTheGame) {
    testing::TempDir dir;
    const Rules rules = make_rules("oware");
    solve::CyclicDatabase db(rules, dir.path());
    db.build(6, 2);
    const Position p = parse_position("0,0,1,0,2,1/0,0,0,1,0,1/19/23/S", rules);
    ASSERT_EQ(db.final_margin_after(p, 5), 2);
    ASSERT_EQ(db.final_margin_after(p, 3), -2);
    auto agent = make_agent("perfect:time=10s,hash=8",
                            AgentContext{std::make_shared<solve::DatabaseCache>(), dir.path(), {}, {}});
    std::vector<MoveScore> scores = agent->analyze(rules, p, MoveBudget::unlimited());
    std::sort(scores.begin(), scores.end(), [](const auto& a, const auto& b) { return a.move < b.move; });
    ASSERT_EQ(scores.size(), 2u);
    EXPECT_EQ(scores[0].move, 3);
    EXPECT_EQ(scores[0].score, -2);
    EXPECT_FALSE(scores[0].exact) << "a majority may end D's line sooner";
    EXPECT_EQ(scores[1].move, 5);
    EXPECT_EQ(scores[1].score, 4);
    EXPECT_TRUE(scores[1].exact);
    const Decision d = agent->choose(rules, p, MoveBudget::unlimited());
    EXPECT_EQ(d.move, 5);
    EXPECT_EQ(*d.score, 4);
    EXPECT_TRUE(d.exact) << d.summary;
    EXPECT_EQ(d.summary, "proven by the database: win by 4 (6 seeds in the pits)");
}

// Oware, inside the database, a win that goes on: its margin plays every seed out, which the
// majority may cut short, so the move is the database's best and says it is not proven.
TEST(PerfectCyclic, AMarginTheMajorityLeavesOpenIsNotProven) {
    testing::TempDir dir;
    const Rules rules = make_rules("oware");
    solve::CyclicDatabase db(rules, dir.path());
    db.build(6, 2);
    const Position p = parse_position("0,1,1,0,0,1/0,0,0,1,0,2/23/19/S", rules);
    auto agent = make_agent("perfect:time=10s,hash=8",
                            AgentContext{std::make_shared<solve::DatabaseCache>(), dir.path(), {}, {}});
    const Decision d = agent->choose(rules, p, MoveBudget::unlimited());
    int best = -1000;
    for (const int move : p.legal_moves(rules)) best = std::max(best, db.final_margin_after(p, move));
    EXPECT_EQ(*d.score, best);
    EXPECT_EQ(db.final_margin_after(p, d.move), best);
    EXPECT_FALSE(d.exact);
    EXPECT_TRUE(d.summary.starts_with("not proven: ")) << d.summary;
    EXPECT_NE(d.summary.find("every seed played out"), std::string::npos) << d.summary;
}

// Above the database (and with none at all) it plays the engine's move and says it is not
// proven; its analysis claims no exact value.
TEST(PerfectCyclic, AboveTheDatabaseTheEnginesMoveIsNotProven) {
    testing::TempDir dir;
    const Rules rules = make_rules("awari", 3, 4);
    solve::CyclicDatabase(rules, dir.path()).build(4, 1);
    const Position p = parse_position("2,1,0/1,2,2/7/9/S", rules);  // 8 seeds in the pits
    const auto cache = std::make_shared<solve::DatabaseCache>();
    for (const char* spec : {"perfect:time=200ms,hash=8", "perfect:time=200ms,hash=8,db-size=0"}) {
        auto agent =
            make_agent(spec, AgentContext{cache, std::string(spec).ends_with("=0") ? "" : dir.path(), {}, {}});
        const Decision d = agent->choose(rules, p, MoveBudget::unlimited());
        EXPECT_FALSE(d.exact) << d.summary;
        EXPECT_TRUE(d.summary.starts_with("not proven: the engine's ")) << d.summary;
        const MoveList legal = p.legal_moves(rules);
        EXPECT_NE(std::find(legal.begin(), legal.end(), d.move), legal.end()) << d.move;
        const std::vector<MoveScore> scores = agent->analyze(rules, p, MoveBudget::unlimited());
        EXPECT_FALSE(scores.empty());
        for (const MoveScore& s : scores) EXPECT_FALSE(s.exact) << s.move;
    }
}

// The games it plays are the Kalah-shaped ones and those the databases of repeating games
// hold (the agents' test agrees with the solve layer's); any other is refused, named.
TEST(PerfectCyclic, PlaysTheGamesItsDatabasesHoldAndRefusesTheRest) {
    int refused = 0;
    for (const GameEntry& game : game_catalogue().games()) {
        EXPECT_EQ(cyclic_database_game(game.rules), solve::cyclic_database_rules(game.rules)) << game.name;
        EXPECT_EQ(perfect_plays(game.rules), kalah_shaped(game.rules) || solve::cyclic_database_rules(game.rules));
        if (perfect_plays(game.rules)) continue;
        ++refused;
        auto agent = make_agent("perfect:time=1s,db-size=0", {});
        try {
            agent->prepare(game.rules);
            ADD_FAILURE() << "perfect accepted " << game.name;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(game.name + " is not one"), std::string::npos) << e.what();
        }
    }
    EXPECT_GT(refused, 0);
    EXPECT_TRUE(perfect_plays(make_rules("oware")) && perfect_plays(make_rules("vai-lung-thlan")));
    EXPECT_FALSE(cyclic_database_game(make_rules("kalah")));
}

}  // namespace
}  // namespace mancala::agents
