#include "util/progress_line.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace mancala {
namespace {

// What `write` prints through a ProgressLine on a temporary file.
template <class Write>
std::string printed(bool terminal, Write&& write) {
    std::FILE* file = std::tmpfile();
    EXPECT_NE(file, nullptr);
    {
        ProgressLine line(file, terminal, std::chrono::hours(1));
        write(line);
    }
    std::rewind(file);
    std::string text;
    for (int c; (c = std::fgetc(file)) != EOF;) text += static_cast<char>(c);
    std::fclose(file);
    return text;
}

TEST(ProgressLine, OnATerminalRewritesOneLineUntilKept) {
    const std::string text = printed(true, [](ProgressLine& line) {
        line.show("first, longer");
        line.show("second");
        line.keep();
        line.keep();  // nothing shown since: no empty line
        line.show("third");
        line.keep();
    });
    EXPECT_EQ(text, "\rfirst, longer\x1b[K\rsecond\x1b[K\n\rthird\x1b[K\n");
}

TEST(ProgressLine, InALogEveryLineStands) {
    const std::string text = printed(false, [](ProgressLine& line) {
        line.show("first");
        line.keep();  // a log's lines stand already
        line.show("second");
    });
    EXPECT_EQ(text, "first\nsecond\n");
}

TEST(ProgressLine, UpdateShowsOnlyOncePeriodHasPassed) {
    std::FILE* file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    ProgressLine slow(file, false, std::chrono::hours(1));
    EXPECT_FALSE(slow.due());
    int made = 0;
    slow.update([&] { return std::to_string(++made); });
    EXPECT_EQ(made, 0);  // not even made: a throttled update costs no formatting
    EXPECT_TRUE(slow.due(ProgressLine::Clock::now() + std::chrono::hours(2)));
    ProgressLine fast(file, false, std::chrono::milliseconds(0));
    fast.update([&] { return std::to_string(++made); });
    fast.update([&] { return std::to_string(++made); });
    EXPECT_EQ(made, 2);
    std::fclose(file);
}

TEST(ProgressLine, BarAndEta) {
    EXPECT_EQ(progress_bar(0.0, 4), "[....] ");
    EXPECT_EQ(progress_bar(0.5, 4), "[##..] ");
    EXPECT_EQ(progress_bar(1.5, 4), "[####] ");  // past the end: full, never more
    EXPECT_EQ(format_eta(45), "45s");
    EXPECT_EQ(format_eta(185), "3m05s");
    EXPECT_EQ(format_eta(7620), "2h07m");
}

}  // namespace
}  // namespace mancala
