// End to end: `mancala solve --json` on small boards of every preset and of rule sets
// named by rules strings, by both methods, against values computed here by plain
// exhaustive search.

#include "core/notation.hpp"
#include "core/rules_string.hpp"
#include "support/command_output.hpp"
#include "support/exhaustive_search.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <string>

namespace mancala {
namespace {

using testing::output_of;

TEST(SolveCommand, SmallBoardsMatchExhaustiveSearch) {
    for (const char* preset : {"kalah", "homework", "relay"}) {
        for (auto [pits, seeds] : {std::pair{2, 2}, {3, 2}, {3, 3}, {4, 2}}) {
            const Rules rules = make_rules(preset, pits, seeds);
            testing::ExhaustiveSearch exhaustive(rules);
            const int expected = exhaustive.final_margin(Position::start(rules));
            // Retrograde analysis alone; the forward search alone (no database), with a
            // small endgame database at its leaves, and with the default one.
            for (const char* method : {"retrograde", "search --db-stones 0", "search --db-stones 3", "search"}) {
                const std::string out = output_of(std::string(MANCALA_BINARY) + " solve --json --hash 16 --rules " +
                                                  preset + " --pits " + std::to_string(pits) + " --seeds " +
                                                  std::to_string(seeds) + " --method " + method);
                const auto json = nlohmann::json::parse(out);
                EXPECT_EQ(json.at("value").get<int>(), expected) << preset << pits << seeds << method;
                EXPECT_EQ(json.at("rules"), preset);
                EXPECT_FALSE(json.at("best_moves").empty());
                EXPECT_GE(json.at("peak_rss_mb").get<double>(), 0.0);
            }
        }
    }
}

// Auto's race: the search goes first, and given no time retrograde analysis answers, with
// every optimal move; the JSON names the search that went first, the text says so.
TEST(SolveCommand, AutoFallsBackToRetrogradeAnalysisWhenTheSearchRunsOutOfTime) {
    const std::string solve = std::string(MANCALA_BINARY) + " solve --pits 3 --seeds 4";
    const auto exact = nlohmann::json::parse(output_of(solve + " --method retrograde --json"));
    const auto raced = nlohmann::json::parse(output_of(solve + " --search-first 0 --json"));
    EXPECT_EQ(raced.at("method"), "retrograde");
    EXPECT_EQ(raced.at("value"), exact.at("value"));
    EXPECT_EQ(raced.at("best_moves"), exact.at("best_moves"));
    EXPECT_GT(raced.at("search_first").at("nodes").get<std::uint64_t>(), 0u);
    const std::string text = output_of(solve + " --search-first 0 2>&1");
    EXPECT_NE(text.find("auto: searching for up to 0.000 s"), std::string::npos) << text;
    EXPECT_NE(text.find("auto: the search went first and stopped unproven after"), std::string::npos) << text;
    EXPECT_NE(text.find("retrograde: 593775 positions"), std::string::npos) << text;  // C(30,6)
    const auto searched = nlohmann::json::parse(output_of(solve + " --search-first 3600 --json"));
    EXPECT_EQ(searched.at("method"), "search");
    EXPECT_EQ(searched.at("value"), exact.at("value"));
    EXPECT_FALSE(searched.contains("search_first"));
    EXPECT_NE(
        output_of(solve + " --method search --search-first 1 2>&1").find("--search-first times auto's search"),
        std::string::npos);
}

// Rule sets that are no preset, named by rules strings: both methods, the exhaustive value.
TEST(SolveCommand, CustomRulesMatchExhaustiveSearch) {
    for (const char* text : {"kalah:capture=never,extra-turn=no", "relay:extra-turn=no", "homework:end=board-empty",
                             "kalah:sowing=relay"}) {
        const Rules rules = parse_rules(text, 3, 2);
        ASSERT_EQ(preset_name(rules), "custom") << text;
        testing::ExhaustiveSearch exhaustive(rules);
        const int expected = exhaustive.final_margin(Position::start(rules));
        for (const char* method : {"retrograde", "search"}) {
            const std::string out = output_of(std::string(MANCALA_BINARY) + " solve --json --hash 16 --rules " +
                                              text + " --pits 3 --seeds 2 --method " + method + " 2>/dev/null");
            const auto json = nlohmann::json::parse(out);
            EXPECT_EQ(json.at("value").get<int>(), expected) << text << " " << method;
            EXPECT_EQ(json.at("rules"), rules_string(rules)) << text;
        }
    }
}

// The forward search with database leaves and the pure retrograde solver agree on a bigger board.
TEST(SolveCommand, SearchWithDatabaseAgreesWithRetrograde) {
    for (const char* preset : {"kalah", "homework"}) {
        const std::string common =
            std::string(MANCALA_BINARY) + " solve --json --hash 16 --pits 4 --seeds 3 --rules " + preset;
        const auto retrograde = nlohmann::json::parse(output_of(common + " --method retrograde"));
        const auto search = nlohmann::json::parse(output_of(common + " --method search --db-stones 8"));
        EXPECT_EQ(retrograde.at("value"), search.at("value")) << preset;
        EXPECT_EQ(search.at("method"), "search");
    }
}

// --db-stones caps a bigger database found in --db, and the value does not change.
TEST(SolveCommand, DbStonesCapsADatabaseOnDisk) {
    const std::string dir = ::testing::TempDir() + "solve_db_cap";
    const std::string binary = MANCALA_BINARY;
    output_of(binary + " db build --quiet --rules kalah --pits 4 --max-stones 10 --out " + dir);
    const std::string common = binary + " solve --hash 16 --pits 4 --seeds 3 --method search --db " + dir;
    const std::string capped = output_of(common + " --db-stones 4 2>&1 >/dev/null");  // the progress (stderr)
    EXPECT_NE(capped.find("endgame database: up to 4 stones"), std::string::npos) << capped;
    const std::string all = output_of(common + " 2>&1 >/dev/null");
    EXPECT_NE(all.find("endgame database: up to 10 stones"), std::string::npos) << all;
    const auto a = nlohmann::json::parse(output_of(common + " --json --db-stones 4"));
    const auto b = nlohmann::json::parse(output_of(common + " --json"));
    EXPECT_EQ(a.at("value"), b.at("value"));
    EXPECT_EQ(a.at("value").get<int>(), 6);  // Kalah(4,3): the first player wins by 6 (docs/SOLVING.md)
}

// A proof's progress in a log (stderr is a pipe here): whole lines, the warm-up
// depths, then each pass's bounds in stones ("?" for none yet), the last the value.
TEST(SolveCommand, ProofProgressInALog) {
    const std::string log =
        output_of(std::string(MANCALA_BINARY) +
                  " solve --hash 16 --pits 4 --seeds 3 --method search --db-stones 4 2>&1 >/dev/null");
    EXPECT_EQ(log.find('\r'), std::string::npos) << log;
    EXPECT_NE(log.find("\nwarm-up depth   1: "), std::string::npos) << log;
    const bool one_bound =
        log.find("proof: value in [?, ") != std::string::npos || log.find(", ?] after ") != std::string::npos;
    EXPECT_TRUE(one_bound) << log;
    EXPECT_NE(log.find("proof: value in [+6, +6] after "), std::string::npos) << log;  // Kalah(4,3): +6
}

}  // namespace
}  // namespace mancala

