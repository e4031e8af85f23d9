// The transposition table saved to a file and read back (search/table_file.hpp):
// every entry comes back, into a table of the same size or of another; a file of
// another game, a truncated, damaged or foreign one is refused by name and leaves
// the table empty; and a copy taken while another thread stores holds only entries
// that were stored.

#include "search/table_file.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

namespace mancala::search {
namespace {

constexpr const char* kGame = "rules test pits 6 stones 48 key 0123456789abcdef";

struct Stored {
    std::uint64_t key;
    TTEntry entry;
};

// `count` entries with distinct random keys and scores, stored in `table`.
std::vector<Stored> fill(TranspositionTable& table, int count, std::uint32_t seed = 7) {
    std::mt19937_64 random(seed);
    std::vector<Stored> stored;
    for (int i = 0; i < count; ++i) {
        const TTEntry e{
            static_cast<int>(random() % 2001) - 1000, static_cast<int>(random() % 60), Bound::Lower, (i % 3) == 0,
            static_cast<int>(random() % 6),           static_cast<int>(random() % 40)};
        const std::uint64_t key = random() | 1;
        table.store(key, e, false);
        stored.push_back({key, e});
    }
    return stored;
}

bool same(const TTEntry& a, const TTEntry& b) {
    return a.score == b.score && a.depth == b.depth && a.bound == b.bound && a.proven == b.proven &&
           a.move == b.move && a.work == b.work;
}

// Probes `table` for every stored key: how many are found, and whether every one
// found holds exactly what was stored.
std::pair<int, bool> found(const TranspositionTable& table, const std::vector<Stored>& stored) {
    int hits = 0;
    bool all_equal = true;
    for (const Stored& s : stored) {
        TTEntry e;
        if (table.probe(s.key, e)) {
            ++hits;
            all_equal = all_equal && same(e, s.entry);
        }
    }
    return {hits, all_equal};
}

std::string load_error(TranspositionTable& table, const std::filesystem::path& path, const std::string& game) {
    try {
        load_table(table, path, game);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

TEST(TableFile, EveryEntryComesBackIntoATableOfTheSameSize) {
    testing::TempDir dir;
    const auto path = dir.path() / "t.table";
    TranspositionTable table(1);
    table.use_near_table(false);
    const std::vector<Stored> stored = fill(table, 3000);
    table.new_search();
    const auto [hits_before, equal_before] = found(table, stored);
    ASSERT_GT(hits_before, 2500);  // 16,384 slots: a few collide in full buckets
    ASSERT_TRUE(equal_before);
    const TableFileReport saved = save_table(table, path, kGame);
    EXPECT_EQ(saved.slots, table.slot_count());
    EXPECT_EQ(saved.entries, static_cast<std::size_t>(hits_before));
    EXPECT_EQ(saved.bytes, std::filesystem::file_size(path));

    TranspositionTable restored(1);
    restored.use_near_table(false);
    const TableFileReport loaded = load_table(restored, path, kGame);
    EXPECT_EQ(loaded.entries, saved.entries);
    EXPECT_EQ(restored.generation(), table.generation());
    const auto [hits, equal] = found(restored, stored);
    EXPECT_EQ(hits, hits_before);
    EXPECT_TRUE(equal);
}

TEST(TableFile, EntriesAreFiledByTheirKeysInATableOfAnotherSize) {
    testing::TempDir dir;
    const auto path = dir.path() / "t.table";
    TranspositionTable table(4);
    table.use_near_table(false);
    const std::vector<Stored> stored = fill(table, 12000);
    const auto [hits_before, equal_before] = found(table, stored);
    ASSERT_TRUE(equal_before);
    save_table(table, path, kGame);

    TranspositionTable bigger(8);  // room for all: each is found where its key now belongs
    bigger.use_near_table(false);
    load_table(bigger, path, kGame);
    const auto [big_hits, big_equal] = found(bigger, stored);
    EXPECT_EQ(big_hits, hits_before);
    EXPECT_TRUE(big_equal);

    TranspositionTable smaller(1);  // 16,384 slots: some must go; those kept are exact
    smaller.use_near_table(false);
    load_table(smaller, path, kGame);
    const auto [small_hits, small_equal] = found(smaller, stored);
    EXPECT_GT(small_hits, 0);
    EXPECT_LT(small_hits, hits_before);
    EXPECT_TRUE(small_equal);
}

TEST(TableFile, RefusesAnotherGameAndBadFilesByNameLeavingTheTableEmpty) {
    testing::TempDir dir;
    const auto path = dir.path() / "t.table";
    TranspositionTable table(1);
    table.use_near_table(false);
    const std::vector<Stored> stored = fill(table, 500);
    save_table(table, path, kGame);
    const std::string good = testing::read_text(path);
    TranspositionTable target(1);
    target.use_near_table(false);

    auto expect_refused = [&](const std::string& bytes, const std::string& game, const std::string& problem) {
        testing::write_text(path, bytes);
        const std::vector<Stored> before = fill(target, 200, 99);  // a refused file leaves the table empty
        const std::string error = load_error(target, path, game);
        EXPECT_NE(error.find("table file " + path.string() + ": "), std::string::npos) << error;
        EXPECT_NE(error.find(problem), std::string::npos) << error;
        EXPECT_EQ(found(target, stored).first, 0) << problem;
        EXPECT_EQ(found(target, before).first, 0) << problem;
        // The header's check finds all but damage to the slots, which only reading them shows.
        if (problem.find("checksum") == std::string::npos)
            EXPECT_THROW(check_table_file(path, game), std::invalid_argument) << problem;
        else
            EXPECT_NO_THROW(check_table_file(path, game));
    };
    expect_refused(good, "rules kalah pits 6 stones 48 key 0", "the table of another game");
    expect_refused(good.substr(0, good.size() - 1000), kGame, "truncated or extended");
    expect_refused(good + "x", kGame, "truncated or extended");
    expect_refused(good.substr(0, 20), kGame, "cut short in its header");
    expect_refused("", kGame, "cut short in its header");
    expect_refused(std::string(200, 'z'), kGame, "not a mancala table file");
    std::string damaged = good;
    damaged[damaged.size() / 2] ^= 0x10;  // one bit of one slot
    expect_refused(damaged, kGame, "damaged: its checksum");
    std::string version = good;
    version[24] = 9;  // the version word follows the magic and the byte order
    expect_refused(version, kGame, "format version 9");
    std::string order = good;
    std::swap(order[16], order[23]);
    expect_refused(order, kGame, "other byte order");

    testing::write_text(path, good);  // and the good file still reads
    EXPECT_NO_THROW(check_table_file(path, kGame));
    EXPECT_EQ(load_table(target, path, kGame).entries, save_table(table, dir.path() / "u", kGame).entries);
    EXPECT_NE(load_error(target, dir.path() / "missing", kGame).find("missing"), std::string::npos);
}

// A save taken while another thread stores: every entry read back is one that was
// stored (the slots are copied word by word, and a torn slot reads as a miss).
TEST(TableFile, ASaveWhileSearchesStoreHoldsOnlyStoredEntries) {
    testing::TempDir dir;
    const auto path = dir.path() / "t.table";
    TranspositionTable table(1);
    table.use_near_table(false);
    std::vector<Stored> stored;
    std::mt19937_64 random(3);
    for (int i = 0; i < 20000; ++i) {
        const int score = static_cast<int>(i % 1000);
        stored.push_back({random() | 1, TTEntry{score, 10, Bound::Exact, true, i % 6, 5}});
    }
    std::atomic<bool> done{false};
    std::thread writer([&] {
        while (!done.load())
            for (const Stored& s : stored) table.store(s.key, s.entry, false);
    });
    for (int k = 0; k < 3; ++k) save_table(table, path, kGame);
    done = true;
    writer.join();
    TranspositionTable restored(1);
    restored.use_near_table(false);
    load_table(restored, path, kGame);
    const auto [hits, equal] = found(restored, stored);
    EXPECT_GT(hits, 0);
    EXPECT_TRUE(equal);
}

TEST(TableFile, TheGameNamesRulesPitsAndStones) {
    const Rules kalah = make_rules("kalah", 6, 4);
    const std::string game = table_game(kalah, 48);
    EXPECT_EQ(game.rfind("rules kalah pits 6 stones 48 key ", 0), 0u) << game;
    EXPECT_EQ(game, table_game(kalah, 48));
    EXPECT_NE(game, table_game(make_rules("homework", 6, 4), 48));
    EXPECT_NE(game, table_game(kalah, 50));
    EXPECT_NE(game, table_game(make_rules("kalah", 5, 4), 48));
    // A board too big for the packed board is keyed by the other key function.
    EXPECT_EQ(table_game(make_rules("kalah", 8, 4), 64).rfind("rules kalah pits 8 stones 64 key ", 0), 0u);
}

}  // namespace
}  // namespace mancala::search
