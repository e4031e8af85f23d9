// The cyclic board (Oware's family) against the core board: every move of random
// games of each game it plays, and of random rule sets of its shape, cell for cell
// and field for field with Position::apply; its legal moves against
// Position::legal_moves; its perft against core perft; and the engine's results on it
// against the engine's on the core board, node for node.

#include "search/cyclic_board.hpp"
#include "core/perft.hpp"
#include "core/rules_string.hpp"
#include "search/board_ops.hpp"
#include "search/engine.hpp"
#include "search/position_key.hpp"

#include <gtest/gtest.h>

#include <bit>

#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace mancala::search {
namespace {
namespace cyclic_test {  // apart from the other tests a unity build puts in the same file

unsigned legal_mask(const Rules& rules, const Position& p) {
    unsigned mask = 0;
    for (int move : p.legal_moves(rules)) mask |= 1u << move;
    return mask;
}

// A position of random counts (at most `max_stones` a pit, small stores) that the board
// holds and whose game is not over; none after many tries (a board too small).
std::optional<Position> random_cyclic_position(std::mt19937& rng, const Rules& rules, int max_stones) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::vector<int> south(static_cast<std::size_t>(rules.pits)), north(static_cast<std::size_t>(rules.pits));
        for (int& x : south) x = static_cast<int>(rng() % static_cast<unsigned>(max_stones + 1));
        for (int& x : north) x = static_cast<int>(rng() % static_cast<unsigned>(max_stones + 1));
        const Position p =
            Position::from_counts(south, north, static_cast<int>(rng() % 5), static_cast<int>(rng() % 5),
                                  rng() % 2 ? Side::South : Side::North);
        if (CyclicBoard::fits(p) && !p.is_terminal(rules)) return p;
    }
    return std::nullopt;
}

// A rule set of the board's shape, every dimension it reads drawn at random; none when
// the draw is a combination that cannot be played.
std::optional<Rules> random_rules(std::mt19937& rng) {
    Rules r;
    r.pits = 1 + static_cast<int>(rng() % CyclicBoard::kMaxPits);
    r.seeds = static_cast<int>(rng() % 6);
    r.stores_on_ring = false;
    r.extra_turn = false;
    r.capture = static_cast<CaptureRule>(rng() % 3);
    r.capture_takes_last = rng() % 2 == 0;
    r.start = rng() % 3 == 0 ? SowingStart::Origin : SowingStart::Next;
    r.skip_start = r.start == SowingStart::Next && rng() % 2 == 0;
    if (rng() % 4 != 0) {
        if (rng() % 4 == 0)
            r.capture_counts.even = true;
        else
            r.capture_counts.counts = static_cast<std::uint32_t>(rng() % 64) << 1;  // of 1..6
        r.capture_side = static_cast<CaptureSide>(rng() % 3);
        r.capture_chain = rng() % 2 == 0;
    }
    r.grand_slam = static_cast<GrandSlam>(rng() % 3);
    r.end = static_cast<EndRule>(rng() % 3);
    r.must_feed = r.end == EndRule::NoMove && rng() % 2 == 0;
    r.leftovers = static_cast<Leftovers>(rng() % 3);
    r.majority = rng() % 2 == 0;
    r.repetition = rng() % 2 == 0;
    try {
        validate(r);
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
    return r;
}

// What the games checked went through, so that a test knows its games reached every case.
struct Coverage {
    long plies = 0, captures = 0, chains = 0, grand_slams = 0, passes = 0, game_overs = 0, laps = 0;
    long filtered = 0;  ///< positions where must-feed or a forbidden grand slam took moves away
};

// Plays a game of random legal moves from `p` on both boards, checking each position
// and each move; stops at the end of the game or after `max_plies`.
void expect_same_game(const Rules& rules, Position p, std::mt19937& rng, int max_plies, Coverage& seen) {
    const CyclicRules packed(rules);
    CyclicBoard b = CyclicBoard::from(p);
    const std::string name = describe(rules);
    for (int plies = 0; plies < max_plies && !p.is_terminal(rules); ++plies) {
        const MoveList moves = p.legal_moves(rules);
        if (moves.size() < p.nonempty_pits().size()) ++seen.filtered;
        EXPECT_EQ(b.movable(packed), legal_mask(rules, p)) << name << " " << to_string(p);
        EXPECT_EQ(b.move_count(packed), moves.size()) << name << " " << to_string(p);
        EXPECT_EQ(b.row_stones(packed, Side::South), p.row_stones(Side::South));
        EXPECT_EQ(b.row_stones(packed, Side::North), p.row_stones(Side::North));
        EXPECT_EQ(b.key(packed), position_key(p)) << name << " " << to_string(p);
        EXPECT_EQ(BoardOps<CyclicBoard>::store_ending_pit(b, packed), -1);
        for (int k = 0; k < moves.size(); ++k) EXPECT_TRUE(b.is_legal(packed, moves[k]));
        if (moves.empty()) break;
        const int move = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))];
        const std::string before = to_string(p);
        if (p.pit(p.to_move(), move) >= 2 * p.pits()) ++seen.laps;
        const MoveResult fast = b.apply(packed, move);
        const MoveResult slow = p.apply(rules, move);
        const std::string where = name + " " + before + " move " + std::to_string(move);
        EXPECT_EQ(b.to_position(), p) << where;  // every cell and the side to move
        EXPECT_TRUE(b.is_consistent()) << where;
        EXPECT_EQ(fast.extra_turn, slow.extra_turn) << where;
        EXPECT_EQ(fast.capture, slow.capture) << where;
        EXPECT_EQ(fast.grand_slam, slow.grand_slam) << where;
        EXPECT_EQ(fast.tuzdyk, slow.tuzdyk) << where;
        EXPECT_EQ(fast.passed, slow.passed) << where;
        EXPECT_EQ(fast.game_over, slow.game_over) << where;
        EXPECT_EQ(fast.captured, slow.captured) << where;
        EXPECT_EQ(fast.captured_cells, slow.captured_cells) << where;
        EXPECT_EQ(fast.relays, slow.relays) << where;
        EXPECT_EQ(fast.last_cell, slow.last_cell) << where;
        if (::testing::Test::HasFailure()) return;
        ++seen.plies;
        seen.captures += slow.capture;
        seen.chains += std::popcount(slow.captured_cells) > 1;
        seen.grand_slams += slow.grand_slam;
        seen.passes += slow.passed;
        seen.game_overs += slow.game_over;
        if (slow.game_over) {
            EXPECT_TRUE(p.is_terminal(rules)) << where;
            break;
        }
    }
}

