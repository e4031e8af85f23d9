// End to end: `mancala book build` and `mancala book check`, and the engine playing the
// book built, through the real binary.

#include "book/book_file.hpp"
#include "support/command_output.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace mancala {
namespace {

using testing::output_of;

TEST(BookCommand, HelpNamesEveryOption) {
    const std::string help = output_of(std::string(MANCALA_BINARY) + " book build --help 2>&1");
    for (const char* option : {"--rules", "--pits", "--seeds", "--out", "--journal", "--plies", "--time", "--depth",
                               "--threads", "--hash", "--db", "--db-size", "--checkpoint", "--quiet", "--json"})
        EXPECT_NE(help.find(option), std::string::npos) << option << " missing from:\n" << help;
    EXPECT_NE(output_of(std::string(MANCALA_BINARY) + " book --help 2>&1").find("check"), std::string::npos);
    EXPECT_NE(output_of(std::string(MANCALA_BINARY) + " --help 2>&1").find("book"), std::string::npos);
}

TEST(BookCommand, BuildsChecksAndRefuses) {
    const testing::TempDir dir;
    const std::string binary = MANCALA_BINARY, out = (dir.path() / "k43.book").string();
    const auto built = nlohmann::json::parse(
        output_of(binary +
                  " book build --quiet --json --rules kalah --pits 4 --seeds 3 --plies 4 --depth 6 --db-size 0 "
                  "--threads 1 --out " +
                  out));
    EXPECT_EQ(built.at("rules"), "kalah");
    EXPECT_EQ(built.at("settings"), "plies=4,depth=6");
    const book::Book book = book::read_book(out);
    EXPECT_EQ(built.at("entries").get<std::size_t>(), book.size());
    EXPECT_EQ(built.at("searched").get<std::size_t>(), book.size());
    EXPECT_GT(book.size(), 4u);

    const auto checked = nlohmann::json::parse(output_of(binary + " book check --json " + out));
    EXPECT_EQ(checked.at("entries").get<std::size_t>(), book.size());
    EXPECT_EQ(checked.at("estimate").get<std::size_t>() + checked.at("exact").get<std::size_t>(), book.size());
    // Of another game: refused in one line naming the file, exit code 2.
    const std::string refused =
        output_of(binary + " book check --rules homework --pits 4 --seeds 3 " + out + " 2>&1; echo \"exit $?\"");
    EXPECT_NE(refused.find("mancala: error: book " + out + " is a book of kalah(4 pits, 3 seeds)"),
              std::string::npos)
        << refused;
    EXPECT_NE(refused.find("exit 2"), std::string::npos) << refused;
    // A journal of another game is refused before anything is searched.
    const std::string journal =
        output_of(binary + " book build --rules kalah --pits 6 --seeds 6 --plies 2 --depth 2 --out " + out +
                  "2 --journal " + MANCALA_TEST_SOURCE + "/../proofs/homework-6-6.journal 2>&1; echo \"exit $?\"");
    EXPECT_NE(journal.find("homework-6-6.journal line 1: a journal of homework"), std::string::npos) << journal;
    EXPECT_NE(journal.find("exit 2"), std::string::npos) << journal;
    const std::string both = output_of(binary +
                                       " book build --rules kalah --pits 4 --seeds 3 --time 1s --depth 3 "
                                       "--out " +
                                       out + "3 2>&1; echo \"exit $?\"");
    EXPECT_NE(both.find("exit 2"), std::string::npos) << both;
}

}  // namespace
}  // namespace mancala
