// End to end: `mancala analyze` scores every legal move, as JSON, and refuses bad input with exit code 2.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <cstdio>
#include <memory>
#include <string>

namespace mancala {
namespace {

struct CommandRun {
    std::string out;
    int code;
};

CommandRun run_mancala(const std::string& args) {
    const std::string command = std::string(MANCALA_BINARY) + " " + args + " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    std::string out;
    char buffer[4096];
    while (pipe && std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
    const int status = pipe ? pclose(pipe) : -1;
    return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

TEST(AnalyzeCommand, GivesTheBestMoveAsJson) {
    const CommandRun r = run_mancala("analyze --rules kalah --pits 4 --seeds 3 --depth 40 --hash 8 --json");
    ASSERT_EQ(r.code, 0);
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_FALSE(json.contains("moves"));        // only with --all-moves or --multipv
    EXPECT_TRUE(json.at("proven").get<bool>());  // small enough to search to the end
    EXPECT_EQ(json.at("result"), "win by 6");    // as `mancala solve` and the retrograde tests find
    EXPECT_EQ(json.at("best_move"), "B3");
    EXPECT_EQ(json.at("pv")[0], "B3");
}

TEST(AnalyzeCommand, ScoresEveryMoveOrTheBestFewAsJson) {
    const CommandRun all =
        run_mancala("analyze --rules kalah --pits 4 --seeds 3 --depth 40 --hash 8 --json --all-moves");
    ASSERT_EQ(all.code, 0);
    const auto every = nlohmann::json::parse(all.out);
    ASSERT_EQ(every.at("moves").size(), 4u);
    EXPECT_EQ(every.at("best_move"), every.at("moves")[0].at("move"));
    EXPECT_EQ(every.at("result"), "win by 6");
    const CommandRun two =
        run_mancala("analyze --rules kalah --pits 4 --seeds 3 --depth 40 --hash 8 --json --multipv 2");
    ASSERT_EQ(two.code, 0);
    const auto best = nlohmann::json::parse(two.out);
    ASSERT_EQ(best.at("moves").size(), 2u);
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(best.at("moves")[i].at("score"), every.at("moves")[i].at("score")) << i;
        EXPECT_TRUE(best.at("moves")[i].at("proven").get<bool>());
    }
    EXPECT_EQ(run_mancala("analyze --depth 4 --multipv 2 --all-moves").code, 2);
    EXPECT_EQ(run_mancala("analyze --depth 4 --multipv 0").code, 2);
}

TEST(AnalyzeCommand, TakesTheGameSizeFromThePositionUnlessGiven) {
    // 3 pits a side and 18 stones: a game of 3 stones a pit, whatever --seeds defaults to.
    auto size = [](const std::string& args) {
        const CommandRun r = run_mancala("analyze --depth 2 --hash 1 --json " + args);
        EXPECT_EQ(r.code, 0) << args;
        if (r.code != 0) return std::pair{-1, -1};
        const auto json = nlohmann::json::parse(r.out);
        return std::pair{json.at("pits").get<int>(), json.at("seeds").get<int>()};
    };
    EXPECT_EQ(size("--position 2,3,4/1,3,3/1/1/S"), (std::pair{3, 3}));
    EXPECT_EQ(size("--seeds 5 --position 2,3,4/1,3,3/1/1/S"), (std::pair{3, 5}));  // as given
    EXPECT_EQ(size("--position 2,3,4/1,3,3/1/2/S"), (std::pair{3, 4}));  // 19 stones: not whole pits; the default
}

TEST(AnalyzeCommand, RefusesBadInputWithExitCodeTwo) {
    EXPECT_EQ(run_mancala("analyze --position 1,2/3/0/0/S").code, 2);
    EXPECT_EQ(run_mancala("analyze --pits 3 --position 1,2/3,4/0/0/S").code, 2);  // 2 pits given, 3 asked
    EXPECT_EQ(run_mancala("analyze --heuristic magic --depth 2").code, 2);
    EXPECT_EQ(run_mancala("analyze --time soon").code, 2);
    EXPECT_EQ(run_mancala("analyze --rules owari").code, 2);
    EXPECT_EQ(run_mancala("analyze --rules oware:extra-turn=yes").code, 2);  // no store on the ring
}

}  // namespace
}  // namespace mancala
