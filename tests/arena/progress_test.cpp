#include "arena/progress.hpp"

#include <gtest/gtest.h>

#include <cstdio>

namespace mancala::arena {
namespace {

TEST(Progress, ALineSaysDoneTotalRateAndEta) {
    EXPECT_EQ(format_progress(12, 400, 25.0, 0), "12/400 games (3%), 25 games/s, ETA 16s");
    EXPECT_EQ(format_progress(400, 400, 250.0, 0), "400/400 games (100%), 250 games/s");
    EXPECT_EQ(format_progress(0, 10, std::nullopt, 4), "[....] 0/10 games (0%)");
    EXPECT_EQ(format_progress(5, 10, 1.0, 4), "[##..] 5/10 games (50%), 1 games/s, ETA 5s");
}

// What a bar prints to a file from start(2, 10), update(5) and finish().
std::string printed(bool interactive) {
    std::FILE* file = std::tmpfile();
    EXPECT_NE(file, nullptr);
    ProgressBar bar(file, interactive, std::chrono::milliseconds(0));
    bar.start(2, 10);
    bar.update(5);
    bar.finish();
    std::rewind(file);
    char buffer[512] = {};
    const std::size_t size = std::fread(buffer, 1, sizeof buffer - 1, file);
    std::fclose(file);
    return std::string(buffer, size);
}

TEST(Progress, OnALogItPrintsWholeLines) {
    const std::string text = printed(false);
    EXPECT_EQ(text.find('\r'), std::string::npos);
    EXPECT_NE(text.find("arena: 5/10 games (50%)"), std::string::npos) << text;
    EXPECT_EQ(text.back(), '\n');
}

TEST(Progress, OnATerminalItRedrawsInPlaceAndEndsTheLine) {
    const std::string text = printed(true);
    EXPECT_EQ(text.rfind("\r[", 0), 0u) << text;  // drawn at the start, in place
    EXPECT_NE(text.find("5/10 games (50%)"), std::string::npos) << text;
    EXPECT_EQ(text.find("arena: "), std::string::npos) << text;
    EXPECT_EQ(text.find('\n'), text.size() - 1) << text;  // one line, ended at the finish
}

}  // namespace
}  // namespace mancala::arena