void expect_covers_every_case(const Coverage& seen, const std::string& what) {
    EXPECT_GT(seen.plies, 20000) << what;
    EXPECT_GT(seen.captures, 100) << what;
    EXPECT_GT(seen.chains, 10) << what;
    EXPECT_GT(seen.game_overs, 100) << what;
    EXPECT_GT(seen.laps, 10) << what;
}

constexpr const char* kGames[] = {"oware", "awari", "bohnenspiel", "vai-lung-thlan"};

TEST(CyclicBoard, PlaysTheGamesOfItsShapeAndNoOthers) {
    for (const char* game : kGames) EXPECT_TRUE(cyclic_shaped(make_rules(game))) << game;
    for (const char* game :
         {"kalah", "homework", "relay", "congklak", "dakon", "mangala", "ayoayo", "toguz-kumalak"})
        EXPECT_FALSE(cyclic_shaped(make_rules(game))) << game;
    // Refinements within the shape are played; one past it is not.
    EXPECT_TRUE(cyclic_shaped(parse_rules("oware:grand-slam=captures,capture=always")));
    EXPECT_TRUE(cyclic_shaped(parse_rules("bohnenspiel:start=origin")));
    EXPECT_FALSE(cyclic_shaped(parse_rules("oware:sowing=relay")));
    // The board's size: 7 pits a side and 255 stones at most.
    EXPECT_TRUE(CyclicBoard::plays(make_rules("oware", 7, 18), Position::start(make_rules("oware", 7, 18))));
    EXPECT_FALSE(CyclicBoard::plays(make_rules("oware", 8, 4), Position::start(make_rules("oware", 8, 4))));
    EXPECT_FALSE(CyclicBoard::plays(make_rules("oware", 6, 22), Position::start(make_rules("oware", 6, 22))));
}

