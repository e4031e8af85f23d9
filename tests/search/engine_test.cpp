// The engine against plain minimax: at every depth, on random positions of every
// preset, and against exhaustive search on boards small enough to solve.

#include "search/engine.hpp"
#include "core/pit_names.hpp"
#include "search/board_ops.hpp"
#include "search/packed_board.hpp"
#include "search/position_key.hpp"
#include "support/exhaustive_search.hpp"

#include "util/fast_random.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

namespace mancala::search {
namespace {

// Plain negamax over plies: what the side to move can still gain, in points.
int reference_negamax(const Rules& rules, const Position& p, int depth, Heuristic h) {
    const Side me = p.to_move();
    if (depth == 0) {
        const int side = p.row_stones(me) - p.row_stones(opponent(me));
        switch (h) {
            case Heuristic::Store:
            case Heuristic::StoreDiff:
                return 0;
            case Heuristic::Side:
            case Heuristic::SideDiff:
                return kPointsPerStone * side;
            case Heuristic::Weighted:
                return 3 * side;
            case Heuristic::Fitted:
            case Heuristic::Learned: {
                // The engine's leaves hold it to what is left to win, as its bounds do.
                const int on_board = kPointsPerStone * p.stones_in_pits();
                const LearnedNetwork* net = h == Heuristic::Learned ? embedded_network_for(rules) : nullptr;
                std::uint8_t counts[2 * kMaxPits];
                for (int i = 0; i < p.pits(); ++i) {
                    counts[i] = static_cast<std::uint8_t>(p.pit(me, i));
                    counts[p.pits() + i] = static_cast<std::uint8_t>(p.pit(opponent(me), i));
                }
                const int value = net ? learned_reference_value(*net, counts) : fitted_value(p, rules);
                return std::clamp(value, -on_board, on_board);
            }
        }
    }
    int best = -(1 << 29);
    for (int move : p.nonempty_pits()) {
        Position child = p;
        const MoveResult r = child.apply(rules, move);
        const int gain = kPointsPerStone * (child.store_difference(me) - p.store_difference(me));
        int value = gain;
        if (!r.game_over) {
            const int rest = reference_negamax(rules, child, depth - 1, h);
            value += child.to_move() == me ? rest : -rest;
        }
        best = std::max(best, value);
    }
    return best;
}

Position random_position(std::mt19937& rng, const Rules& rules, int max_stones) {
    for (;;) {
        std::vector<int> south(static_cast<std::size_t>(rules.pits)), north(static_cast<std::size_t>(rules.pits));
        for (int& x : south) x = static_cast<int>(rng() % static_cast<unsigned>(max_stones + 1));
        for (int& x : north) x = static_cast<int>(rng() % static_cast<unsigned>(max_stones + 1));
        Position p = Position::from_counts(south, north, static_cast<int>(rng() % 5), static_cast<int>(rng() % 5),
                                           rng() % 2 ? Side::South : Side::North);
        if (p.nonempty_pits().empty()) p.set_to_move(opponent(p.to_move()));
        if (!p.is_terminal(rules) && !p.nonempty_pits().empty()) return p;
    }
}

// Each packed board plays every move of random games as Position does, on every
// board size it holds: the same position after it, the same result; and it finds the
// move that ends in the mover's store from the counts as playing every move does.
template <class Board>
void expect_plays_exactly_like_position(int first_pits) {
    std::mt19937 rng(99);
    for (const char* preset : {"kalah", "homework", "relay"}) {
        for (int n = first_pits; n <= Board::kMaxPits; ++n) {
            const Rules rules = make_rules(preset, n, 0);
            const typename Board::Packed packed_rules(rules);
            for (int game = 0; game < 40; ++game) {
                Position p = random_position(rng, rules, game % 5 == 0 ? 30 : 6);
                if (!Board::fits(p)) continue;
                Board b = Board::from(p);
                while (!p.is_terminal(rules)) {
                    const MoveList moves = p.nonempty_pits();
                    unsigned movable = 0;
                    for (int k = 0; k < moves.size(); ++k) movable |= 1u << moves[k];
                    ASSERT_EQ(b.movable(packed_rules), movable) << preset << " " << to_string(p);
                    ASSERT_EQ(b.move_count(packed_rules), moves.size()) << preset << " " << to_string(p);
                    ASSERT_EQ(b.row_stones(packed_rules, Side::South), p.row_stones(Side::South));
                    ASSERT_EQ(b.row_stones(packed_rules, Side::North), p.row_stones(Side::North));
                    ASSERT_EQ(b.pit_stones(packed_rules), p.row_stones(Side::South) + p.row_stones(Side::North));
                    // The move found from the counts whose sowing ends in the mover's store: the
                    // highest pit that, played, ends there with at most one lap and no relay.
                    int ending = -1;
                    for (int k = 0; k < moves.size(); ++k) {
                        Position q = p;
                        const int stones = p.pit(p.to_move(), moves[k]);
                        const MoveResult r = q.apply(rules, moves[k]);
                        if (r.relays == 0 && r.last_cell == p.store_cell(p.to_move()) &&
                            stones <= n - moves[k] + rule::lap_cells(n))
                            ending = std::max(ending, moves[k]);
                    }
                    ASSERT_EQ(b.store_ending_pit(packed_rules), ending) << preset << " " << to_string(p);
                    ASSERT_EQ(BoardOps<Position>::store_ending_pit(p, rules), ending)
                        << preset << " " << to_string(p);
                    const int move = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))];
                    const MoveResult fast = b.apply(packed_rules, move);
                    const MoveResult slow = p.apply(rules, move);
                    ASSERT_EQ(b.to_position(), p) << preset << " " << to_string(p);
                    ASSERT_TRUE(b.is_consistent()) << preset << " " << to_string(p);
                    ASSERT_EQ(fast.extra_turn, slow.extra_turn);
                    ASSERT_EQ(fast.capture, slow.capture);
                    ASSERT_EQ(fast.captured, slow.captured);
                    ASSERT_EQ(fast.game_over, slow.game_over);
                    ASSERT_EQ(fast.passed, slow.passed);
                    ASSERT_EQ(fast.relays, slow.relays);
                    ASSERT_EQ(fast.last_cell, slow.last_cell);
                }
            }
        }
    }
}

