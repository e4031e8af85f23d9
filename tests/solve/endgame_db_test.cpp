#include "solve/endgame_db.hpp"

#include "core/rules_string.hpp"
#include "search/engine.hpp"
#include "search/packed_board.hpp"
#include "solve/tier_builder.hpp"
#include "solve/tier_file.hpp"
#include "solve/tier_sweep.hpp"
#include "support/exhaustive_search.hpp"
#include "support/reference_retrograde.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <barrier>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace mancala::solve {
namespace {

TEST(TierIndex, NextWalksEveryCompositionInRankOrder) {
    const TierIndex index(2, 7);
    for (int stones = 0; stones <= 7; ++stones) {
        int cells[4];
        index.unrank(stones, 0, cells);
        std::uint64_t count = 0;
        do {
            ASSERT_EQ(index.rank(cells, stones), count);
            int back[4];
            index.unrank(stones, count, back);
            ASSERT_TRUE(std::equal(cells, cells + 4, back));
            ++count;
        } while (index.next(cells));
        EXPECT_EQ(count, index.size(stones));
    }
}

// Every position's index is its mover's row's lead plus its opponent's row's offset,
// each from its row alone (the tier builder's shortcut), against rank() of the whole.
TEST(TierIndex, SplitsIntoTheMoversLeadAndTheOpponentsOffset) {
    for (const auto& [pits, max_stones] : {std::pair{1, 9}, std::pair{2, 9}, std::pair{3, 8}, std::pair{5, 6}}) {
        const TierIndex index(pits, max_stones);
        for (int stones = 0; stones <= max_stones; ++stones) {
            std::array<int, 2 * kMaxPits> cells{};
            index.unrank(stones, 0, cells.data());
            do {
                const int* mover = cells.data();
                const int* opponent = cells.data() + pits;
                ASSERT_EQ(index.mover_lead(mover, stones) + index.opponent_offset(opponent),
                          index.rank(cells.data(), stones))
                    << pits << " pits, tier " << stones;
                // The lead is the index of the mover's row with the opponent's stones all in its last pit.
                std::array<int, 2 * kMaxPits> first{};
                int mine = 0;
                for (int i = 0; i < pits; ++i) mine += first[static_cast<std::size_t>(i)] = mover[i];
                first[static_cast<std::size_t>(2 * pits - 1)] = stones - mine;
                ASSERT_EQ(index.mover_lead(mover, stones), index.rank(first.data(), stones));
            } while (index.next(cells.data()));
        }
    }
}

TEST(TierIndex, SeesPositionsFromTheMover) {
    const TierIndex index(3, 12);
    const std::vector<int> a{1, 0, 2}, b{3, 0, 1};
    const Position south = Position::from_counts(a, b, 0, 0, Side::South);
    const Position north = Position::from_counts(b, a, 5, 2, Side::North);
    EXPECT_EQ(index.rank(south), index.rank(north));
}

TEST(TierIndex, RefusesWhatDoesNotFit) {
    EXPECT_THROW(TierIndex(0, 3), std::invalid_argument);
    EXPECT_THROW(TierIndex(16, 2000), std::overflow_error);
    const TierIndex index(3, 4);
    EXPECT_THROW(index.rank(Position::start(make_rules("kalah", 3, 1))), std::invalid_argument);  // 6 stones
    EXPECT_THROW(index.rank(Position::start(make_rules("kalah", 2, 1))), std::invalid_argument);  // 2 pits
}

struct DatabaseBoard {
    const char* preset;
    int pits;
    int max_stones;
};

class DatabaseVersusRetrograde : public ::testing::TestWithParam<DatabaseBoard> {};

// Every position of every tier, both sides to move, against the simple
// retrograde solver (itself checked against exhaustive search).
TEST_P(DatabaseVersusRetrograde, EveryPosition) {
    const DatabaseBoard b = GetParam();
    const Rules rules = make_rules(b.preset, b.pits, 0);
    RetrogradeSolver reference(rules, b.max_stones, 1);
    reference.solve();
    EndgameDatabase db(rules);
    db.build(b.max_stones, 2);
    ASSERT_EQ(db.max_stones(), b.max_stones);
    const TierRanking ranking(b.pits, b.max_stones);
    std::uint64_t checked = 0;
    for (int tier = 0; tier <= b.max_stones; ++tier) {
        for (std::uint64_t i = 0; i < ranking.size(tier); ++i) {
            const Position p = ranking.unrank(tier, i);
            if (p.nonempty_pits().empty() && !p.is_terminal(rules)) continue;  // never to move: the player passes
            ASSERT_EQ(db.value(p), reference.value(p)) << b.preset << " " << to_string(p);
            ++checked;
        }
    }
    EXPECT_GT(checked, 200u);
}

INSTANTIATE_TEST_SUITE_P(Presets, DatabaseVersusRetrograde,
                         ::testing::Values(DatabaseBoard{"kalah", 3, 12}, DatabaseBoard{"homework", 3, 12},
                                           DatabaseBoard{"relay", 3, 10}, DatabaseBoard{"kalah", 4, 12},
                                           DatabaseBoard{"homework", 5, 8}, DatabaseBoard{"kalah", 5, 8},
                                           DatabaseBoard{"kalah", 1, 15}, DatabaseBoard{"kalah", 6, 7}),
                         [](const auto& info) {
                             return std::string(info.param.preset) + "_" + std::to_string(info.param.pits);
                         });

TEST(EndgameDatabase, OnDiskResumesAndReadsBack) {
    testing::TempDir dir;
    const Rules rules = make_rules("kalah", 4, 4);
    int built = 0;
    {
        EndgameDatabase db(rules, dir.path());
        EXPECT_EQ(db.max_stones(), -1);
        db.build(5, 2, [&](const BuildProgress& p) { built += p.tier_finished; });
        EXPECT_EQ(built, 6);
    }
    EndgameDatabase memory(rules);
    memory.build(8, 1);
    {
        EndgameDatabase db(rules, dir.path());
        EXPECT_EQ(db.max_stones(), 5);  // resumes after the tiers already there
        built = 0;
        db.build(8, 2, [&](const BuildProgress& p) {
            built += p.tier_finished;
            EXPECT_GE(p.tier, 6);
        });
        EXPECT_EQ(built, 3);
        EXPECT_GT(db.tier_bytes(8), db.tier_size(8));
    }
    EndgameDatabase db(rules, dir.path());
    ASSERT_EQ(db.max_stones(), 8);
    const std::vector<int> south{2, 0, 1, 1}, north{0, 3, 0, 1};
    const Position p = Position::from_counts(south, north, 9, 15, Side::North);
    EXPECT_EQ(db.value(p), memory.value(p));
    EXPECT_EQ(db.final_margin(p), memory.final_margin(p));
    EXPECT_THROW(db.value(Position::start(rules)), std::out_of_range);  // 16 stones in the pits
}

// The builder's small sower (Kalah, homework) against the general path through
// Position::apply: every tier byte for byte, sowings round the ring (a pit of 2n+1-m stones
// or more) and whole laps included: 5 pits to 12 stones has both, with and without captures.
TEST(EndgameDatabase, FastSowerAgreesWithThePositionPath) {
    struct Case {
        const char* preset;
        int pits, stones;
    };
    for (const Case c : {Case{"kalah", 2, 14}, Case{"kalah", 3, 14}, Case{"homework", 3, 14}, Case{"kalah", 4, 10},
                         Case{"homework", 5, 8}, Case{"kalah", 5, 12}, Case{"homework", 5, 12}, Case{"kalah", 6, 7},
                         Case{"homework", 6, 7}, Case{"kalah", 6, 9}}) {
        const Rules rules = make_rules(c.preset, c.pits, 1);
        const TierIndex index(c.pits, c.stones);
        std::vector<std::vector<std::int8_t>> fast, general;
        std::vector<std::span<const std::int8_t>> fast_lower, general_lower;
        for (int t = 0; t <= c.stones; ++t) {
            fast.emplace_back(index.size(t));
            general.emplace_back(index.size(t));
            solve_tier(rules, index, t, fast_lower, fast.back(), 2, {}, true);
            solve_tier(rules, index, t, general_lower, general.back(), 1, {}, false);
            ASSERT_EQ(fast.back(), general.back()) << c.preset << " " << c.pits << " pits, tier " << t;
            fast_lower.push_back(fast.back());
            general_lower.push_back(general.back());
        }
    }
}

// The sweep that solves whole tiers of the fast rules (in layers, the opponent's
// row's index parts looked up) against the walk with the Position path, on every
// capture rule with and without extra turns, board sizes whose sowings lap included.
TEST(EndgameDatabase, SweepAgreesWithThePositionPathOnEveryFastRuleSet) {
    for (const char* text : {"kalah:capture=never", "kalah:extra-turn=no", "homework:extra-turn=no",
                             "kalah:capture=never,extra-turn=no"}) {
        for (const auto& [pits, stones] : {std::pair{1, 16}, std::pair{2, 14}, std::pair{3, 12}, std::pair{5, 8}}) {
            const Rules rules = parse_rules(text, pits, 1);
            const TierIndex index(pits, stones);
            std::vector<std::vector<std::int8_t>> swept, general;
            std::vector<std::span<const std::int8_t>> swept_lower, general_lower;
            for (int t = 0; t <= stones; ++t) {
                swept.emplace_back(index.size(t));
                general.emplace_back(index.size(t));
                solve_tier(rules, index, t, swept_lower, swept.back(), 2, {}, true);
                solve_tier(rules, index, t, general_lower, general.back(), 1, {}, false);
                ASSERT_EQ(swept.back(), general.back()) << text << " " << pits << " pits, tier " << t;
                swept_lower.push_back(swept.back());
                general_lower.push_back(general.back());
            }
        }
    }
}

// A tier solved in shares (as the processes of a distributed build do: striped,
// uneven runs) and combined by maximum is the tier solved whole, byte for byte;
// each share holds the values of its own runs.
TEST(EndgameDatabase, TierSharesCombinedByMaximumAreTheWholeTier) {
    const Rules rules = make_rules("kalah", 4, 1);
    const TierIndex index(4, 12);
    std::vector<std::vector<std::int8_t>> whole;
    std::vector<std::span<const std::int8_t>> lower;
    for (int t = 0; t <= 12; ++t) {
        whole.emplace_back(index.size(t));
        solve_tier(rules, index, t, lower, whole.back(), 1);
        const std::uint64_t size = index.size(t);
        // Three shares: runs of 1000 positions dealt round robin, the last run short.
        std::vector<std::vector<IndexRange>> shares(3);
        for (std::uint64_t first = 0, k = 0; first < size; first += 1000, ++k)
            shares[k % 3].push_back({first, std::min(size, first + 1000)});
        std::vector<std::int8_t> combined(size, kTierUnknown);
        for (const auto& share : shares) {
            std::vector<std::int8_t> part(size);
            std::uint64_t reported = 0;
            solve_tier_share(rules, index, t, lower, part, 2, share, [&](std::uint64_t done) { reported = done; });
            std::uint64_t owned = 0;
            for (const IndexRange& run : share) {
                owned += run.last - run.first;
                for (std::uint64_t i = run.first; i < run.last; ++i)
                    ASSERT_EQ(part[i], whole.back()[i]) << "tier " << t << " position " << i;
            }
            EXPECT_EQ(reported, owned);
            for (std::uint64_t i = 0; i < size; ++i) combined[i] = std::max(combined[i], part[i]);
        }
        ASSERT_EQ(combined, whole.back()) << "tier " << t;
        lower.push_back(whole.back());
    }
}

// The sweep shared by processes (as a distributed build runs it), simulated by
// three threads that exchange each layer through memory: every one of them ends
// with the whole tier, byte for byte the tier one process sweeps.
TEST(EndgameDatabase, SweepTogetherIsTheSweep) {
    for (const char* preset : {"kalah", "homework"}) {
        const Rules rules = make_rules(preset, 4, 1);
        const TierIndex index(4, 13);
        std::vector<std::vector<std::int8_t>> whole;
        std::vector<std::span<const std::int8_t>> lower;
        for (int t = 0; t <= 13; ++t) {
            whole.emplace_back(index.size(t));
            solve_tier(rules, index, t, lower, whole.back(), 1);
            constexpr int kProcesses = 3;
            std::vector<std::vector<std::int8_t>> values(kProcesses, std::vector<std::int8_t>(index.size(t)));
            std::vector<std::vector<std::int8_t>> sent(kProcesses);
            std::barrier<> meet(kProcesses);
            std::vector<std::uint64_t> solved(kProcesses, 0);
            auto process = [&](int me) {
                SweepTeam team;
                team.process = me;
                team.weights = {1.0, 2.0, 1.0};
                team.exchange = [&](std::span<const std::int8_t> mine, std::span<const std::uint64_t> counts,
                                    std::span<std::int8_t> all) {
                    ASSERT_EQ(mine.size(), counts[static_cast<std::size_t>(me)]);
                    sent[static_cast<std::size_t>(me)].assign(mine.begin(), mine.end());
                    meet.arrive_and_wait();
                    std::size_t at = 0;
                    for (int q = 0; q < kProcesses; ++q) {
                        ASSERT_EQ(sent[static_cast<std::size_t>(q)].size(), counts[static_cast<std::size_t>(q)]);
                        for (std::int8_t b : sent[static_cast<std::size_t>(q)]) all[at++] = b;
                    }
                    meet.arrive_and_wait();  // everyone has read before anyone sends the next layer
                };
                sweep_tier_together(rules, index, t, lower, values[static_cast<std::size_t>(me)], 2, team,
                                    [&](std::uint64_t done) { solved[static_cast<std::size_t>(me)] = done; });
            };
            {
                std::vector<std::jthread> processes;
                for (int p = 0; p < kProcesses; ++p) processes.emplace_back(process, p);
            }
            for (int p = 0; p < kProcesses; ++p)
                ASSERT_EQ(values[static_cast<std::size_t>(p)], whole.back())
                    << preset << " tier " << t << " process " << p;
            EXPECT_EQ(solved[0] + solved[1] + solved[2], index.size(t)) << "every position solved once";
            lower.push_back(whole.back());
        }
    }
}

// A database from disk copied into memory (and built further there) reads as
// one built in memory, and the tiers it builds are written to disk too.
TEST(EndgameDatabase, LoadedIntoMemoryAgreesWithTheFiles) {
    testing::TempDir dir;
    const Rules rules = make_rules("homework", 3, 3);
    EndgameDatabase memory(rules);
    memory.build(10, 2);
    {
        EndgameDatabase db(rules, dir.path());
        db.build(6, 2);
    }
    {
        EndgameDatabase db(rules, dir.path());
        db.load_into_memory();
        ASSERT_EQ(db.max_stones(), 6);
        db.build(10, 2);
        const TierIndex index(rules.pits, 10);
        std::array<int, 2 * kMaxPits> cells{};
        for (int t = 0; t <= 10; ++t) {
            index.unrank(t, 0, cells.data());
            for (std::uint64_t i = 0; i < index.size(t); ++i, index.next(cells.data()))
                ASSERT_EQ(db.value(cells.data(), t), memory.value(cells.data(), t)) << t << " " << i;
        }
    }
    EndgameDatabase db(rules, dir.path());
    ASSERT_EQ(db.max_stones(), 10);
    const Position p =
        Position::from_counts(std::vector<int>{2, 0, 3}, std::vector<int>{1, 0, 4}, 5, 12, Side::South);
    EXPECT_EQ(db.value(p), memory.value(p));
}

// A search capped below what the disk holds opens only the tiers up to the cap: they
// read as before, whether mapped or loaded, and the files above stay for later runs.
TEST(EndgameDatabase, OpenedUpToACapReadsAsTheWhole) {
    testing::TempDir dir;
    const Rules rules = make_rules("kalah", 3, 3);
    EndgameDatabase whole(rules);
    whole.build(8, 1);
    { EndgameDatabase(rules, dir.path()).build(8, 1); }
    for (const bool load : {false, true}) {
        EndgameDatabase db(rules, dir.path(), 5);
        if (load) db.load_into_memory();
        ASSERT_EQ(db.max_stones(), 5);
        for (int t = 0; t <= 5; ++t) {
            ASSERT_EQ(db.tier(t).size(), whole.tier(t).size()) << t;
            EXPECT_TRUE(std::equal(db.tier(t).begin(), db.tier(t).end(), whole.tier(t).begin())) << t;
        }
        EXPECT_THROW(db.tier(6), std::out_of_range);
    }
    EXPECT_EQ(EndgameDatabase(rules, dir.path()).max_stones(), 8);
}

TEST(EndgameDatabase, RefusesCorruptedAndMismatchedFiles) {
    testing::TempDir dir;
    const Rules rules = make_rules("kalah", 3, 3);
    {
        EndgameDatabase db(rules, dir.path());
        db.build(6, 1);
    }
    const auto file = EndgameDatabase::folder(dir.path(), rules) / "tier-004.mdb";
    {
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(70);
        f.put(static_cast<char>(99));
    }
    try {
        EndgameDatabase db(rules, dir.path());
        FAIL() << "a corrupted tier was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("tier-004.mdb"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
    }
    // A tier of another board size under this board's name.
    const Rules other = make_rules("kalah", 4, 3);
    {
        EndgameDatabase db(other, dir.path());
        db.build(2, 1);
    }
    std::filesystem::copy_file(EndgameDatabase::folder(dir.path(), other) / "tier-002.mdb", file,
                               std::filesystem::copy_options::overwrite_existing);
    EXPECT_THROW(EndgameDatabase(rules, dir.path()), std::runtime_error);
    // A truncated file.
    std::filesystem::resize_file(file, 10);
    EXPECT_THROW(EndgameDatabase(rules, dir.path()), std::runtime_error);
}

TEST(EndgameDatabase, AgreesWithExhaustiveSearchFromTheStart) {
    const Rules rules = make_rules("homework", 3, 3);
    EndgameDatabase db(rules);
    db.build(18, 2);
    testing::ExhaustiveSearch exhaustive(rules);
    const Position start = Position::start(rules);
    EXPECT_EQ(db.final_margin(start), exhaustive.final_margin(start));
}

// The engine's proof (null-window passes to the end, a small database at the
// leaves) against the value of the full database, with one and two threads and
// with and without a warm-up.
TEST(EndgameDatabase, EngineProofAgreesWithTheFullDatabase) {
    struct Case {
        const char* preset;
        int pits, seeds, leaf_stones;
    };
    for (const Case c :
         {Case{"kalah", 4, 3, 8}, Case{"homework", 4, 3, 6}, Case{"kalah", 3, 4, 4}, Case{"homework", 5, 2, 10}}) {
        const Rules rules = make_rules(c.preset, c.pits, c.seeds);
        const Position start = Position::start(rules);
        EndgameDatabase full(rules);
        full.build(2 * c.pits * c.seeds, 2);
        EndgameDatabase leaves(rules);
        leaves.build(c.leaf_stones, 2);
        for (int threads : {1, 2})
            for (int warmup : {0, 6, 14}) {
                search::EngineSettings settings{search::Heuristic::StoreDiff, 16, threads};
                settings.endgame = &leaves;
                search::Engine engine(settings);
                const auto report = engine.search(rules, start, {}, search::SearchMode::proof(warmup));
                ASSERT_TRUE(report.proven) << c.preset << c.pits << c.seeds;
                EXPECT_EQ(report.score, search::kPointsPerStone * full.final_margin(start))
                    << c.preset << c.pits << c.seeds << " threads " << threads << " warm-up " << warmup;
            }
    }
}

// Boards of 8 to 15 pits are searched on the wide packed board, which reads the
// database as the 64-bit board does: its proofs with a small database agree with
// the search to the end without one (a full database of 8 pits is too big here).
TEST(EndgameDatabase, WideBoardProofAgreesWithTheSearchWithoutIt) {
    for (const char* preset : {"kalah", "homework"}) {
        const Rules rules = make_rules(preset, 8, 1);
        const Position start = Position::start(rules);
        ASSERT_FALSE(search::PackedBoard::fits(start));
        ASSERT_TRUE(search::WidePackedBoard::fits(start));
        search::Engine plain({search::Heuristic::StoreDiff, 16, 1});
        const auto expected = plain.search(rules, start, {}, search::SearchMode::proof(0));
        ASSERT_TRUE(expected.proven) << preset;
        EndgameDatabase leaves(rules);
        leaves.build(6, 2);
        for (int threads : {1, 2}) {
            search::EngineSettings settings{search::Heuristic::StoreDiff, 16, threads};
            settings.endgame = &leaves;
            search::Engine engine(settings);
            const auto report = engine.search(rules, start, {}, search::SearchMode::proof(8));
            ASSERT_TRUE(report.proven) << preset << " threads " << threads;
            EXPECT_EQ(report.score, expected.score) << preset << " threads " << threads;
            // The database was read: its leaves end lines the plain search played out.
            if (threads == 1) {
                EXPECT_LT(report.nodes, expected.nodes) << preset;
            }
        }
    }
}

}  // namespace
}  // namespace mancala::solve