// Thousands of random games of each game, from the start and from random positions,
// on its own board and on every board size the cyclic board holds.
TEST(CyclicBoard, PlaysEveryGameOfItsShapeExactlyLikePosition) {
    std::mt19937 rng(2024);
    for (const char* game : kGames) {
        Coverage seen;
        const Rules own = make_rules(game);
        for (int g = 0; g < 400 && !HasFailure(); ++g) expect_same_game(own, Position::start(own), rng, 300, seen);
        for (int g = 0; g < 1600 && !HasFailure(); ++g) {
            const int pits = 1 + g % CyclicBoard::kMaxPits;
            const Rules rules = make_rules(game, pits, 4);
            if (const auto p = random_cyclic_position(rng, rules, g % 7 == 0 ? 30 : 5))
                expect_same_game(rules, *p, rng, 300, seen);
        }
        expect_covers_every_case(seen, game);
        EXPECT_TRUE(!own.must_feed || seen.filtered > 100) << game;
        EXPECT_TRUE(own.end != EndRule::BoardEmpty || seen.passes > 100) << game;
        EXPECT_TRUE(own.grand_slam == GrandSlam::Captures || seen.grand_slams > 10) << game;
    }
}

TEST(CyclicBoard, PlaysRandomRuleSetsOfItsShapeExactlyLikePosition) {
    std::mt19937 rng(77);
    int rule_sets = 0;
    Coverage seen;
    while (rule_sets < 3000 && !HasFailure()) {
        const std::optional<Rules> rules = random_rules(rng);
        if (!rules) continue;
        ASSERT_TRUE(cyclic_shaped(*rules)) << describe(*rules);
        ++rule_sets;
        const auto p = rule_sets % 2 == 0 ? std::optional<Position>(Position::start(*rules))
                                          : random_cyclic_position(rng, *rules, rule_sets % 9 == 0 ? 40 : 4);
        if (!p || !CyclicBoard::fits(*p) || p->is_terminal(*rules)) continue;
        expect_same_game(*rules, *p, rng, 200, seen);
    }
    expect_covers_every_case(seen, "random rule sets");
    EXPECT_GT(seen.filtered, 100);
    EXPECT_GT(seen.passes, 100);
    EXPECT_GT(seen.grand_slams, 100);
}

// Grand slams and must-feed, which random games reach seldom, set up by hand.
TEST(CyclicBoard, GrandSlamsAndFeedingAsPosition) {
    // South's pit 5 (2 stones) sows into North's pits 0 and 1, making 2 and 2: every stone North has.
    const Position slam =
        Position::from_counts(std::vector{1, 0, 0, 0, 0, 2}, std::vector{1, 1, 0, 0, 0, 0}, 10, 10, Side::South);
    // North's row is empty: only South's moves that reach it are legal.
    const Position starved =
        Position::from_counts(std::vector{3, 0, 2, 3, 0, 1}, std::vector{0, 0, 0, 0, 0, 0}, 20, 13, Side::South);
    for (const char* game : {"oware", "awari", "oware:grand-slam=captures"}) {
        const Rules rules = parse_rules(game);
        const CyclicRules packed(rules);
        for (const Position& p : {slam, starved}) {
            EXPECT_EQ(CyclicBoard::from(p).movable(packed), legal_mask(rules, p)) << game << " " << to_string(p);
            for (int move : p.legal_moves(rules)) {
                Position q = p;
                CyclicBoard b = CyclicBoard::from(p);
                const MoveResult slow = q.apply(rules, move);
                const MoveResult fast = b.apply(packed, move);
                EXPECT_EQ(b.to_position(), q) << game << " " << to_string(p) << " move " << move;
                EXPECT_EQ(fast.grand_slam, slow.grand_slam);
                EXPECT_EQ(fast.captured, slow.captured);
                EXPECT_EQ(fast.game_over, slow.game_over);
            }
        }
    }
    // Awari forbids the slam while another move is legal; Oware plays it without capturing.
    EXPECT_EQ(CyclicBoard::from(slam).movable(CyclicRules(make_rules("awari"))), 1u);
    EXPECT_EQ(CyclicBoard::from(slam).movable(CyclicRules(make_rules("oware"))), 1u | 1u << 5);
    EXPECT_EQ(CyclicBoard::from(starved).movable(CyclicRules(make_rules("oware"))), 1u << 3 | 1u << 5);
}

