#include "arena/tournament.hpp"

#include "agents/registry.hpp"
#include "arena/report.hpp"
#include "support/temp_dir.hpp"
#include "test_agents.hpp"

#include <gtest/gtest.h>

namespace mancala::arena {
namespace {

using mancala::testing::read_text;
using mancala::testing::TempDir;

// A small, quick tournament whose agents are all deterministic given their seeds.
TournamentConfig small_config() {
    TournamentConfig c;
    c.rules = make_rules("kalah", 4, 3);
    c.agents = {"random", "greedy", "alphabeta:depth=2"};
    c.games_per_pairing = 6;
    c.opening_plies = 2;
    c.seed = 9;
    return c;
}

// The registry plus the misbehaving test agents.
AgentMaker test_maker() {
    return [](std::string_view spec, const agents::AgentContext& context) -> std::unique_ptr<agents::Agent> {
        if (spec == "thrower") return std::make_unique<testing::ScriptedAgent>(/*throw_at=*/3);
        if (spec == "illegal") return std::make_unique<testing::IllegalMoveAgent>();
        return agents::make_agent(spec, context);
    };
}

RunOptions with_jobs(int jobs) {
    RunOptions options;
    options.jobs = jobs;
    return options;
}

// games.csv without its last two columns (south_ms, north_ms): times differ from run to run.
std::string without_think_times(const std::string& csv) {
    std::string out;
    std::size_t start = 0;
    while (start < csv.size()) {
        const std::size_t end = csv.find('\n', start);
        std::string line = csv.substr(start, end - start);
        for (int column = 0; column < 2; ++column) line.erase(line.rfind(','));
        out += line + '\n';
        start = end + 1;
    }
    return out;
}

TEST(Tournament, PlaysEveryScheduledGameInOrder) {
    const TournamentResult r = run_tournament(small_config(), with_jobs(2));
    ASSERT_TRUE(r.complete());
    EXPECT_EQ(r.games.size(), 18u);
    for (std::size_t i = 0; i < r.games.size(); ++i) EXPECT_EQ(r.games[i].game, static_cast<int>(i));
    EXPECT_EQ(r.resumed, 0);
    EXPECT_EQ(r.plan.labels, (std::vector<std::string>{"random", "greedy", "alphabeta:depth=2"}));
}

TEST(Tournament, TheNumberOfJobsDoesNotChangeTheGames) {
    const TournamentResult one = run_tournament(small_config(), with_jobs(1));
    const TournamentResult two = run_tournament(small_config(), with_jobs(2));
    EXPECT_EQ(one.games, two.games);
    EXPECT_EQ(without_think_times(games_csv(one)), without_think_times(games_csv(two)));
}

TEST(Tournament, AgentsWithoutASeedInTheirSpecGetOnePerGame) {
    const AgentLineup lineup({"random", "random:seed=4", "greedy"}, registry_maker(), {});
    EXPECT_EQ(lineup.build(0, 41)->spec(), "random:seed=42");
    EXPECT_EQ(lineup.build(1, 41)->spec(), "random:seed=4");  // its own seed is kept
    EXPECT_EQ(lineup.build(2, 41)->spec(), "greedy");         // greedy has no seed option
    EXPECT_EQ(lineup.labels(), (std::vector<std::string>{"random", "random:seed=4", "greedy"}));
    // A different tournament seed gives different random games.
    TournamentConfig c = small_config();
    const auto first = run_tournament(c, with_jobs(1)).games;
    c.seed = 10;
    EXPECT_NE(first, run_tournament(c, with_jobs(1)).games);
}

TEST(Tournament, RepeatedSpecsGetDistinctLabels) {
    const AgentLineup lineup({"greedy", "random", "greedy"}, registry_maker(), {});
    EXPECT_EQ(lineup.labels(), (std::vector<std::string>{"greedy", "random", "greedy #2"}));
}

TEST(Tournament, ForfeitsAreRecordedAndTheTournamentGoesOn) {
    TournamentConfig c = small_config();
    c.agents = {"thrower", "illegal", "greedy"};
    RunOptions options = with_jobs(2);
    options.maker = test_maker();
    const TournamentResult r = run_tournament(c, options);
    ASSERT_TRUE(r.complete());
    const TournamentReport report = summarize(r);
    const Tally& thrower = report.standings.agents[0];
    const Tally& illegal = report.standings.agents[1];
    EXPECT_EQ(illegal.forfeits, illegal.games);  // every game, at its first move
    EXPECT_GT(thrower.forfeits, 0);
    EXPECT_EQ(report.standings.agents[2].losses, 0);
    const std::string csv = games_csv(r);
    EXPECT_NE(csv.find("the agent threw an exception: out of cheese redo from start"), std::string::npos);
    EXPECT_NE(csv.find("the agent played an illegal move"), std::string::npos);
}

TEST(Tournament, ResumingAnInterruptedRunGivesTheSameGames) {
    const std::string uninterrupted = without_think_times(games_csv(run_tournament(small_config(), with_jobs(1))));

    TempDir dir;
    const auto journal = dir.path() / "journal.jsonl";
    std::atomic<bool> stop{false};
    RunOptions first = with_jobs(2);
    first.journal = journal;
    first.stop = &stop;
    first.on_game = [&](const GameRecord&, int finished, int) {
        if (finished >= 5) stop = true;  // as a Ctrl-C would
    };
    const TournamentResult cut = run_tournament(small_config(), first);
    EXPECT_FALSE(cut.complete());
    EXPECT_GE(cut.games.size(), 5u);
    EXPECT_LT(cut.games.size(), 8u);

    RunOptions second = with_jobs(2);
    second.journal = journal;
    int played = 0;
    second.on_game = [&](const GameRecord&, int, int) { ++played; };
    const TournamentResult resumed = run_tournament(small_config(), second);
    ASSERT_TRUE(resumed.complete());
    EXPECT_EQ(resumed.resumed, static_cast<int>(cut.games.size()));
    EXPECT_EQ(played, 18 - resumed.resumed);  // nothing replayed
    EXPECT_EQ(without_think_times(games_csv(resumed)), uninterrupted);

    // A third run plays nothing and reports the same.
    const TournamentResult again = run_tournament(small_config(), second);
    EXPECT_EQ(again.resumed, 18);
    EXPECT_EQ(games_csv(again), games_csv(resumed));  // think times kept in the journal too
    // One header line and one line per game.
    const std::string text = read_text(journal);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 19);
}

TEST(Tournament, AJournalOfAnotherConfigurationIsRefused) {
    TempDir dir;
    RunOptions options = with_jobs(1);
    options.journal = dir.path() / "journal.jsonl";
    TournamentConfig c = small_config();
    c.games_per_pairing = 2;
    run_tournament(c, options);
    c.games_per_pairing = 4;
    try {
        run_tournament(c, options);
        FAIL() << "accepted a journal of another configuration";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("belongs to a different tournament (games_per_pairing was 2, now 4)"),
                  std::string::npos)
            << e.what();
    }
    // --fresh starts over instead.
    options.fresh_journal = true;
    EXPECT_EQ(run_tournament(c, options).resumed, 0);
}

