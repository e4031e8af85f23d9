// The host's end of the engine protocol against real programs: `mancala engine` itself
// (it must play exactly as the agent it serves) and a fake engine that misbehaves in
// every way the protocol names (tests/protocol/fake_engine.py): each forfeits the game
// with its reason, in bounded time, and the program is gone afterwards.

#include "protocol/external_agent.hpp"

#include "agents/registry.hpp"
#include "arena/match.hpp"
#include "arena/tournament.hpp"
#include "solve/database_cache.hpp"
#include "support/temp_dir.hpp"
#include "util/shell_words.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <string>

namespace mancala::protocol {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

const std::string kFake = std::string("python3 ") + MANCALA_TEST_SOURCE "/protocol/fake_engine.py";

agents::AgentContext host_context(const std::filesystem::path& logs, std::chrono::milliseconds answer_time = 2s) {
    agents::AgentContext context;
    context.endgame_source = std::make_shared<solve::DatabaseCache>();  // as `mancala engine` has
    ExternalAgentSettings settings;
    settings.log_dir = logs;
    settings.answer_time = answer_time;
    settings.ready_time = answer_time;
    context.external_agents = external_agent_maker(settings);
    return context;
}

arena::GameOutcome play(const std::string& south_spec, const std::string& north_spec, const Rules& rules,
                        const agents::AgentContext& context, std::chrono::milliseconds limit = 2s) {
    auto south = agents::make_agent(south_spec, context);
    auto north = agents::make_agent(north_spec, context);
    arena::MatchLimits limits;
    limits.move_time_limit = limit;
    return arena::play_match(rules, Position::start(rules), *south, *north, limits);
}

// Time is not what this test is about: a loaded machine (a sanitizer build, the
// tests run two at a time) once made a served move miss a 2 s limit, so it has 30 s.
TEST(ExternalAgent, MancalaEngineThroughTheProtocolPlaysExactlyAsTheAgentItServes) {
    testing::TempDir logs;
    const agents::AgentContext context = host_context(logs.path(), 30s);
    for (const char* preset : {"kalah", "homework", "relay"}) {
        const Rules rules = make_rules(preset, 5, 3);
        // The engine with a database of its own (a small one: the served engine builds it each game).
        for (const std::string spec :
             {"engine:depth=7,db-size=1", "alphabeta:depth=3", "mcts:iterations=300,seed=4"}) {
            const std::string external = "cmd:" + join_shell_words({MANCALA_BINARY, "engine", "--agent", spec});
            const arena::GameOutcome direct = play(spec, "greedy", rules, context, 30s);
            const arena::GameOutcome served = play(external, "greedy", rules, context, 30s);
            EXPECT_EQ(served.moves, direct.moves) << preset << " " << spec;
            EXPECT_EQ(served.south_margin, direct.south_margin) << preset << " " << spec;
            EXPECT_FALSE(served.forfeited_by) << served.reason;
            const arena::GameOutcome as_north = play("greedy", external, rules, context, 30s);
            EXPECT_FALSE(as_north.forfeited_by) << as_north.reason;
            EXPECT_EQ(as_north.moves, play("greedy", spec, rules, context, 30s).moves) << preset << " " << spec;
        }
    }
}

struct Misbehaviour {
    const char* mode;
    const char* reason;  ///< a part of the forfeit's reason
};

class Misbehaving : public ::testing::TestWithParam<Misbehaviour> {};

TEST_P(Misbehaving, ForfeitsWithItsReasonInBoundedTime) {
    testing::TempDir logs;
    const agents::AgentContext context = host_context(logs.path());
    const Rules rules = make_rules("kalah", 4, 3);
    const auto start = Clock::now();
    // It misbehaves at its third move, as North.
    const arena::GameOutcome o = play("greedy", "cmd:" + kFake + " " + GetParam().mode + " 3", rules, context, 1s);
    const auto took = Clock::now() - start;
    ASSERT_EQ(o.forfeited_by, Side::North) << GetParam().mode << ": " << o.reason;
    EXPECT_NE(o.reason.find(GetParam().reason), std::string::npos) << o.reason;
    EXPECT_LT(took, 5s) << GetParam().mode;
    EXPECT_EQ(o.reason.find('\n'), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Fakes, Misbehaving,
    ::testing::Values(Misbehaviour{"crash", "closed its output before its move (it exited with code 3)"},
                      Misbehaviour{"sleep", "did not send its move in time (go movetime "},
                      Misbehaviour{"illegal", "illegal move"},
                      Misbehaviour{"not-a-pit", "answered 'bestmove Z9': not a pit of the side to move (A5..A2)"},
                      Misbehaviour{"garbage", "sent binary data: '\\x00\\xff\\xfe garbage'"},
                      Misbehaviour{"close-output",
                                   "closed its output before its move (it still ran, and was killed)"},
                      Misbehaviour{"long-line", "a line longer than 4096 bytes"},
                      Misbehaviour{"chatter", "sent 'hello there' while thinking"},
                      // Before the game, when told the rules.
                      Misbehaviour{"no-readyok",
                                   "did not send 'readyok' (the answer to 'isready' after 'rules') "
                                   "in time (2000 ms)"},
                      Misbehaviour{"bad-rules", "refused the rules: 'info string error: no such rules here'"}),
    [](const auto& info) {
        std::string name = info.param.mode;
        for (char& c : name)
            if (c == '-') c = '_';
        return name;
    });

TEST(ExternalAgent, AnEngineThatNeverAnswersMepCannotBeBuilt) {
    testing::TempDir logs;
    const auto start = Clock::now();
    try {
        agents::make_agent("cmd:" + kFake + " no-mepok", host_context(logs.path()));
        FAIL() << "built";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("did not send 'mepok'"), std::string::npos) << e.what();
    }
    EXPECT_LT(Clock::now() - start, 4s);
}

TEST(ExternalAgent, StandardErrorIsLoggedAndCutOffPastItsLimit) {
    testing::TempDir logs;
    const std::string command = kFake + " flood-stderr 1";
    const arena::GameOutcome o =
        play("cmd:" + command, "greedy", make_rules("kalah", 4, 3), host_context(logs.path()));
    EXPECT_FALSE(o.forfeited_by) << o.reason;  // the flood is its own business, the game goes on
    const auto log = engine_log_path(logs.path(), command);
    ASSERT_TRUE(std::filesystem::exists(log));
    EXPECT_LT(std::filesystem::file_size(log), (std::size_t{1} << 20) + 4096);
    EXPECT_NE(testing::read_text(log).find("the rest cut off"), std::string::npos);
}

TEST(ExternalAgent, ACommandThatCannotRunIsRefusedWhenTheAgentIsBuilt) {
    testing::TempDir logs;
    const agents::AgentContext context = host_context(logs.path());
    EXPECT_THROW(agents::make_agent("cmd:/no/such/program", context), std::invalid_argument);
    EXPECT_THROW(agents::make_agent("cmd:no-such-program-on-path-42", context), std::invalid_argument);
    EXPECT_THROW(agents::make_agent("cmd:", context), std::invalid_argument);
    EXPECT_THROW(agents::make_agent("cmd:python3 'unclosed", context), std::invalid_argument);
    // A host without external agents refuses every cmd: spec.
    EXPECT_THROW(agents::make_agent("cmd:python3", agents::AgentContext{}), std::invalid_argument);
}

TEST(ExternalAgent, ItsSpecIsTheCommandAndAnAgentLivesAcrossMoves) {
    testing::TempDir logs;
    const agents::AgentContext context = host_context(logs.path());
    auto agent = agents::make_agent("cmd:" + kFake + " good", context);
    EXPECT_EQ(agent->spec(), "cmd:" + kFake + " good");
    const Rules rules = make_rules("kalah", 4, 3);
    Position p = Position::start(rules);
    for (int i = 0; i < 4 && !p.is_terminal(rules); ++i) {
        const agents::Decision d = agent->choose(rules, p, agents::MoveBudget::within(1s));
        ASSERT_TRUE(p.is_legal(rules, d.move));
        EXPECT_EQ(d.score, 0.0);  // from its info line
        p.apply(rules, d.move);
    }
}

/// How many lines of `command`'s standard error log are `line`.
int log_lines(const std::filesystem::path& logs, const std::string& command, const std::string& line) {
    std::istringstream text(testing::read_text(engine_log_path(logs, command)));
    int count = 0;
    for (std::string l; std::getline(text, l);) count += l == line;
    return count;
}

arena::TournamentResult tournament(const std::string& program, int games, int jobs,
                                   const agents::AgentContext& context) {
    arena::TournamentConfig config;
    config.rules = make_rules("kalah", 4, 3);
    config.agents = {"cmd:" + program, "random"};
    config.games_per_pairing = games;
    config.opening_plies = 1;
    config.seed = 5;
    arena::RunOptions options;
    options.jobs = jobs;
    options.context = context;
    return arena::run_tournament(config, options);
}

// Starting a program for every game held an arena to 2.2 games/s through a pyenv shim.
// Checking the lineup starts it once; then each worker starts its own, once.
TEST(ExternalAgent, AnArenaKeepsEachWorkersProgramAndSaysNewgameBetweenGames) {
    for (const int jobs : {1, 2}) {
        testing::TempDir logs;
        const std::string command = kFake + " good";
        const arena::TournamentResult result = tournament(command, 6, jobs, host_context(logs.path()));
        ASSERT_EQ(result.games.size(), 6U);
        for (const arena::GameRecord& game : result.games)
            EXPECT_FALSE(game.outcome.forfeited_by) << game.outcome.reason;
        EXPECT_EQ(log_lines(logs.path(), command, "fake started"), 1 + jobs) << jobs << " workers";
        EXPECT_EQ(log_lines(logs.path(), command, "fake newgame"), 6 - jobs) << jobs << " workers";
    }
}

TEST(ExternalAgent, AProgramThatFailsIsStartedAgainForTheNextGame) {
    testing::TempDir logs;
    const std::string command = kFake + " crash-once 2 " + (logs.path() / "crashed").string();
    const arena::TournamentResult result = tournament(command, 4, 1, host_context(logs.path()));
    ASSERT_EQ(result.games.size(), 4U);
    const auto forfeits = std::count_if(result.games.begin(), result.games.end(), [](const arena::GameRecord& g) {
        return g.outcome.forfeited_by.has_value();
    });
    EXPECT_EQ(forfeits, 1);
    EXPECT_NE(result.games.front().outcome.reason.find("exit"), std::string::npos)
        << result.games.front().outcome.reason;
    // The lineup's check, the first game's program (which crashed), and the one started after it.
    EXPECT_EQ(log_lines(logs.path(), command, "fake started"), 3);
}

}  // namespace
}  // namespace mancala::protocol
