// The plan of a solve (solve/solve_plan.hpp): which requests it refuses and in which
// order, the method it chooses, the bound asked of the first player (South) or of the
// side to move put as the mover's test, and the mover's Solution read back as the
// answer. The positions and values are worked out by hand, or are those `mancala solve`
// prints for them (docs/SOLVING.md).

#include "solve/solve_plan.hpp"

#include "core/notation.hpp"

#include <gtest/gtest.h>

#include <string>

namespace mancala::solve {
namespace {

// Kalah(4,3) after South's B3 and North's B3: North to move; the first player wins by 6.
constexpr const char* kNorthToMove = "3,3,4,4/3,0,0,5/0/2/N";

SolveRequest request_at(const Rules& rules, const Position& start) {
    SolveRequest r;
    r.rules = rules;
    r.start = start;
    r.options.threads = 1;
    return r;
}

SolveRequest start_of(const char* preset, int pits, int seeds) {
    const Rules rules = make_rules(preset, pits, seeds);
    return request_at(rules, Position::start(rules));
}

SolveRequest north_to_move() {
    const Rules rules = make_rules("kalah", 4, 3);
    return request_at(rules, parse_position(kNorthToMove, rules));
}

SolveRequest asking(SolveRequest r, bool at_least, int stones, MarginOf of = MarginOf::FirstPlayer) {
    r.bound = BoundQuestion{at_least, stones};
    r.margin_of = of;
    return r;
}

Refusal refusal_of(const SolveRequest& r) {
    try {
        plan_solve(r);
    } catch (const SolveRefused& e) {
        return e.reason();
    }
    ADD_FAILURE() << "not refused";
    return Refusal::GameOver;
}

TEST(SolvePlan, ChoosesTheMethodAsChooseMethodDoes) {
    EXPECT_EQ(plan_solve(start_of("kalah", 3, 3)).method, SolveMethod::Auto);    // C(24,6) = 134,596 positions
    EXPECT_EQ(plan_solve(start_of("kalah", 4, 5)).method, SolveMethod::Search);  // C(48,8) = 377 M: past 100 M
    SolveRequest small = start_of("kalah", 3, 3);
    small.options.max_positions = 134'595;
    EXPECT_EQ(plan_solve(small).method, SolveMethod::Search);
    SolveRequest forced = start_of("kalah", 6, 4);
    forced.options.method = SolveMethod::Retrograde;
    EXPECT_EQ(plan_solve(forced).method, SolveMethod::Retrograde);
    // What only a search has: pieces, a table file, a database on disk.
    SolveRequest pieces = asking(start_of("kalah", 3, 3), true, 1);
    pieces.options.split = SplitOptions{};
    EXPECT_EQ(plan_solve(pieces).method, SolveMethod::Search);
    SolveRequest table = start_of("kalah", 3, 3);
    table.options.table_file = "t.table";
    EXPECT_EQ(plan_solve(table).method, SolveMethod::Search);
    SolveRequest disk = start_of("kalah", 3, 3);
    disk.options.db_dir = "db";
    EXPECT_EQ(plan_solve(disk).method, SolveMethod::Search);
}

TEST(SolvePlan, TheOptionsAskTheMethodChosenAndKeepTheRest) {
    SolveRequest r = start_of("kalah", 4, 5);
    r.options.threads = 3;
    r.options.hash_mb = 8;
    r.options.db_stones = 4;
    const SolvePlan plan = plan_solve(r);
    EXPECT_EQ(plan.options.method, SolveMethod::Search);
    EXPECT_EQ(choose_method(r.rules, r.start, plan.options), SolveMethod::Search);
    EXPECT_EQ(plan.options.threads, 3);
    EXPECT_EQ(plan.options.hash_mb, 8u);
    EXPECT_EQ(plan.options.db_stones, 4);
    EXPECT_FALSE(plan.options.at_least.has_value());
    EXPECT_FALSE(plan.first_at_least.has_value());
    // An at_least left in the options is not a question: the bound asked is.
    SolveRequest stray = start_of("kalah", 3, 3);
    stray.options.at_least = 5;
    EXPECT_FALSE(plan_solve(stray).options.at_least.has_value());
}

// South to move: the first player's margin is the mover's. "At most V" is "not at least V + 1".
TEST(SolvePlan, SouthToMoveAsksTheFirstPlayersBoundOfTheMover) {
    const SolvePlan at_least = plan_solve(asking(start_of("kalah", 4, 3), true, 6));
    EXPECT_EQ(at_least.options.at_least, 6);
    EXPECT_TRUE(at_least.holds_if_high);
    EXPECT_EQ(at_least.first_at_least, 6);
    const SolvePlan at_most = plan_solve(asking(start_of("kalah", 4, 3), false, 5));
    EXPECT_EQ(at_most.options.at_least, 6);
    EXPECT_FALSE(at_most.holds_if_high);
    EXPECT_EQ(at_most.first_at_least, 6);
}

// North to move: the first player's margin is minus the mover's. South at least 6 is
// North at most -6, that is not at least -5; South at most 6 is North at least -6.
TEST(SolvePlan, NorthToMoveTurnsTheFirstPlayersBound) {
    const SolvePlan at_least = plan_solve(asking(north_to_move(), true, 6));
    EXPECT_EQ(at_least.options.at_least, -5);
    EXPECT_FALSE(at_least.holds_if_high);
    EXPECT_EQ(at_least.first_at_least, 6);  // what the pieces ask: South at least 6
    const SolvePlan at_most = plan_solve(asking(north_to_move(), false, 6));
    EXPECT_EQ(at_most.options.at_least, -6);
    EXPECT_TRUE(at_most.holds_if_high);
    EXPECT_EQ(at_most.first_at_least, 7);  // South at most 6: not at least 7
    const SolvePlan negative = plan_solve(asking(north_to_move(), true, -2));
    EXPECT_EQ(negative.options.at_least, 3);  // North at most 2: not at least 3
}

// Python's solve() asks the mover's margin, whoever moves: nothing is turned.
TEST(SolvePlan, TheSideToMovesBoundIsAskedAsItIs) {
    const SolvePlan at_least = plan_solve(asking(north_to_move(), true, -6, MarginOf::SideToMove));
    EXPECT_EQ(at_least.options.at_least, -6);
    EXPECT_TRUE(at_least.holds_if_high);
    EXPECT_EQ(at_least.first_at_least, 7);  // North at least -6 is South at most 6: not at least 7
    const SolvePlan at_most = plan_solve(asking(north_to_move(), false, -7, MarginOf::SideToMove));
    EXPECT_EQ(at_most.options.at_least, -6);
    EXPECT_FALSE(at_most.holds_if_high);
}

Solution solved(int value, int bound) {
    Solution s;
    s.method = SolveMethod::Search;
    s.value = value;
    s.bound = bound;
    return s;
}

TEST(SolvePlan, AnswersInTheFirstPlayersTerms) {
    // North's exact -6 is South's +6; the questions read off it.
    const SolveAnswer exact = plan_solve(north_to_move()).answer(solved(-6, 0));
    EXPECT_EQ(exact.value, 6);
    EXPECT_EQ(exact.bound, 0);
    EXPECT_FALSE(exact.holds.has_value());
    EXPECT_EQ(plan_solve(asking(north_to_move(), true, 6)).answer(solved(-6, 0)).holds, true);
    EXPECT_EQ(plan_solve(asking(north_to_move(), true, 7)).answer(solved(-6, 0)).holds, false);
    EXPECT_EQ(plan_solve(asking(north_to_move(), false, 6)).answer(solved(-6, 0)).holds, true);
    EXPECT_EQ(plan_solve(asking(north_to_move(), false, 5)).answer(solved(-6, 0)).holds, false);
    // South at most 6 asks North at least -6: North's test fails high (at least -6), so
    // South is at most +6 and the bound holds.
    const SolveAnswer held = plan_solve(asking(north_to_move(), false, 6)).answer(solved(-6, 1));
    EXPECT_EQ(held.value, 6);
    EXPECT_EQ(held.bound, -1);
    EXPECT_EQ(held.holds, true);
    // South at least 6 asks North at least -5: it fails low (North at most -6), South is
    // at least +6, and the bound holds.
    const SolveAnswer low = plan_solve(asking(north_to_move(), true, 6)).answer(solved(-6, -1));
    EXPECT_EQ(low.value, 6);
    EXPECT_EQ(low.bound, 1);
    EXPECT_EQ(low.holds, true);
    // South to move: the mover's terms are the first player's.
    const SolveAnswer refuted = plan_solve(asking(start_of("kalah", 4, 3), true, 7)).answer(solved(6, -1));
    EXPECT_EQ(refuted.value, 6);
    EXPECT_EQ(refuted.bound, -1);
    EXPECT_EQ(refuted.holds, false);
}

TEST(SolvePlan, AnswersInTheSideToMovesTerms) {
    const SolveAnswer a =
        plan_solve(asking(north_to_move(), true, -5, MarginOf::SideToMove)).answer(solved(-6, -1));
    EXPECT_EQ(a.value, -6);
    EXPECT_EQ(a.bound, -1);
    EXPECT_EQ(a.holds, false);
    const SolveAnswer exact = plan_solve(north_to_move()).answer(solved(-6, 0));
    EXPECT_EQ(exact.value, 6);  // the default is the first player's
    SolveRequest mover = north_to_move();
    mover.margin_of = MarginOf::SideToMove;
    EXPECT_EQ(plan_solve(mover).answer(solved(-6, 0)).value, -6);
}

// The whole way, as `mancala solve --position 3,3,4,4/3,0,0,5/0/2/N --at-most 5 --method
// search` goes: false, proven at least +6.
TEST(SolvePlan, ASolveOfThePlanAnswersTheQuestion) {
    SolveRequest r = asking(north_to_move(), false, 5);
    r.options.method = SolveMethod::Search;
    const SolvePlan plan = plan_solve(r);
    const Solution s = solve_position(make_rules("kalah", 4, 3), north_to_move().start, plan.options);
    const SolveAnswer a = plan.answer(s);
    EXPECT_EQ(a.value, 6);
    EXPECT_EQ(a.bound, 1);
    EXPECT_EQ(a.holds, false);
}

TEST(SolvePlan, RefusesAGameThatIsOver) {
    const Rules rules = make_rules("kalah", 2, 1);
    EXPECT_EQ(refusal_of(request_at(rules, parse_position("0,0/0,0/3/5/S", rules))), Refusal::GameOver);
    try {
        plan_solve(request_at(rules, parse_position("0,0/0,0/3/5/S", rules)));
    } catch (const SolveRefused& e) {
        EXPECT_STREQ(e.what(), "the game is already over in this position");
    }
}

TEST(SolvePlan, RefusesGamesTheSolverDoesNotHold) {
    for (const char* game : {"oware", "awari", "congklak"}) {
        SCOPED_TRACE(game);
        EXPECT_EQ(refusal_of(start_of(game, 3, 2)), Refusal::GameNotHeld);
        SolveRequest searched = start_of(game, 3, 2);
        searched.options.method = SolveMethod::Search;
        EXPECT_EQ(refusal_of(searched), Refusal::GameNotHeld);
    }
    try {
        plan_solve(start_of("oware", 3, 2));
    } catch (const SolveRefused& e) {
        EXPECT_NE(std::string(e.what()).find("oware is not one"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(plan_solve(start_of("homework", 3, 2)));
    EXPECT_NO_THROW(plan_solve(start_of("relay", 3, 2)));
}

TEST(SolvePlan, RefusesWhatTheMethodAskedHasNot) {
    SolveRequest race = start_of("kalah", 3, 3);
    race.options.method = SolveMethod::Search;
    race.options.search_first_for = std::chrono::seconds(1);
    EXPECT_EQ(refusal_of(race), Refusal::SearchFirstNoRace);
    race.options.method = SolveMethod::Auto;
    EXPECT_NO_THROW(plan_solve(race));

    SolveRequest pieces = start_of("kalah", 3, 3);
    pieces.options.split = SplitOptions{};
    EXPECT_EQ(refusal_of(pieces), Refusal::SplitNoBound);
    SolveRequest journal = start_of("kalah", 3, 3);
    journal.options.journal = "j.journal";
    EXPECT_EQ(refusal_of(journal), Refusal::SplitNoBound);
    pieces.bound = BoundQuestion{true, 1};
    EXPECT_NO_THROW(plan_solve(pieces));
    pieces.options.method = SolveMethod::Retrograde;
    EXPECT_EQ(refusal_of(pieces), Refusal::SplitRetrograde);

    SolveRequest table = start_of("kalah", 3, 3);
    table.options.method = SolveMethod::Retrograde;
    table.options.table_file = "t.table";
    EXPECT_EQ(refusal_of(table), Refusal::TableRetrograde);

    SolveRequest big = start_of("kalah", 6, 20);  // 240 stones in the pits
    big.options.method = SolveMethod::Retrograde;
    EXPECT_EQ(refusal_of(big), Refusal::TooManyStones);
    big.options.method = SolveMethod::Auto;
    EXPECT_EQ(plan_solve(big).method, SolveMethod::Search);
}

// The first refusal that applies, in Refusal's order: what `mancala solve` said before.
TEST(SolvePlan, RefusesInOrder) {
    const Rules oware = make_rules("oware", 2, 1);
    SolveRequest over = request_at(oware, parse_position("0,0/0,0/3/5/S", oware));
    over.options.method = SolveMethod::Search;
    over.options.search_first_for = std::chrono::seconds(1);
    EXPECT_EQ(refusal_of(over), Refusal::GameOver);
    SolveRequest race = start_of("oware", 3, 2);
    race.options.method = SolveMethod::Search;
    race.options.search_first_for = std::chrono::seconds(1);
    EXPECT_EQ(refusal_of(race), Refusal::SearchFirstNoRace);
    SolveRequest both = start_of("kalah", 3, 3);
    both.bound = BoundQuestion{true, 1};
    both.options.method = SolveMethod::Retrograde;
    both.options.split = SplitOptions{};
    both.options.table_file = "t.table";
    EXPECT_EQ(refusal_of(both), Refusal::SplitRetrograde);
    SolveRequest big = start_of("oware", 6, 20);
    big.options.method = SolveMethod::Retrograde;
    EXPECT_EQ(refusal_of(big), Refusal::GameNotHeld);
}

}  // namespace
}  // namespace mancala::solve
