// The databases of repeating games (Oware, Awari, Bohnenspiel): hand-checked boards,
// the fast build against its slow twin byte for byte, both against a search along
// every path with the repetition convention, and the files.
#include "solve/cyclic_database.hpp"
#include "solve/cyclic_tier_solver.hpp"

#include "core/rules_string.hpp"
#include "search/engine.hpp"
#include "search/score_units.hpp"
#include "support/reference_cyclic.hpp"
#include "support/reference_family.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <numeric>

namespace mancala::solve {
namespace {

using reference::compositions;

reference::FamilyRules family_rules(const Rules& rules) {
    return reference::parse_family_rules(spelled_out(rules));
}

// The gain 2 V - t of the board `south` / `north`, South to move.
int gain(const CyclicDatabase& db, std::vector<int> south, const std::vector<int>& north) {
    const int stones =
        std::accumulate(south.begin(), south.end(), 0) + std::accumulate(north.begin(), north.end(), 0);
    south.insert(south.end(), north.begin(), north.end());
    return db.value(south.data(), stones);
}

TEST(CyclicDatabase, HandCheckedOwareBoards) {
    CyclicDatabase db(make_rules("oware"));
    db.build(2, 1);
    // No seed: nothing to gain.
    EXPECT_EQ(gain(db, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}), 0);
    // One seed in the first pit, none across: it cannot feed the opponent, so the game
    // ends and the mover keeps it.
    EXPECT_EQ(gain(db, {1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}), 1);
    // One seed in the last pit: it feeds the opponent, who then cannot feed back and keeps it.
    EXPECT_EQ(gain(db, {0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0}), -1);
    // The last pit makes the opponent's only pit two: a grand slam, which captures
    // nothing in Oware; the opponent cannot feed and keeps both.
    EXPECT_EQ(gain(db, {0, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 0, 0}), -2);
}

TEST(CyclicDatabase, HandCheckedAwariBoards) {
    CyclicDatabase db(make_rules("awari"));
    db.build(2, 1);
    // The grand slam is Awari's only move, so it is played, and it captures both.
    EXPECT_EQ(gain(db, {0, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 0, 0}), 2);
}

// One pit a side: every sowing goes across (the lifted pit is skipped), so the seeds
// swing from side to side for ever, and the board counts as it stands.
TEST(CyclicDatabase, AnEndlessSwingCountsTheBoardAsItStands) {
    CyclicDatabase db(make_rules("oware", 1, 1));
    db.build(6, 1);
    for (int s = 1; s <= 6; ++s) {
        EXPECT_EQ(gain(db, {s}, {0}), s) << s << " seeds, all the mover's";
        // The opponent then holds them all: the mover keeps the seeds of its side.
        for (int mine = 1; mine < s; ++mine) EXPECT_EQ(gain(db, {mine}, {s - mine}), 2 * mine - s);
    }
}

struct Case {
    const char* game;
    int pits;
    int seeds;  ///< tiers 0 .. seeds
};

class CyclicAgainstReference : public ::testing::TestWithParam<Case> {};

TEST_P(CyclicAgainstReference, FastBuildEqualsTheSlowTwinByteForByte) {
    const Case c = GetParam();
    const Rules rules = make_rules(c.game, c.pits, 4);
    CyclicDatabase db(rules);
    db.build(c.seeds, 2);
    const auto slow = reference::reference_cyclic_tiers(family_rules(rules), c.seeds);
    for (int t = 0; t <= c.seeds; ++t) {
        const auto fast = db.tier(t);
        ASSERT_EQ(fast.size(), slow[static_cast<std::size_t>(t)].size()) << "tier " << t;
        for (std::size_t i = 0; i < fast.size(); ++i)
            ASSERT_EQ(fast[i], slow[static_cast<std::size_t>(t)][i]) << c.game << " tier " << t << " board " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Games, CyclicAgainstReference,
                         ::testing::Values(Case{"oware", 3, 10}, Case{"oware", 4, 10}, Case{"oware", 6, 7},
                                           Case{"awari", 4, 10}, Case{"awari", 5, 8}, Case{"bohnenspiel", 4, 10}),
                         [](const auto& info) {
                             return std::string(info.param.game) + "_" + std::to_string(info.param.pits);
                         });

// A tier with a large open graph is swept on every thread at once, each reading the
// bounds the others write: the bytes must be those of one thread.
TEST(CyclicDatabase, SweepingOnEveryThreadGivesTheBytesOfOne) {
    const Rules rules = make_rules("oware", 6, 4);
    CyclicDatabase one(rules), two(rules), three(rules);
    one.build(10, 1);
    two.build(10, 2);
    three.build(10, 3);
    std::uint64_t largest = 0;
    for (const auto& [t, stats] : two.built_tiers()) largest = std::max(largest, stats.unsettled);
    ASSERT_GE(largest, kParallelSweepBoards) << "no tier was swept on more than one thread";
    for (int t = 0; t <= 10; ++t) {
        const auto a = one.tier(t), b = two.tier(t), c = three.tier(t);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << "tier " << t << ", 2 threads";
        EXPECT_TRUE(std::equal(a.begin(), a.end(), c.begin(), c.end())) << "tier " << t << ", 3 threads";
    }
}

// Every board of up to `seeds` seeds, searched along each path to the end, equals the
// database; how many differ under the plain repetition rule is printed.
void expect_path_search_agrees(const char* game, int pits, int seeds) {
    const Rules rules = make_rules(game, pits, 4);
    CyclicDatabase db(rules);
    db.build(seeds, 2);
    reference::PathSearch search(family_rules(rules), false), plain(family_rules(rules), true);
    std::uint64_t boards = 0, differ = 0;
    for (int t = 0; t <= seeds; ++t) {
        const auto all = compositions(t, 2 * pits);
        for (std::size_t i = 0; i < all.size(); ++i) {
            const std::vector<int> south(all[i].begin(), all[i].begin() + pits),
                north(all[i].begin() + pits, all[i].end());
            const int v = search.value(south, north);
            ASSERT_EQ(2 * v - t, db.tier(t)[i]) << game << " tier " << t << " board " << i;
            differ += plain.value(south, north) != v;
            ++boards;
        }
    }
    std::printf(
        "%s %d pits, up to %d seeds: %llu boards agree (%llu search nodes); the plain repetition rule "
        "values %llu of them otherwise\n",
        game, pits, seeds, static_cast<unsigned long long>(boards), static_cast<unsigned long long>(search.nodes()),
        static_cast<unsigned long long>(differ));
    std::fflush(stdout);
}

// The number of paths grows fast with the seeds: six seeds on two pits a side, four on
// three, in a few seconds; MANCALA_LONG_CHECKS=1 adds five on three (14 M nodes).
TEST(CyclicDatabase, EveryBoardAgreesWithASearchAlongEveryPath) {
    for (const char* game : {"oware", "awari", "bohnenspiel"}) {
        expect_path_search_agrees(game, 2, 6);
        expect_path_search_agrees(game, 3, 4);
        if (std::getenv("MANCALA_LONG_CHECKS")) expect_path_search_agrees(game, 3, 5);
    }
}

TEST(CyclicDatabase, OnDiskResumesAndRefusesDamagedFiles) {
    const testing::TempDir dir;
    const Rules rules = make_rules("oware", 4, 4);
    {
        CyclicDatabase db(rules, dir.path());
        db.build(4, 2);
    }
    CyclicDatabase memory(rules);
    memory.build(7, 2);
    {
        CyclicDatabase db(rules, dir.path());
        EXPECT_EQ(db.max_stones(), 4);
        db.build(7, 2);
        ASSERT_EQ(db.built_tiers().size(), 3u);
        EXPECT_EQ(db.built_tiers().front().first, 5);
    }
    const CyclicDatabase reread(rules, dir.path());
    ASSERT_EQ(reread.max_stones(), 7);
    for (int t = 0; t <= 7; ++t) {
        const auto a = reread.tier(t), b = memory.tier(t);
        ASSERT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << "tier " << t;
    }
    const auto folder = CyclicDatabase::folder(dir.path(), rules);
    EXPECT_EQ(folder.filename(), "oware-4");
    // Awari's tier under Oware's name: other rules, refused by name.
    {
        CyclicDatabase awari(make_rules("awari", 4, 4), dir.path());
        awari.build(3, 1);
    }
    const auto file = folder / "tier-003.mdb";
    std::filesystem::copy_file(CyclicDatabase::folder(dir.path(), make_rules("awari", 4, 4)) / "tier-003.mdb", file,
                               std::filesystem::copy_options::overwrite_existing);
    try {
        CyclicDatabase db(rules, dir.path());
        FAIL() << "another game's tier was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("tier-003.mdb"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("other rules"), std::string::npos) << e.what();
    }
}

TEST(CyclicDatabase, CoversTheGameWithItsMajorityRule) {
    const CyclicDatabase db(make_rules("oware"));
    EXPECT_TRUE(db.covers(make_rules("oware", 6, 5)));
    EXPECT_FALSE(db.covers(make_rules("awari")));
    EXPECT_FALSE(db.covers(make_rules("oware", 5, 4)));
    EXPECT_FALSE(db.rules().majority);
}

TEST(CyclicDatabase, RefusesGamesWhoseSowingsReachAStore) {
    try {
        CyclicDatabase db(make_rules("kalah"));
        FAIL() << "Kalah was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("oware"), std::string::npos) << e.what();
    }
}

// The engine takes the database's values at its leaves: on a board the database holds,
// a shallow search's value is the best move's by the database. Awari, which has no
// majority ending, so that the game the engine plays is the database's.
TEST(CyclicDatabase, TheEngineReadsItAtItsLeaves) {
    const Rules rules = make_rules("awari");
    CyclicDatabase db(rules);
    db.build(9, 2);
    search::EngineSettings settings;
    settings.endgame = &db;
    search::Engine engine(settings);
    const std::vector<std::pair<std::vector<int>, std::vector<int>>> boards = {
        {{1, 0, 2, 0, 0, 1}, {0, 1, 0, 0, 1, 0}},
        {{0, 3, 0, 1, 0, 2}, {2, 0, 0, 0, 1, 0}},
        {{0, 0, 0, 0, 4, 1}, {1, 1, 0, 0, 0, 2}}};
    for (const auto& [south, north] : boards) {
        const Position p = Position::from_counts(south, north, 20, 19, Side::South);
        int best = -1000;
        for (const int move : p.legal_moves(db.rules())) best = std::max(best, db.final_margin_after(p, move));
        search::SearchLimits limits;
        limits.depth = 2;
        const search::SearchReport r = engine.search(rules, p, limits);
        EXPECT_EQ(r.score, search::kPointsPerStone * best) << to_string(p);
        EXPECT_TRUE(r.proven) << to_string(p);
    }
}

// Oware's majority ends a game once a side has more than half the seeds, which the
// database (playing every seed out) leaves out: its values are the game's in sign only,
// so a search that reads them proves nothing. On this board a shallow search through the
// database says South wins by 8, and the whole game, searched to its end, by 6.
TEST(CyclicDatabase, TheEngineCountsItsValuesAsEstimatesUnderAMajority) {
    const Rules rules = make_rules("oware");
    CyclicDatabase db(rules);
    db.build(8, 2);
    search::EngineSettings settings;
    settings.endgame = &db;
    search::Engine engine(settings);
    const Position p = Position::from_counts(std::vector<int>{0, 1, 0, 0, 0, 1}, std::vector<int>{1, 1, 0, 0, 0, 4},
                                             24, 16, Side::South);
    search::SearchLimits shallow;
    shallow.depth = 2;
    const search::SearchReport read = engine.search(rules, p, shallow);
    EXPECT_EQ(read.score, 8 * search::kPointsPerStone);
    EXPECT_FALSE(read.proven);

    search::Engine plain{search::EngineSettings{}};
    search::SearchLimits to_the_end;
    to_the_end.depth = 40;
    const search::SearchReport whole = plain.search(rules, p, to_the_end);
    ASSERT_TRUE(whole.proven);
    EXPECT_EQ(whole.score, 6 * search::kPointsPerStone);

    // Without the majority the game is the database's, and its values are exact.
    Rules no_majority = rules;
    no_majority.majority = false;
    EXPECT_TRUE(engine.search(no_majority, p, shallow).proven);
}

}  // namespace
}  // namespace mancala::solve
