// The counting solver of repeating games' tiers (solve/cyclic_counting_solver.hpp): its
// moves taken back against the core board's moves played forwards, and its tiers against
// the graph solver's (solve/cyclic_tier_solver.hpp) byte for byte.
#include "solve/cyclic_counting_solver.hpp"

#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "search/cyclic_board.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/cyclic_moves.hpp"
#include "solve/cyclic_tier_solver.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

namespace mancala::solve {
namespace {

// A board seen from its mover: the mover's counts, then the opponent's.
using Counts = std::vector<int>;

Position position_of(const Counts& cells, int n) {
    return Position::from_counts(std::span(cells).first(static_cast<std::size_t>(n)),
                                 std::span(cells).subspan(static_cast<std::size_t>(n)), 0, 0, Side::South);
}

// The boards the core board's moves lead to from `cells` (South to move) without a
// capture and without the end of the game, with who is due there: each move once.
std::vector<std::pair<Counts, bool>> moves_within_tier(const Rules& rules, const Counts& cells) {
    const int n = rules.pits;
    const Position p = position_of(cells, n);
    std::vector<std::pair<Counts, bool>> out;
    int own = 0, other = 0;
    for (int i = 0; i < n; ++i)
        own += cells[static_cast<std::size_t>(i)], other += cells[static_cast<std::size_t>(n + i)];
    if (rule::game_over(rules.end, own == 0, other == 0)) return out;
    for (const int move : p.legal_moves(rules)) {
        Position child = p;
        const MoveResult r = child.apply(rules, move);
        if (r.game_over || child.store(Side::South) != 0 || child.store(Side::North) != 0) continue;
        const Side due = child.to_move();
        Counts c;
        for (int i = 0; i < n; ++i) c.push_back(child.pit(due, i));
        for (int i = 0; i < n; ++i) c.push_back(child.pit(opponent(due), i));
        out.emplace_back(c, due == Side::South);
    }
    return out;
}

Counts random_board(std::mt19937& rng, int n, int seeds) {
    Counts cells(static_cast<std::size_t>(2 * n), 0);
    std::uniform_int_distribution<int> cell(0, 2 * n - 1);
    for (int s = 0; s < seeds; ++s) ++cells[static_cast<std::size_t>(cell(rng))];
    return cells;
}

// Every board that leads to `child` by a move within the tier, as the moves taken back find it, with its
// multiplicity.
std::map<std::pair<Counts, bool>, int> taken_back(const CyclicUnmoves& unmoves, const Counts& child, int n) {
    std::map<std::pair<Counts, bool>, int> found;
    unmoves.for_each(cyclic_word(child.data(), n), cyclic_word(child.data() + n, n),
                     [&](std::uint64_t own, std::uint64_t opp, bool same_mover) {
                         Counts c(static_cast<std::size_t>(2 * n));
                         cyclic_counts(own, n, c.data());
                         cyclic_counts(opp, n, c.data() + n);
                         ++found[{c, same_mover}];
                     });
    return found;
}

// Both ways round: from random boards forwards, every move within the tier is found back
// from the board it leads to; and every board found back leads there by as many moves as
// it was found, on the core board.
TEST(CyclicUnmoves, FindExactlyTheMovesThatLeadToABoard) {
    std::mt19937 rng(20261203);
    for (const char* game : {"oware", "awari", "bohnenspiel", "vai-lung-thlan"}) {
        for (const int n : {3, 4, 6}) {
            const Rules rules = CyclicDatabase::tier_rules(make_rules(game, n, 4));
            ASSERT_TRUE(search::cyclic_shaped(rules)) << game;
            const search::CyclicRules packed(rules);
            const CyclicUnmoves unmoves(packed, 40);
            std::uint64_t edges = 0;
            for (int trial = 0; trial < 400; ++trial) {
                const int seeds = 1 + trial % 40;
                const Counts parent = random_board(rng, n, seeds);
                for (const auto& [child, parent_due] : moves_within_tier(rules, parent)) {
                    ++edges;
                    // parent_due: the parent's mover moves again, so the child's mover is the parent's.
                    const auto found = taken_back(unmoves, child, n);
                    int expected = 0;
                    for (const auto& [c, due] : moves_within_tier(rules, parent))
                        expected += c == child && due == parent_due;
                    const auto at = found.find({parent, parent_due});
                    ASSERT_TRUE(at != found.end()) << game << " " << n << " pits: a move is not found back";
                    EXPECT_EQ(at->second, expected) << game << " " << n << " pits";
                    for (const auto& [before, times] : found) {
                        int leads = 0;
                        for (const auto& [c, due] : moves_within_tier(rules, before.first))
                            leads += c == child && due == before.second;
                        ASSERT_EQ(leads, times)
                            << game << " " << n << " pits: a board found back does not lead there";
                    }
                }
            }
            EXPECT_GT(edges, 400u) << game;
        }
    }
}

struct CountingCase {
    const char* game;
    int pits;
    int seeds;
};

class CountingAgainstGraph : public ::testing::TestWithParam<CountingCase> {};

// Each tier solved by counting (the database's build) equals the graph solver's, given the same lower tiers.
TEST_P(CountingAgainstGraph, EveryTierIsTheGraphSolversByteForByte) {
    const CountingCase c = GetParam();
    const Rules rules = CyclicDatabase::tier_rules(make_rules(c.game, c.pits, 4));
    CyclicDatabase db(rules);
    db.build(c.seeds, 2);
    const TierIndex index(c.pits, c.seeds);
    std::vector<std::span<const std::int8_t>> lower;
    for (int t = 0; t <= c.seeds; ++t) {
        for (const int threads : {1, 3}) {
            std::vector<std::int8_t> graph(index.size(t)), counted(index.size(t));
            solve_cyclic_tier(rules, index, t, lower, graph, threads);
            const CyclicTierStats stats = solve_cyclic_tier_by_counting(rules, index, t, lower, counted, threads);
            ASSERT_EQ(graph, counted) << c.game << " tier " << t << ", " << threads << " threads";
            const auto built = db.tier(t);
            ASSERT_TRUE(std::equal(built.begin(), built.end(), counted.begin(), counted.end())) << "tier " << t;
            EXPECT_LE(stats.evaluations, 2 * stats.positions) << "a board joins W once and L once";
        }
        lower.push_back(db.tier(t));
    }
}

INSTANTIATE_TEST_SUITE_P(Games, CountingAgainstGraph,
                         ::testing::Values(CountingCase{"oware", 3, 16}, CountingCase{"oware", 6, 10},
                                           CountingCase{"awari", 5, 9}, CountingCase{"bohnenspiel", 6, 9},
                                           CountingCase{"vai-lung-thlan", 4, 12}),
                         [](const auto& info) {
                             std::string name =
                                 std::string(info.param.game) + "_" + std::to_string(info.param.pits);
                             for (char& ch : name)
                                 if (ch == '-') ch = '_';
                             return name;
                         });

struct Interrupted {};

// A tier stopped after some thresholds goes on from its checkpoint to the bytes of a tier
// solved in one go, without playing its moves again.
TEST(CountingCheckpoint, AStoppedTierGoesOnToTheSameBytes) {
    const testing::TempDir dir;
    const Rules rules = CyclicDatabase::tier_rules(make_rules("oware", 6, 4));
    CyclicDatabase db(rules);
    db.build(9, 2);
    const int tier = 10;
    const TierIndex index(6, tier);
    std::vector<std::span<const std::int8_t>> lower;
    for (int t = 0; t < tier; ++t) lower.push_back(db.tier(t));
    std::vector<std::int8_t> whole(index.size(tier));
    const CyclicTierStats straight = solve_cyclic_tier_by_counting(rules, index, tier, lower, whole, 2);
    const CountingCheckpoints checkpoints{dir.path() / "tier-010.counting", 42, std::chrono::milliseconds(0)};
    for (const int stop_after : {0, 1, 4, 9}) {
        std::filesystem::remove(checkpoints.path);
        std::vector<std::int8_t> values(index.size(tier));
        int thresholds = 0;
        // Stopped after `stop_after` thresholds, each saved as it ended (0: after the moves).
        EXPECT_THROW(solve_cyclic_tier_by_counting(
                         rules, index, tier, lower, values, 2,
                         [&](int stage, std::uint64_t) {
                             if (stage == 2 && ++thresholds > stop_after) throw Interrupted{};
                         },
                         &checkpoints),
                     Interrupted)
            << stop_after;
        ASSERT_TRUE(std::filesystem::exists(checkpoints.path));
        std::vector<std::int8_t> resumed(index.size(tier), 0);
        bool played = false;
        std::uint64_t first_threshold = 0;
        const CyclicTierStats stats = solve_cyclic_tier_by_counting(
            rules, index, tier, lower, resumed, 1,
            [&](int stage, std::uint64_t done) {
                played = played || stage == 1;
                if (stage == 2 && first_threshold == 0) first_threshold = done;
            },
            &checkpoints);
        EXPECT_EQ(resumed, whole) << "stopped after " << stop_after << " thresholds";
        EXPECT_FALSE(played) << "the moves were played again";
        // The save after threshold k leaves the thresholds from tier - k down: the first one done is k + 1.
        EXPECT_EQ(first_threshold, static_cast<std::uint64_t>(stop_after + 1));
        EXPECT_EQ(stats.move_visits, straight.move_visits);
        EXPECT_EQ(stats.evaluations, straight.evaluations);
    }
}

TEST(CountingCheckpoint, RefusesADamagedOrForeignFileByName) {
    const testing::TempDir dir;
    const auto path = dir.path() / "tier-003.counting";
    const CountingIdentity id{7, 3, 3, 56};
    std::vector<std::int8_t> exits(56, 1);
    std::vector<std::uint16_t> states(56, 2);
    save_counting_checkpoint(path, id, 2, {1, 2, 3, 4}, exits, states);
    std::vector<std::int8_t> e(56);
    std::vector<std::uint16_t> st(56);
    const auto back = load_counting_checkpoint(path, id, e, st);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->next_threshold, 2);
    EXPECT_EQ(back->tallies.takebacks, 4u);
    EXPECT_EQ(e, exits);
    EXPECT_EQ(st, states);
    EXPECT_FALSE(load_counting_checkpoint(dir.path() / "none.counting", id, e, st).has_value());
    auto refused = [&](const CountingIdentity& as, const char* why) {
        try {
            load_counting_checkpoint(path, as, e, st);
            ADD_FAILURE() << "not refused: " << why;
        } catch (const std::runtime_error& error) {
            EXPECT_NE(std::string(error.what()).find(path.string()), std::string::npos) << error.what();
            EXPECT_NE(std::string(error.what()).find(why), std::string::npos) << error.what();
        }
    };
    refused({8, 3, 3, 56}, "other rules");
    refused({7, 3, 4, 56}, "tier 3");
    const auto bytes = std::filesystem::file_size(path);
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(static_cast<std::streamoff>(bytes - 3));
        f.put('\x55');
    }
    refused(id, "checksum");
    std::filesystem::resize_file(path, bytes - 1);
    refused(id, "bytes, not the");
    std::filesystem::resize_file(path, 20);
    refused(id, "cut short");
}

// On disk, the tiers under way are saved and their checkpoints gone once the tiers are kept.
TEST(CountingCheckpoint, ADatabaseOnDiskLeavesNoCheckpointBehind) {
    const testing::TempDir dir;
    const Rules rules = make_rules("oware", 4, 4);
    CyclicDatabase memory(rules);
    memory.build(12, 2);
    CyclicDatabase disk(rules, dir.path());
    disk.set_checkpoint_interval(std::chrono::milliseconds(0));
    disk.build(12, 2);
    for (int t = 0; t <= 12; ++t) {
        const auto a = memory.tier(t), b = disk.tier(t);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << "tier " << t;
        EXPECT_FALSE(
            std::filesystem::exists(CyclicDatabase::checkpoint_file(CyclicDatabase::folder(dir.path(), rules), t)));
    }
}

}  // namespace
}  // namespace mancala::solve
