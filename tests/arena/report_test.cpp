#include "arena/report.hpp"

#include "arena/svg_plot.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace mancala::arena {
namespace {

using mancala::testing::read_text;
using mancala::testing::TempDir;

TournamentResult small_tournament() {
    TournamentConfig c;
    c.rules = make_rules("kalah", 3, 2);
    c.agents = {"random", "alphabeta:depth=2,heuristic=weighted"};
    c.games_per_pairing = 4;
    c.opening_plies = 1;
    return run_tournament(c, RunOptions{});
}

TEST(Report, CsvFieldsAreQuotedOnlyWhenNeeded) {
    EXPECT_EQ(csv_field("random"), "random");
    EXPECT_EQ(csv_field("alphabeta:depth=2,heuristic=weighted"), "\"alphabeta:depth=2,heuristic=weighted\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(Report, TheTextTableRanksByEloAndShowsTheCrossTable) {
    const TournamentResult r = small_tournament();
    const TournamentReport report = summarize(r);
    const std::string text = format_text(r, report);
    EXPECT_NE(text.find("rank  agent"), std::string::npos) << text;
    EXPECT_NE(text.find("Pairwise"), std::string::npos);
    EXPECT_NE(text.find("95% CI"), std::string::npos);
    // The ranking follows the ratings.
    ASSERT_EQ(report.ranking.size(), 2u);
    EXPECT_GE(report.ratings[static_cast<std::size_t>(report.ranking[0])].elo,
              report.ratings[static_cast<std::size_t>(report.ranking[1])].elo);
    const std::size_t table = text.find("rank  agent");
    EXPECT_LT(text.find(r.plan.labels[static_cast<std::size_t>(report.ranking[0])], table),
              text.find(r.plan.labels[static_cast<std::size_t>(report.ranking[1])], table));
}

TEST(Report, WritesEveryFileAtomically) {
    const TournamentResult r = small_tournament();
    TempDir dir;
    const auto written = write_report_files(dir.path(), r, summarize(r));
    EXPECT_EQ(written, (std::vector<std::string>{"results.csv", "results.json", "games.csv", "ratings.svg"}));
    EXPECT_EQ(static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir.path()), {})), 4u);

    const auto json = nlohmann::json::parse(read_text(dir.path() / "results.json"));
    EXPECT_EQ(json.at("games_played"), 4);
    EXPECT_EQ(json.at("standings").size(), 2u);
    EXPECT_EQ(json.at("config").at("agents")[1], "alphabeta:depth=2,heuristic=weighted");

    const std::string games = read_text(dir.path() / "games.csv");
    EXPECT_EQ(std::count(games.begin(), games.end(), '\n'), 5);  // header and four games
    EXPECT_EQ(games.rfind("game,opening,opening_position,south,north,winner,", 0), 0u);

    const std::string results = read_text(dir.path() / "results.csv");
    EXPECT_NE(results.find("\"alphabeta:depth=2,heuristic=weighted\""), std::string::npos);

    const std::string svg = read_text(dir.path() / "ratings.svg");
    EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
    EXPECT_NE(svg.find("alphabeta:depth=2,heuristic=weighted"), std::string::npos);
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

TEST(SvgPlot, EscapesTextAndDrawsEveryRow) {
    IntervalChart chart;
    chart.title = "a < b & c";
    chart.rows = {{"x", 10, 0, 20, "+10"}, {"y", -10, -30, 5, "-10"}};
    const std::string svg = render_svg(chart);
    EXPECT_NE(svg.find("a &lt; b &amp; c"), std::string::npos);
    EXPECT_EQ(svg.find("a < b"), std::string::npos);
    std::size_t circles = 0;
    for (std::size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++circles;
    EXPECT_EQ(circles, 2u);
}

TEST(SvgPlot, NiceTicksAreRoundAndCoverTheRange) {
    const auto unit = nice_ticks(0, 1, 5);
    ASSERT_EQ(unit.size(), 6u);
    for (std::size_t i = 0; i < unit.size(); ++i) EXPECT_NEAR(unit[i], 0.2 * static_cast<double>(i), 1e-12);
    const auto ticks = nice_ticks(-512, 287, 6);
    EXPECT_LE(ticks.front(), -512);
    EXPECT_GE(ticks.back(), 287);
    EXPECT_EQ(ticks[1] - ticks[0], 200);
    EXPECT_EQ(nice_ticks(1, 6, 10, 1.0), (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

}  // namespace
}  // namespace mancala::arena
