// End to end: `mancala db build` and `mancala db query` for games whose positions
// repeat (Oware, Awari), against the database read directly and hand-checked boards.

#include "core/notation.hpp"
#include "core/rules_string.hpp"
#include "solve/cyclic_database.hpp"
#include "support/command_output.hpp"
#include "support/reference_cyclic.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

namespace mancala {
namespace {

using testing::output_of;

TEST(DbCommand, BuildsResumesAndQueriesOware) {
    const testing::TempDir dir;
    const std::string binary = MANCALA_BINARY, out = " --out " + dir.path().string();
    const auto first =
        nlohmann::json::parse(output_of(binary + " db build --quiet --json --rules oware --max-stones 4" + out));
    EXPECT_EQ(first.at("max_stones"), 4);
    ASSERT_EQ(first.at("tiers").size(), 5u);
    EXPECT_GE(first.at("tiers")[4].at("passes").get<double>(), 1.0);
    // Resumed: only tiers 5 and 6 are built.
    const auto second =
        nlohmann::json::parse(output_of(binary + " db build --quiet --json --rules oware --max-stones 6" + out));
    ASSERT_EQ(second.at("tiers").size(), 2u);
    EXPECT_EQ(second.at("tiers")[0].at("tier"), 5);

    // One seed in South's last house, none across, South's store 20 and North's 27 (48
    // in all; the notation writes North's row and store first): South must feed North,
    // who then cannot feed back and keeps it: South ends 20 to 28.
    const std::string db = " --db " + dir.path().string();
    const auto q = nlohmann::json::parse(
        output_of(binary + " db query --json --rules oware --position 0,0,0,0,0,0/0,0,0,0,0,1/27/20/S" + db));
    EXPECT_EQ(q.at("share"), 0);
    EXPECT_EQ(q.at("value"), -8);
    ASSERT_EQ(q.at("moves").size(), 1u);
    EXPECT_EQ(q.at("moves")[0].at("move"), "F");
    EXPECT_EQ(q.at("moves")[0].at("value"), -8);

    // Every answer is the database's, read here.
    const solve::CyclicDatabase read(make_rules("oware"), dir.path());
    EXPECT_EQ(read.max_stones(), 6);
    const Position p = Position::from_counts(std::vector<int>{1, 0, 2, 0, 0, 1}, std::vector<int>{0, 1, 0, 0, 1, 0},
                                             21, 21, Side::North);
    const auto n = nlohmann::json::parse(
        output_of(binary + " db query --json --rules oware --position " + to_notation(p) + db));
    EXPECT_EQ(n.at("to_move"), "north");
    EXPECT_EQ(n.at("value"), read.final_margin(p));
    EXPECT_EQ(n.at("share"), read.share(p));
}

// `solve` on a game whose positions repeat reads the start from its database: against
// the search along every path, on boards small enough for it.
TEST(DbCommand, SolveReadsTheStartFromTheDatabase) {
    for (const char* game : {"oware", "awari", "bohnenspiel"})
        for (const auto& [pits, seeds] : {std::pair{2, 1}, std::pair{2, 2}, std::pair{2, 3}}) {
            const Rules rules = make_rules(game, pits, seeds);
            reference::PathSearch search(reference::parse_family_rules(spelled_out(rules)), false);
            const std::vector<int> row(static_cast<std::size_t>(pits), seeds);
            const int stones = 2 * pits * seeds;
            const auto solved = nlohmann::json::parse(
                output_of(std::string(MANCALA_BINARY) + " solve --json --rules " + game + " --pits " +
                          std::to_string(pits) + " --seeds " + std::to_string(seeds)));
            EXPECT_EQ(solved.at("value").get<int>(), 2 * search.value(row, row) - stones) << game << pits << seeds;
            EXPECT_EQ(solved.at("method"), "database");
        }
    const std::string refused =
        output_of(std::string(MANCALA_BINARY) + " solve --rules oware --pits 3 --seeds 1 --at-least 2 2>&1");
    EXPECT_NE(refused.find("solved by its database"), std::string::npos) << refused;
    // Oware's own board needs its 48-seed tiers: tier 48's C(59,11) = 279,871,768,995 boards at
    // 5 bytes and the C(59,12) = 1,119,487,075,980 bytes below, 2,402,159 MiB, refused at once.
    const std::string own =
        output_of(std::string(MANCALA_BINARY) + " solve --rules oware --max-memory 100000 2>&1");
    EXPECT_NE(own.find("building oware up to 48 seeds needs about 2402159 MiB"), std::string::npos) << own;
    EXPECT_NE(own.find("more than --max-memory 100000 MiB"), std::string::npos) << own;
}

TEST(DbCommand, RefusesWhatItCannotAnswer) {
    const testing::TempDir dir;
    const std::string binary = MANCALA_BINARY, db = " --db " + dir.path().string();
    const std::string none =
        output_of(binary + " db query --rules awari --position 0,0,0,0,0,1/0,0,0,0,0,0/20/27/S" + db + " 2>&1");
    EXPECT_NE(none.find("no database for awari"), std::string::npos) << none;
    output_of(binary + " db build --quiet --rules awari --max-stones 2 --out " + dir.path().string());
    const std::string more =
        output_of(binary + " db query --rules awari --position 0,0,0,0,3,1/0,0,0,0,0,0/20/24/S" + db + " 2>&1");
    EXPECT_NE(more.find("4 seeds in its pits"), std::string::npos) << more;
    EXPECT_NE(more.find("holds up to 2"), std::string::npos) << more;
    // A build past --max-memory is refused before it starts, with what it would take: tier 18's
    // C(29,11) = 34,597,290 boards at 5 bytes and the 51,895,935 bytes of tiers 0..17, 214.5 MiB.
    const std::string big =
        output_of(binary + " db build --quiet --rules awari --max-stones 18 --max-memory 50 --out " +
                  dir.path().string() + " 2>&1");
    EXPECT_NE(big.find("needs about 215 MiB"), std::string::npos) << big;
    EXPECT_NE(big.find("more than --max-memory 50 MiB"), std::string::npos) << big;
    // A stopped build's checkpoint is announced, and refused by name when it is not one.
    {
        std::ofstream damaged(dir.path() / "awari-6" / "tier-003.counting", std::ios::binary);
        damaged << "not the bytes of a checkpoint, and too short to be one";
    }
    const std::string resumed =
        output_of(binary + " db build --rules awari --max-stones 3 --out " + dir.path().string() + " 2>&1");
    EXPECT_NE(resumed.find("tier-003.counting: resuming tier 3 from this checkpoint"), std::string::npos)
        << resumed;
    EXPECT_NE(resumed.find("tier-003.counting: the file is cut short"), std::string::npos) << resumed;
    EXPECT_NE(resumed.find("deleting it starts that tier afresh"), std::string::npos) << resumed;
}

}  // namespace
}  // namespace mancala
