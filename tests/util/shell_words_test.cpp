#include "util/shell_words.hpp"

#include <gtest/gtest.h>

namespace mancala {
namespace {

using Words = std::vector<std::string>;

TEST(ShellWords, SplitsAsAShellWouldWithoutExpanding) {
    EXPECT_EQ(split_shell_words("python3 engine.py --depth 4"), (Words{"python3", "engine.py", "--depth", "4"}));
    EXPECT_EQ(split_shell_words("  a\t b  "), (Words{"a", "b"}));
    EXPECT_EQ(split_shell_words("'my engine' \"two words\" a\\ b"), (Words{"my engine", "two words", "a b"}));
    EXPECT_EQ(split_shell_words("x'y'\"z\""), (Words{"xyz"}));
    EXPECT_EQ(split_shell_words("'$HOME' \"\\\"q\\\" \\n\" *"), (Words{"$HOME", "\"q\" \\n", "*"}));
    EXPECT_EQ(split_shell_words("''"), (Words{""}));
    EXPECT_EQ(split_shell_words(""), Words{});
}

TEST(ShellWords, RefusesWhatIsNotClosed) {
    EXPECT_THROW(split_shell_words("a 'b"), std::invalid_argument);
    EXPECT_THROW(split_shell_words("a \"b"), std::invalid_argument);
    EXPECT_THROW(split_shell_words("a\\"), std::invalid_argument);
    try {
        split_shell_words("run 'x");
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "an unclosed single quote at column 5 of the command 'run 'x'");
    }
}

TEST(ShellWords, JoinQuotesSoThatSplitGivesTheWordsBack) {
    const Words words{"plain", "two words", "it's", "", "$x", "a\"b"};
    EXPECT_EQ(split_shell_words(join_shell_words(words)), words);
    EXPECT_EQ(join_shell_words({"python3", "engine.py"}), "python3 engine.py");
}

}  // namespace
}  // namespace mancala