TEST(Tournament, OptionOrderInASpecIsTheSameConfiguration) {
    TempDir dir;
    RunOptions options = with_jobs(1);
    options.journal = dir.path() / "journal.jsonl";
    TournamentConfig c = small_config();
    c.agents = {"random", "minimax:depth=1,threads=1"};
    run_tournament(c, options);
    c.agents = {"random", "minimax:threads=1,depth=1"};
    EXPECT_EQ(run_tournament(c, options).resumed, 6);
}

TEST(Tournament, ALineCutShortByACrashIsDropped) {
    TempDir dir;
    const auto journal = dir.path() / "journal.jsonl";
    RunOptions options = with_jobs(1);
    options.journal = journal;
    const TournamentResult full = run_tournament(small_config(), options);
    // Lose the last game's line half-way, as a kill -9 during the write would.
    std::string text = read_text(journal);
    text.resize(text.size() - 1);
    text.resize(text.rfind('\n') + 1);
    mancala::testing::write_text(journal, text + "{\"game\":17,\"open");
    const TournamentResult resumed = run_tournament(small_config(), options);
    EXPECT_EQ(resumed.resumed, 17);
    EXPECT_EQ(resumed.games, full.games);
    EXPECT_EQ(read_text(journal).back(), '\n');
}

TEST(Tournament, ACorruptJournalIsRefused) {
    TempDir dir;
    const auto journal = dir.path() / "journal.jsonl";
    mancala::testing::write_text(journal, "not json\n");
    RunOptions options = with_jobs(1);
    options.journal = journal;
    EXPECT_THROW(run_tournament(small_config(), options), std::invalid_argument);
}

TEST(Tournament, BadConfigurationsAreRefused) {
    TournamentConfig c = small_config();
    c.agents = {"random"};
    EXPECT_THROW(make_plan(c, {}), std::invalid_argument);
    c.agents = {"random", "wizard"};
    EXPECT_THROW(make_plan(c, {}), std::invalid_argument);
    c = small_config();
    c.games_per_pairing = 0;
    EXPECT_THROW(make_plan(c, {}), std::invalid_argument);
}

}  // namespace
}  // namespace mancala::arena
