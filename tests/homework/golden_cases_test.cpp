// The official grader cases: next_state.txt byte for byte, traverse_log.txt byte
// for byte once the lines marked OPTIONAL (which this program never prints) are removed.

#include "homework/homework.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace mancala::homework {
namespace {

using testing::read_text;
using testing::TempDir;

const std::filesystem::path kCases = std::filesystem::path(MANCALA_TEST_DATA) / "homework-cases";

std::string without_optional_lines(const std::string& log) {
    std::istringstream in(log);
    std::string out;
    for (std::string line; std::getline(in, line);)
        if (line.find("OPTIONAL") == std::string::npos) out += line + "\n";
    return out;
}

std::vector<std::string> case_names() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(kCases))
        if (entry.is_directory()) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(GoldenCases, AllElevenArePresent) { EXPECT_EQ(case_names().size(), 11u); }

class GoldenCase : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenCase, MatchesTheGrader) {
    const auto dir = kCases / GetParam();
    const Input input = parse_input(read_text(dir / "input.txt"));
    TempDir out;
    run(input, Options{out.path()});
    EXPECT_EQ(read_text(out.path() / "next_state.txt"), read_text(dir / "next_state.txt"));
    const bool has_log = std::filesystem::exists(dir / "traverse_log.txt");
    ASSERT_EQ(std::filesystem::exists(out.path() / "traverse_log.txt"), has_log);
    if (has_log) {
        EXPECT_EQ(read_text(out.path() / "traverse_log.txt"),
                  without_optional_lines(read_text(dir / "traverse_log.txt")));
    }
}

INSTANTIATE_TEST_SUITE_P(Official, GoldenCase, ::testing::ValuesIn(case_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace mancala::homework
