#include "arena/experiment.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace mancala::arena {
namespace {

using mancala::testing::read_text;
using mancala::testing::TempDir;

TEST(Experiment, MctsAgainstRandomSweepsFiveToAHundredIterations) {
    const Experiment e = make_experiment("mcts-vs-random");
    EXPECT_EQ(e.parameter, "iterations");
    EXPECT_EQ(e.values.size(), 20u);
    EXPECT_EQ(e.values.front(), 5);
    EXPECT_EQ(e.values.back(), 100);
    const TournamentConfig c = experiment_config(e, TournamentConfig{});
    EXPECT_EQ(c.format, Format::Gauntlet);
    EXPECT_EQ(c.agents.front(), "random");
    EXPECT_EQ(c.agents[1], "mcts:iterations=5");
    EXPECT_EQ(c.agents.back(), "mcts:iterations=100");
    EXPECT_THROW(make_experiment("tic-tac-toe"), std::invalid_argument);
}

TEST(Experiment, ValuesAreARangeOrAList) {
    EXPECT_EQ(parse_values("5:20:5"), (std::vector<int>{5, 10, 15, 20}));
    EXPECT_EQ(parse_values("1,2,4"), (std::vector<int>{1, 2, 4}));
    for (const char* bad : {"", "1:2", "3:1:1", "1:5:0", "1,,2", "x", "1,1"})
        EXPECT_THROW(parse_values(bad), std::invalid_argument) << bad;
}

TEST(Experiment, TheTemplateNamesTheParameterAndTheExperiment) {
    Experiment e = make_experiment("mcts-vs-random");
    set_agent_template(e, "alphabeta:heuristic=weighted,depth={}");
    EXPECT_EQ(e.parameter, "depth");
    EXPECT_EQ(e.name, "alphabeta-vs-random");
    EXPECT_EQ(agent_spec(e, 3), "alphabeta:heuristic=weighted,depth=3");
    EXPECT_THROW(set_agent_template(e, "alphabeta:depth=3"), std::invalid_argument);
    EXPECT_THROW(set_agent_template(e, "alphabeta:depth={},threads={}"), std::invalid_argument);
}

// The machinery on a stand-in family, until the mcts agent is in the registry.
TEST(Experiment, RunsAsAGauntletAndWritesItsTableAndPlot) {
    Experiment e = make_experiment("mcts-vs-random");
    set_agent_template(e, "alphabeta:depth={}");
    e.values = {1, 2};
    TournamentConfig base;
    base.rules = make_rules("kalah", 3, 2);
    base.games_per_pairing = 4;
    base.opening_plies = 1;
    const TournamentResult result = run_tournament(experiment_config(e, base), RunOptions{});
    const auto rows = experiment_rows(e, result);
    ASSERT_EQ(rows.size(), 2u);
    for (const ExperimentRow& row : rows) {
        EXPECT_EQ(row.tally.games, 4);
        EXPECT_EQ(row.tally.wins + row.tally.draws + row.tally.losses, 4);
        EXPECT_LE(row.win_rate.low, static_cast<double>(row.tally.wins) / 4);
        EXPECT_GE(row.win_rate.high, static_cast<double>(row.tally.wins) / 4);
    }
    EXPECT_EQ(rows[1].agent, "alphabeta:depth=2");

    const std::string text = format_experiment_text(e, result, rows);
    EXPECT_NE(text.find("depth  games   wins  draws  losses  win rate  95% Wilson interval"), std::string::npos)
        << text;

    TempDir dir;
    EXPECT_EQ(write_experiment_files(dir.path(), e, result, rows),
              (std::vector<std::string>{"alphabeta_vs_random.csv", "alphabeta_vs_random.svg", "games.csv"}));
    const std::string csv = read_text(dir.path() / "alphabeta_vs_random.csv");
    EXPECT_EQ(csv.rfind("depth,agent,opponent,games,wins,draws,losses,win_rate,wilson_low,wilson_high", 0), 0u);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
    const std::string svg = read_text(dir.path() / "alphabeta_vs_random.svg");
    EXPECT_NE(svg.find("<polyline"), std::string::npos);
    EXPECT_NE(svg.find("<polygon"), std::string::npos);  // the Wilson band
}

}  // namespace
}  // namespace mancala::arena