TEST(PackedBoard, PlaysExactlyLikePosition) { expect_plays_exactly_like_position<PackedBoard>(1); }

// The wide board holds the small boards too: it is checked on them as well.
TEST(WidePackedBoard, PlaysExactlyLikePosition) { expect_plays_exactly_like_position<WidePackedBoard>(1); }

TEST(WidePackedBoard, HoldsFifteenPitsAndTwoHundredFiftyFiveStones) {
    const std::vector<int> south{17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17};
    const std::vector<int> north(15, 0);
    const Position full = Position::from_counts(south, north, 0, 0, Side::South);
    ASSERT_EQ(full.total_stones(), 255);
    EXPECT_FALSE(PackedBoard::fits(full));
    ASSERT_TRUE(WidePackedBoard::fits(full));
    EXPECT_EQ(WidePackedBoard::from(full).to_position(), full);
    const Position sixteen =
        Position::from_counts(std::vector<int>(16, 1), std::vector<int>(16, 1), 0, 0, Side::South);
    EXPECT_FALSE(WidePackedBoard::fits(sixteen));
    const Position heavy = Position::from_counts(
        south, std::vector<int>{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0, 0, Side::South);
    EXPECT_FALSE(WidePackedBoard::fits(heavy));
}

TEST(PositionKey, IgnoresStoresButNotPitsOrSide) {
    const Rules rules = make_rules("kalah", 6, 4);
    const PackedRules packed(rules);
    const std::vector<int> row{1, 2, 3, 4, 5, 6};
    const std::vector<int> other{6, 5, 4, 3, 2, 1};
    const Position a = Position::from_counts(row, other, 0, 0, Side::South);
    const Position b = Position::from_counts(row, other, 7, 3, Side::South);
    const Position c = Position::from_counts(row, other, 0, 0, Side::North);
    const Position d = Position::from_counts(other, row, 0, 0, Side::South);
    EXPECT_EQ(position_key(a), position_key(b));
    EXPECT_NE(position_key(a), position_key(c));
    EXPECT_NE(position_key(a), position_key(d));
    EXPECT_EQ(PackedBoard::from(a).key(packed), PackedBoard::from(b).key(packed));
    EXPECT_NE(PackedBoard::from(a).key(packed), PackedBoard::from(c).key(packed));
    EXPECT_NE(PackedBoard::from(a).key(packed), PackedBoard::from(d).key(packed));
}

// The wide board's keys are its own: stores left out, every pit and the side in,
// and no two of many random positions alike.
TEST(PositionKey, WideBoardKeysIgnoreStoresButNotPitsOrSide) {
    const Rules rules = make_rules("kalah", 10, 4);
    const WidePackedRules packed(rules);
    const std::vector<int> row{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    const std::vector<int> other{10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    auto key = [&](const Position& p) { return WidePackedBoard::from(p).key(packed); };
    const Position a = Position::from_counts(row, other, 0, 0, Side::South);
    EXPECT_EQ(key(a), key(Position::from_counts(row, other, 7, 3, Side::South)));
    EXPECT_NE(key(a), key(Position::from_counts(row, other, 0, 0, Side::North)));
    EXPECT_NE(key(a), key(Position::from_counts(other, row, 0, 0, Side::South)));
    std::mt19937 rng(5);
    std::vector<std::uint64_t> keys;
    for (int i = 0; i < 20000; ++i) {
        std::vector<int> south(10), north(10);
        for (int& x : south) x = static_cast<int>(rng() % 4);
        for (int& x : north) x = static_cast<int>(rng() % 4);
        keys.push_back(key(Position::from_counts(south, north, 0, 0, i % 2 ? Side::South : Side::North)));
    }
    std::sort(keys.begin(), keys.end());
    const auto distinct = static_cast<std::size_t>(std::unique(keys.begin(), keys.end()) - keys.begin());
    EXPECT_GE(distinct, keys.size() - 1);  // duplicates only where the random positions repeat
}

TEST(TranspositionTable, StoresAndFindsEntries) {
    TranspositionTable tt(1);
    const TTEntry in{-1234567, 17, Bound::Lower, true, 5};
    tt.store(42, in, false);
    TTEntry out;
    ASSERT_TRUE(tt.probe(42, out));
    EXPECT_EQ(out.score, in.score);
    EXPECT_EQ(out.depth, in.depth);
    EXPECT_EQ(out.bound, in.bound);
    EXPECT_EQ(out.proven, in.proven);
    EXPECT_EQ(out.move, in.move);
    EXPECT_FALSE(tt.probe(43, out));
    tt.clear();
    EXPECT_FALSE(tt.probe(42, out));
}

// The search says which entries are near (small subtrees): a near probe reads the
// near table alone, any other the main table and then the near one; a proven
// entry of the main table is seen by near probes too; a resized table is empty.
TEST(TranspositionTable, NearAndMainEntriesEachHaveTheirTable) {
    TranspositionTable tt(1);
    tt.store(7, TTEntry{5, 3, Bound::Exact, false, 1}, true);
    tt.store(9, TTEntry{-3, 9, Bound::Upper, false, 2}, false);
    TTEntry out;
    ASSERT_TRUE(tt.probe(7, true, out));
    EXPECT_EQ(out.depth, 3);
    ASSERT_TRUE(tt.probe(7, false, out));
    EXPECT_EQ(out.score, 5);
    EXPECT_FALSE(tt.probe(9, true, out));
    ASSERT_TRUE(tt.probe(9, false, out));
    EXPECT_EQ(out.score, -3);
    ASSERT_TRUE(tt.probe(7, out));
    ASSERT_TRUE(tt.probe(9, out));
    // Searched deeper, the same position goes to the main table, which is read first.
    tt.store(7, TTEntry{6, 9, Bound::Lower, false, 3}, false);
    ASSERT_TRUE(tt.probe(7, false, out));
    EXPECT_EQ(out.score, 6);
    ASSERT_TRUE(tt.probe(7, true, out));
    EXPECT_EQ(out.score, 5);
    // A proven result holds at any depth: a near probe sees it, not the stale estimate.
    tt.store(7, TTEntry{8, 12, Bound::Exact, true, 0}, false);
    ASSERT_TRUE(tt.probe(7, true, out));
    EXPECT_EQ(out.score, 8);
    EXPECT_TRUE(out.proven);
    tt.resize(2);
    EXPECT_FALSE(tt.probe(7, out));
    EXPECT_FALSE(tt.probe(9, out));
    // Without the near table (proofs) the main table alone is read and written.
    tt.use_near_table(false);
    tt.store(11, TTEntry{4, 12, Bound::Exact, true, 0}, false);
    ASSERT_TRUE(tt.probe(11, false, out));
    tt.use_near_table(true);
    EXPECT_FALSE(tt.probe(11, true, out));
}

// A full bucket gives up its shallowest entry, or in a proof (replace_by_work) the one
// whose subtree was smallest: the work field survives the packing.
TEST(TranspositionTable, AFullBucketGivesUpItsShallowestOrItsCheapestEntry) {
    for (const bool by_work : {false, true}) {
        TranspositionTable tt(1);  // 16,384 buckets: keys 16,384 apart share one
        tt.use_near_table(false);
        tt.replace_by_work(by_work);
        constexpr std::uint64_t kApart = 16384;
        // depth and work rank them differently: key 2 is the shallowest (depth 10), key 4 the cheapest (work 10)
        const int depths[4] = {40, 10, 30, 20};
        const int works[4] = {30, 40, 20, 10};
        for (std::uint64_t k = 0; k < 4; ++k)
            tt.store(1 + kApart * (k + 1), TTEntry{0, depths[k], Bound::Exact, true, 0, works[k]}, false);
        TTEntry out;
        ASSERT_TRUE(tt.probe(1 + kApart * 4, out));
        EXPECT_EQ(out.work, 10);
        tt.store(1 + kApart * 5, TTEntry{0, 25, Bound::Exact, true, 0, 25}, false);
        const std::uint64_t gone = by_work ? 4 : 2;
        EXPECT_FALSE(tt.probe(1 + kApart * gone, out)) << "by_work " << by_work;
        for (std::uint64_t k = 1; k <= 5; ++k) {
            if (k == gone) continue;
            EXPECT_TRUE(tt.probe(1 + kApart * k, out)) << k;
        }
    }
}

struct DepthCase {
    const char* preset;
    int pits;
    int max_stones;
    Heuristic heuristic;
};

class EngineVersusMinimax : public ::testing::TestWithParam<DepthCase> {};

// With deeper table results switched off, a depth-d search must return exactly
// the depth-d minimax value, at every depth, on random positions.
TEST_P(EngineVersusMinimax, SameValueAtEveryDepth) {
    const DepthCase c = GetParam();
    const Rules rules = make_rules(c.preset, c.pits, 0);
    std::mt19937 rng(static_cast<unsigned>(c.pits * 31 + c.max_stones));
    EngineSettings settings;
    settings.heuristic = c.heuristic;
    settings.hash_mb = 1;  // small: collisions and replacements get exercised too
    settings.reuse_deeper_results = false;
    Engine engine(settings);
    for (int i = 0; i < 25; ++i) {
        const Position p = random_position(rng, rules, c.max_stones);
        for (int depth = 1; depth <= 6; ++depth) {
            engine.new_game();
            SearchLimits limits;
            limits.depth = depth;
            const SearchReport report = engine.search(rules, p, limits);
            const int expected =
                kPointsPerStone * p.store_difference(p.to_move()) + reference_negamax(rules, p, depth, c.heuristic);
            if (report.depth < depth) {  // proven before the depth: the value is exhaustive
                ASSERT_TRUE(report.proven);
                continue;
            }
            ASSERT_EQ(report.score, expected) << to_string(p) << " depth " << depth;
            ASSERT_TRUE(p.is_legal(rules, report.best_move));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Presets, EngineVersusMinimax,
    ::testing::Values(DepthCase{"kalah", 6, 5, Heuristic::StoreDiff}, DepthCase{"kalah", 4, 8, Heuristic::Weighted},
                      DepthCase{"homework", 5, 6, Heuristic::SideDiff},
                      DepthCase{"relay", 4, 5, Heuristic::StoreDiff},
                      DepthCase{"kalah", 9, 3, Heuristic::StoreDiff},     // 8 to 15 pits: the wide board
                      DepthCase{"homework", 10, 2, Heuristic::Weighted},  // the wide board capturing on empty
                      DepthCase{"relay", 11, 2, Heuristic::SideDiff},     // the wide board relaying
                      DepthCase{"kalah", 16, 1, Heuristic::StoreDiff},    // more than 15 pits: the generic board
                      DepthCase{"kalah", 3, 120, Heuristic::Weighted},    // more than 255 stones: generic too
                      // The fitted value, held to what is left to win: small rows, where it overshoots.
                      DepthCase{"homework", 7, 2, Heuristic::Fitted}, DepthCase{"kalah", 8, 2, Heuristic::Fitted},
                      DepthCase{"relay", 6, 3, Heuristic::Fitted}, DepthCase{"kalah", 5, 4, Heuristic::Fitted},
                      // The learned value, on the packed board: the network of Kalah's 6 pits.
                      DepthCase{"kalah", 6, 20, Heuristic::Learned}),
    [](const auto& info) {
        return std::string(info.param.preset) + "_" + std::to_string(info.param.pits) +
               (info.param.heuristic == Heuristic::Learned ? "_learned" : "");
    });

// Plain negamax for the games that end on a repeated position (Oware's family): a node
// that repeats one on its path (the root's included) ends the game, each side taking the
// stones of its own row. As in the engine, a leaf is not compared with the path.
// `repeats` false: no position is compared (the value without the rule).
int reference_negamax_with_path(const Rules& rules, const Position& p, int depth, std::vector<Position>& path,
                                bool repeats = true) {
    const Side me = p.to_move();
    if (depth == 0) return 0;
    if (repeats && std::find(path.begin(), path.end(), p) != path.end())
        return kPointsPerStone * (p.row_stones(me) - p.row_stones(opponent(me)));
    path.push_back(p);
    int best = -(1 << 29);
    for (int move : p.legal_moves(rules)) {
        Position child = p;
        const MoveResult r = child.apply(rules, move);
        const int gain = kPointsPerStone * (child.store_difference(me) - p.store_difference(me));
        int value = gain;
        if (!r.game_over) {
            const int rest = reference_negamax_with_path(rules, child, depth - 1, path, repeats);
            value += child.to_move() == me ? rest : -rest;
        }
        best = std::max(best, value);
    }
    path.pop_back();
    return best;
}

// Few stones on two or three pits: lines that repeat a position are common, and each
// ends the game where it repeats. On the cyclic board and on the core board, the
// engine's value is the minimax value over the path, and the rule changes some of them.
TEST(Engine, ScoresRepeatedPositionsOnThePathAsTheGameEnds) {
    for (const bool fast : {true, false}) {
        for (auto [game, pits] : {std::pair{"oware", 2}, {"oware", 3}, {"awari", 2}, {"bohnenspiel", 2}}) {
            const Rules rules = make_rules(game, pits, 0);
            std::mt19937 rng(static_cast<unsigned>(pits * 7));
            EngineSettings settings;
            settings.heuristic = Heuristic::StoreDiff;
            settings.hash_mb = 1;
            settings.reuse_deeper_results = false;
            settings.fast_boards = fast;
            Engine engine(settings);
            int repeating = 0;  // searches whose value the rule changed
            for (int i = 0; i < 40; ++i) {
                const Position p = random_position(rng, rules, 2);
                const int stores = kPointsPerStone * p.store_difference(p.to_move());
                for (int depth = 2; depth <= 10; depth += 2) {
                    engine.new_game();
                    SearchLimits limits;
                    limits.depth = depth;
                    const SearchReport report = engine.search(rules, p, limits);
                    if (report.depth < depth) break;  // proven sooner: the value is exhaustive
                    std::vector<Position> path;
                    const int expected = stores + reference_negamax_with_path(rules, p, depth, path);
                    repeating += expected != stores + reference_negamax_with_path(rules, p, depth, path, false);
                    ASSERT_EQ(report.score, expected)
                        << game << " " << to_string(p) << " depth " << depth << (fast ? "" : " (core board)");
                }
            }
            EXPECT_GT(repeating, 0) << game << " " << pits << ": the rule changed no value";
        }
    }
}

TEST(Engine, ProvesTheValueOfTinyGames) {
    for (const char* preset : {"kalah", "homework", "relay"}) {
        for (auto [pits, seeds] : {std::pair{2, 2}, {3, 2}, {3, 3}, {4, 2}}) {
            const Rules rules = make_rules(preset, pits, seeds);
            const Position start = Position::start(rules);
            Engine engine({Heuristic::StoreDiff, 16, 1});
            const SearchReport report = engine.search(rules, start, SearchLimits{});
            EXPECT_TRUE(report.proven) << preset << pits << seeds << " depth " << report.depth;
            testing::ExhaustiveSearch exhaustive(rules);
            EXPECT_EQ(report.score, kPointsPerStone * exhaustive.final_margin(start))
                << preset << "(" << pits << "," << seeds << ")";
        }
    }
}

TEST(Engine, ThreadsAgreeOnAProvenValue) {
    const Rules rules = make_rules("kalah", 4, 3);
    const Position start = Position::start(rules);
    Engine one({Heuristic::StoreDiff, 16, 1});
    Engine two({Heuristic::StoreDiff, 16, 2});
    const SearchReport a = one.search(rules, start, SearchLimits{});
    const SearchReport b = two.search(rules, start, SearchLimits{});
    ASSERT_TRUE(a.proven);
    ASSERT_TRUE(b.proven);
    EXPECT_EQ(a.score, b.score);
    EXPECT_TRUE(start.is_legal(rules, b.best_move));
}

TEST(Engine, RespectsTimeAndNodeLimits) {
    const Rules rules = make_rules("kalah", 6, 6);
    const Position start = Position::start(rules);
    Engine engine({Heuristic::StoreDiff, 16, 1});
    SearchLimits by_time;
    by_time.move_time = std::chrono::milliseconds(50);
    const SearchReport timed = engine.search(rules, start, by_time);
    EXPECT_LT(timed.seconds, 1.0);  // generous: the limit is 50 ms
    EXPECT_TRUE(start.is_legal(rules, timed.best_move));
    SearchLimits by_nodes;
    by_nodes.nodes = 100000;
    const SearchReport counted = engine.search(rules, start, by_nodes);
    EXPECT_LT(counted.nodes, 200000u);
    EXPECT_TRUE(start.is_legal(rules, counted.best_move));
}

TEST(Engine, AnalysisScoresEveryMove) {
    const Rules rules = make_rules("kalah", 4, 3);
    const Position start = Position::start(rules);
    EngineSettings strict;
    strict.heuristic = Heuristic::StoreDiff;
    strict.reuse_deeper_results = false;
    Engine engine(strict);
    SearchLimits limits;
    limits.depth = 8;
    const SearchReport report = engine.search(rules, start, limits, SearchMode::every_move());
    ASSERT_EQ(report.moves.size(), 4u);
    EXPECT_EQ(report.moves.front().move, report.best_move);
    EXPECT_EQ(report.moves.front().score, report.score);
    for (std::size_t i = 1; i < report.moves.size(); ++i)
        EXPECT_LE(report.moves[i].score, report.moves[i - 1].score);
    // Each move's exact depth-8 score, checked against plain minimax.
    for (const MoveAnalysis& m : report.moves) {
        Position child = start;
        const MoveResult r = child.apply(rules, m.move);
        int expected = kPointsPerStone * child.store_difference(Side::South);
        if (!r.game_over) {
            const int rest = reference_negamax(rules, child, 7, Heuristic::StoreDiff);
            expected += child.to_move() == Side::South ? rest : -rest;
        }
        EXPECT_EQ(m.score, expected) << "move " << m.move;
    }
}

// The best k moves' scores (multipv) are the first k of every move's (themselves
// checked against plain minimax above), at several depths, on random positions of
// several presets.
TEST(Engine, BestFewMovesScoreAsEveryMoveDoes) {
    FastRandom rng(77);
    int compared = 0;
    for (const char* preset : {"kalah", "homework", "relay"}) {
        const Rules rules = make_rules(preset, 5, 3);
        for (int game = 0; game < 5; ++game) {
            Position p = Position::start(rules);
            for (int ply = 0; ply < 4 + 2 * game && !p.is_terminal(rules); ++ply) {
                const MoveList moves = p.nonempty_pits();
                p.apply(rules, moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
            }
            if (p.is_terminal(rules) || p.nonempty_pits().size() < 2) continue;
            for (const int depth : {1, 2, 3, 5}) {
                EngineSettings strict;
                strict.heuristic = Heuristic::Weighted;
                strict.reuse_deeper_results = false;
                SearchLimits limits;
                limits.depth = depth;
                Engine all_engine(strict);
                const SearchReport all = all_engine.search(rules, p, limits, SearchMode::every_move());
                for (int k = 1; k <= 3; ++k) {
                    Engine few_engine(strict);
                    const SearchReport few = few_engine.search(rules, p, limits, SearchMode::best_moves(k));
                    const std::size_t shown = std::min<std::size_t>(static_cast<std::size_t>(k), all.moves.size());
                    ASSERT_EQ(few.moves.size(), shown);
                    for (std::size_t i = 0; i < shown; ++i)
                        EXPECT_EQ(few.moves[i].score, all.moves[i].score)
                            << preset << " " << to_string(p) << " depth " << depth << " k " << k << " #" << i;
                    EXPECT_EQ(few.score, all.score);
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(compared, 120);
}

// A proof tells its observer, in stones, the bounds it has proven after each pass
// (none where there is none yet) and the test a pass is making.
TEST(Engine, ProofReportsItsProgressInStones) {
    struct Recorder : SearchObserver {
        int iterations = 0;
        std::vector<ProofBounds> bounds;
        std::vector<ProofTest> tests;
        void on_iteration(const SearchReport&) override { ++iterations; }
        void on_proof_bounds(const ProofBounds& b) override { bounds.push_back(b); }
        void on_proof_test(const ProofTest& t) override { tests.push_back(t); }
        std::chrono::milliseconds progress_interval() const override { return std::chrono::milliseconds(0); }
    };
    for (const char* preset : {"kalah", "homework"}) {
        const Rules rules = make_rules(preset, 3, 5);
        // After a move that stores a stone: the bounds count the stones already stored.
        Position start = Position::start(rules);
        start.apply(rules, 1);
        Engine engine({Heuristic::StoreDiff, 16, 1});
        Recorder recorder;
        const SearchReport report = engine.search(rules, start, {}, SearchMode::proof(6), &recorder);
        ASSERT_TRUE(report.proven);
        const int value = testing::ExhaustiveSearch(rules).final_margin(start);
        EXPECT_EQ(report.stones(), value);
        EXPECT_EQ(recorder.iterations, 7) << "6 warm-up depths and the proof";
        ASSERT_GE(recorder.bounds.size(), 2u);
        EXPECT_NE(recorder.bounds.front().lower.has_value(), recorder.bounds.front().upper.has_value())
            << "one pass proves one bound";
        std::uint64_t nodes = 0;
        for (const ProofBounds& b : recorder.bounds) {
            EXPECT_LE(b.lower.value_or(value), value);
            EXPECT_GE(b.upper.value_or(value), value);
            EXPECT_GE(b.nodes, nodes);
            nodes = b.nodes;
        }
        EXPECT_EQ(recorder.bounds.back().lower, value);
        EXPECT_EQ(recorder.bounds.back().upper, value);
        ASSERT_FALSE(recorder.tests.empty());  // every 4096 nodes with no interval
        const int stones = start.total_stones();
        std::vector<std::string> moves;
        for (const int move : start.nonempty_pits()) moves.push_back(pit_name(3, start.to_move(), move));
        int on_a_move = 0;
        for (const ProofTest& t : recorder.tests) {
            EXPECT_GT(t.at_least, -stones);
            EXPECT_LE(t.at_least, stones);
            // The root move under proof, when there is one, is a legal move of the root, in its place.
            if (t.root_move.empty()) continue;
            ++on_a_move;
            EXPECT_NE(std::find(moves.begin(), moves.end(), t.root_move), moves.end()) << t.root_move;
            EXPECT_EQ(t.root_moves, static_cast<int>(moves.size()));
            EXPECT_GE(t.root_index, 1);
            EXPECT_LE(t.root_index, t.root_moves);
        }
        EXPECT_GT(on_a_move, 0);
    }
}

TEST(ScoreUnits, WholeStonesFromPointBounds) {
    EXPECT_EQ(stones_at_least(80), 8);
    EXPECT_EQ(stones_at_least(81), 9);  // at least 8.1 stones: at least 9
    EXPECT_EQ(stones_at_least(-81), -8);
    EXPECT_EQ(stones_at_least(-80), -8);
    EXPECT_EQ(stones_at_most(81), 8);  // at most 8.1 stones: at most 8
    EXPECT_EQ(stones_at_most(-81), -9);
    EXPECT_EQ(stones_at_most(-80), -8);
    EXPECT_EQ(stones_at_most(0), 0);
}

TEST(FormatScore, EstimatesAndProvenResults) {
    EXPECT_EQ(format_score(20, false), "+2");
    EXPECT_EQ(format_score(-13, false), "-1.3");
    EXPECT_EQ(format_score(100, true), "win by 10");
    EXPECT_EQ(format_score(-40, true), "loss by 4");
    EXPECT_EQ(format_score(0, true), "draw");
}

}  // namespace
}  // namespace mancala::search