// A forbidden grand slam is looked for only where the opponent's every pit holds no more
// stones than a capture can take there: at that bound the slam is still found.
TEST(CyclicBoard, ScreensGrandSlamsAtTheBoundOfTheCaptures) {
    const Rules awari = make_rules("awari");  // captures of 2 and 3: a pit of 4 is never taken
    const Position four =
        Position::from_counts(std::vector{0, 0, 0, 0, 1, 2}, std::vector{1, 4, 0, 0, 0, 0}, 20, 20, Side::South);
    EXPECT_EQ(CyclicBoard::from(four).movable(CyclicRules(awari)), legal_mask(awari, four));
    EXPECT_EQ(legal_mask(awari, four), 1u << 4 | 1u << 5);
    // A chain that runs back from South's row into North's unsown last pit takes its 3
    // stones, the most a capture takes: South's pits 0 and 1 would take all North has,
    // and only pit 3 is legal.
    const Rules wrap = parse_rules("awari:start=origin,skip-start=no,capture-side=both,capture-counts=1+2+3");
    const Position three =
        Position::from_counts(std::vector{2, 2, 0, 5, 0, 0}, std::vector{0, 0, 0, 0, 0, 3}, 10, 10, Side::South);
    EXPECT_EQ(legal_mask(wrap, three), 1u << 3);
    EXPECT_EQ(CyclicBoard::from(three).movable(CyclicRules(wrap)), legal_mask(wrap, three));
}

template <class Board>
std::uint64_t board_perft(const Board& board, const typename BoardOps<Board>::Context& context, int plies) {
    if (plies == 0) return 1;
    std::uint64_t total = 0;
    for (unsigned moves = BoardOps<Board>::movable(board, context); moves != 0; moves &= moves - 1) {
        Board child = board;
        const MoveResult r = BoardOps<Board>::apply(child, context, std::countr_zero(moves));
        total += plies == 1 ? 1 : (r.game_over ? 0 : board_perft(child, context, plies - 1));
    }
    return total;
}

TEST(CyclicBoard, PerftEqualsCorePerft) {
    for (const char* game : kGames) {
        const Rules rules = make_rules(game);
        std::mt19937 rng(5);
        std::vector<Position> roots{Position::start(rules)};
        for (int k = 0; k < 4; ++k)
            if (const auto p = random_cyclic_position(rng, rules, 3)) roots.push_back(*p);
        for (const Position& root : roots)
            for (int plies = 1; plies <= 6; ++plies)
                ASSERT_EQ(board_perft(CyclicBoard::from(root), CyclicRules(rules), plies),
                          perft(rules, root, plies))
                    << game << " " << to_string(root) << " plies " << plies;
    }
}

// A position `plies` random moves into a game from the start (fewer if it ends).
Position game_position(const Rules& rules, unsigned seed, int plies) {
    std::mt19937 rng(seed);
    Position p = Position::start(rules);
    for (int i = 0; i < plies; ++i) {
        const MoveList moves = p.legal_moves(rules);
        Position next = p;
        next.apply(rules, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
        if (next.is_terminal(rules)) break;
        p = next;
    }
    return p;
}

// The same search on either board: the same moves in the same order, the same keys,
// so the same tree, node for node.
TEST(CyclicBoard, EngineSearchesAsOnTheCoreBoard) {
    for (const char* game : kGames) {
        const Rules rules = make_rules(game);
        for (int plies : {0, 9, 17, 28}) {
            const Position p = game_position(rules, 3, plies);
            ASSERT_TRUE(CyclicBoard::plays(rules, p));
            for (int depth : {1, 4, 8, 11}) {
                for (Heuristic h : {Heuristic::StoreDiff, Heuristic::SideDiff}) {
                    SearchReport reports[2];
                    for (bool fast : {true, false}) {
                        EngineSettings settings{h, 4, 1};
                        settings.fast_boards = fast;
                        Engine engine(settings);
                        SearchLimits limits;
                        limits.depth = depth;
                        reports[fast ? 0 : 1] = engine.search(rules, p, limits);
                    }
                    const std::string where =
                        std::string(game) + " " + to_string(p) + " depth " + std::to_string(depth);
                    EXPECT_EQ(reports[0].score, reports[1].score) << where;
                    EXPECT_EQ(reports[0].best_move, reports[1].best_move) << where;
                    EXPECT_EQ(reports[0].nodes, reports[1].nodes) << where;
                    EXPECT_EQ(reports[0].depth, reports[1].depth) << where;
                    EXPECT_EQ(reports[0].proven, reports[1].proven) << where;
                    EXPECT_EQ(reports[0].pv, reports[1].pv) << where;
                }
            }
        }
    }
    EXPECT_EQ(Engine::table_key(make_rules("oware"), Position::start(make_rules("oware"))),
              position_key(Position::start(make_rules("oware"))));
}

}  // namespace cyclic_test
}  // namespace
}  // namespace mancala::search