namespace mancala {
namespace {

// --at-least and --at-most prove or refute one bound of the first player's margin, by
// the search's single null-window pass or from retrograde analysis's exact value, from
// the start and from positions with either side to move (the bound is South's either
// way), against exhaustive search.
TEST(SolveCommand, BoundsAreProvenOrRefutedAsTheValueSays) {
    const Rules rules = make_rules("kalah", 4, 2);
    testing::ExhaustiveSearch exhaustive(rules);
    const std::string binary = MANCALA_BINARY;
    Position after = Position::start(rules);
    after.apply(rules, 0);  // B2: North to move
    Position later = after;
    later.apply(rules, 3);  // A2 (North's pit index 3)
    int checked = 0;
    for (const Position& p : {Position::start(rules), after, later}) {
        const int mover = exhaustive.final_margin(p);
        const int south = p.to_move() == Side::South ? mover : -mover;
        const std::string notation = to_notation(p);
        for (const char* method : {"search", "retrograde"}) {
            if (std::string(method) == "retrograde" && p != Position::start(rules)) continue;
            for (const auto& [ask, v] : {std::pair{"--at-least", south}, std::pair{"--at-least", south + 1},
                                         std::pair{"--at-most", south}, std::pair{"--at-most", south - 1}}) {
                {
                    const std::string out =
                        output_of(binary + " solve --json --hash 16 --method " + method + " --position " +
                                  notation + " " + ask + " " + std::to_string(v) + " 2>/dev/null");
                    const auto json = nlohmann::json::parse(out);
                    const bool at_least = std::string(ask) == "--at-least";
                    EXPECT_EQ(json.at("holds").get<bool>(), at_least ? south >= v : south <= v)
                        << notation << " " << method << " " << ask << " " << v;
                    // What the search proves is a bound the value keeps.
                    if (json.contains("at_least")) {
                        EXPECT_GE(south, json.at("at_least").get<int>()) << out;
                    }
                    if (json.contains("at_most")) {
                        EXPECT_LE(south, json.at("at_most").get<int>()) << out;
                    }
                    ++checked;
                }
            }
        }
    }
    EXPECT_EQ(checked, 16);
    EXPECT_NE(output_of(binary + " solve --at-least 1 --at-most 2 2>&1").find("excludes"), std::string::npos);
}

// A bound split into pieces and kept in a journal, end to end: the answer exhaustive
// search gives, from the start and with North to move (where the first player's bound
// is turned into the mover's); a rerun takes it from the journal and searches nothing
// (nor opens a database);
// a journal of another game is refused by name.
TEST(SolveCommand, SplitProofsResumeFromTheirJournal) {
    const Rules rules = make_rules("kalah", 3, 3);
    testing::ExhaustiveSearch exhaustive(rules);
    const std::string binary = MANCALA_BINARY;
    testing::TempDir dir;
    Position after = Position::start(rules);
    after.apply(rules, 1);  // B3: North to move
    int journals = 0;
    for (const Position& p : {Position::start(rules), after}) {
        const int mover = exhaustive.final_margin(p);
        const int south = p.to_move() == Side::South ? mover : -mover;
        for (const auto& [ask, v] : {std::pair{"--at-least", south}, std::pair{"--at-least", south + 1},
                                     std::pair{"--at-most", south - 1}}) {
            const std::string journal = (dir.path() / ("j" + std::to_string(journals++))).string();
            const std::string command = binary + " solve --json --hash 16 --db-stones 0 --position " +
                                        to_notation(p) + " " + ask + " " + std::to_string(v) +
                                        " --split 2 --journal " + journal + " 2>/dev/null";
            const bool at_least = std::string(ask) == "--at-least";
            const bool expected = at_least ? south >= v : south <= v;
            const auto first = nlohmann::json::parse(output_of(command));
            EXPECT_EQ(first.at("holds").get<bool>(), expected) << command;
            EXPECT_GE(first.at("pieces").at("searched").get<int>(), 1) << command;
            const auto again = nlohmann::json::parse(output_of(command));
            EXPECT_EQ(again.at("holds").get<bool>(), expected) << command;
            EXPECT_EQ(again.at("pieces").at("searched").get<int>(), 0) << command;
            EXPECT_EQ(again.at("nodes").get<std::uint64_t>(), 0u) << command;
            // The journal answers the root itself: no database is opened for it.
            EXPECT_EQ(again.at("pieces").at("from_journal").get<int>(), 1) << command;
            EXPECT_TRUE(first.contains("db_stones")) << command;
            EXPECT_FALSE(again.contains("db_stones")) << command;
        }
    }
    const std::string journal = (dir.path() / "j0").string();
    const std::string other =
        output_of(binary + " solve --rules homework --pits 3 --seeds 3 --at-least 1 --journal " + journal +
                  " 2>&1; echo \"exit $?\"");
    EXPECT_NE(other.find(journal + " line 1: a journal of kalah"), std::string::npos) << other;
    EXPECT_NE(other.find("exit 2"), std::string::npos) << other;
    const std::string no_bound = output_of(binary + " solve --pits 3 --seeds 3 --split 2 2>&1; echo \"exit $?\"");
    EXPECT_NE(no_bound.find("need --at-least or --at-most"), std::string::npos) << no_bound;
    EXPECT_NE(no_bound.find("exit 2"), std::string::npos) << no_bound;
}

// A table kept in a file, end to end: the second run reads it and searches less; a
// damaged file and a table with retrograde analysis are refused in one line (exit 2).
TEST(SolveCommand, ATableFileIsReadSavedAndChecked) {
    const std::string binary = MANCALA_BINARY;
    testing::TempDir dir;
    const std::string table = (dir.path() / "k44.table").string();
    const std::string command = binary +
                                " solve --method search --rules kalah --pits 4 --seeds 4 --db-stones 8 "
                                "--hash 16 --threads 1 --at-least 3 --table " +
                                table;
    const std::string first = output_of(command + " 2>&1");
    EXPECT_NE(first.find("table: saved "), std::string::npos) << first;
    EXPECT_EQ(first.find("table: read "), std::string::npos) << first;
    const auto fresh = nlohmann::json::parse(output_of(command + " --json 2>/dev/null"));
    const std::string again = output_of(command + " 2>&1");
    EXPECT_NE(again.find("table: read "), std::string::npos) << again;
    EXPECT_NE(again.find("at least +3: false (proven: at most +2)"), std::string::npos) << again;
    EXPECT_FALSE(fresh.at("holds").get<bool>());

    std::string bytes = testing::read_text(table);
    bytes[bytes.size() / 2] ^= 1;
    testing::write_text(table, bytes);
    const std::string damaged = output_of(command + " 2>&1; echo \"exit $?\"");
    EXPECT_NE(damaged.find("error: table file " + table + ": damaged"), std::string::npos) << damaged;
    EXPECT_NE(damaged.find("exit 2"), std::string::npos) << damaged;
    const std::string retrograde = output_of(binary + " solve --pits 3 --seeds 3 --method retrograde --table " +
                                             table + " 2>&1; echo \"exit $?\"");
    EXPECT_NE(retrograde.find("--method retrograde has none"), std::string::npos) << retrograde;
    EXPECT_NE(retrograde.find("exit 2"), std::string::npos) << retrograde;
}

}  // namespace
}  // namespace mancala
