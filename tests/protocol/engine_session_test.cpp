// The engine's end of the protocol, driven line by line as a host would.

#include "protocol/engine_session.hpp"

#include "agents/agent_context.hpp"
#include "agents/registry.hpp"
#include "core/pit_names.hpp"
#include "protocol/protocol_lines.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace mancala::protocol {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> session(const std::string& spec, const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    run_engine_session(in, out, spec, agents::AgentContext{});
    return lines_of(out.str());
}

TEST(EngineSession, IntroducesItselfWithTheOptionsItsAgentTakes) {
    const auto engine = session("engine:depth=4", "mep\n");
    ASSERT_EQ(engine.size(), 6u);
    EXPECT_EQ(engine[0], "id name mancala engine:depth=4");
    EXPECT_EQ(engine[2].rfind("option name Hash type spin", 0), 0u);
    EXPECT_EQ(engine[3].rfind("option name Threads", 0), 0u);
    EXPECT_EQ(engine[4].rfind("option name Heuristic", 0), 0u);
    EXPECT_EQ(engine.back(), "mepok");
    const auto random = session("random:seed=1", "mep\n");
    EXPECT_EQ(random.size(), 3u);  // random takes none of them
    EXPECT_EQ(random.back(), "mepok");
}

TEST(EngineSession, PlaysTheAgentsMoveFromThePositionAndMovesGiven) {
    // Kalah(6,4): B4's last stone ends in the store, so South moves again, from the position
    // the agent itself gets after B4.
    const auto out = session("alphabeta:depth=3", "rules kalah 6 4\nposition start moves B4\ngo\n");
    ASSERT_GE(out.size(), 1u);
    const Rules rules = make_rules("kalah", 6, 4);
    Position after = Position::start(rules);
    after.apply(rules, 2);
    const int expected = agents::make_agent("alphabeta:depth=3", {})->choose(rules, after, {}).move;
    EXPECT_EQ(out.back(), "bestmove " + pit_name(6, Side::South, expected));
}

TEST(EngineSession, AnswersScoresAsInfoLinesAHostCanRead) {
    const auto out =
        session("engine:depth=6", "rules kalah 4 3\nposition 3,3,3,3/3,3,3,3/0/0/N\ngo movetime 500\n");
    bool scored = false;
    for (const std::string& line : out) {
        if (line.rfind("info ", 0) != 0 || line.rfind("info string", 0) == 0) continue;
        const InfoLine info = parse_info(split_words(line.substr(5)), line);
        scored = scored || info.score.has_value();
    }
    EXPECT_TRUE(scored);
    EXPECT_EQ(out.back().rfind("bestmove A", 0), 0u) << out.back();  // North's pits are A2..A5
}

TEST(EngineSession, BadCommandsAreReportedAndTheSessionGoesOn) {
    const auto out =
        session("random:seed=3",
                "frobnicate\nrules bogus 6 4\nrules kalah 6 x\nposition 1,2/3\nposition start moves B9\n"
                "setoption name Hash value 8\ngo movetime -1\ngo sideways\nisready\n");
    ASSERT_EQ(out.size(), 9u);
    EXPECT_EQ(out[0],
              "info string error: unknown command 'frobnicate' (known: mep, setoption, isready, newgame, "
              "rules, position, go, stop, quit)");
    EXPECT_EQ(out[1],
              "info string error: unknown rules 'bogus' (choose one of: kalah, homework, relay, oware, awari, "
              "bohnenspiel, congklak, dakon, ayoayo, toguz-kumalak, mangala, vai-lung-thlan)");
    EXPECT_EQ(out[2], "info string error: the seeds must be a whole number, not 'x'");
    EXPECT_NE(out[3].find("position '1,2/3'"), std::string::npos) << out[3];
    EXPECT_EQ(out[4], "info string error: move 1 ('B9') is not a legal move of the side to move");
    EXPECT_NE(out[5].find("agent 'random' has no option 'hash'"), std::string::npos) << out[5];
    EXPECT_NE(out[6].find("'movetime' needs a whole number"), std::string::npos) << out[6];
    EXPECT_NE(out[7].find("unknown word 'sideways' in go"), std::string::npos) << out[7];
    EXPECT_EQ(out[8], "readyok");
}

TEST(EngineSession, AGameThatIsOverHasNoMove) {
    const auto out = session("random", "rules kalah 2 1\nposition 0,0/0,0/1/1/S\ngo\n");
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[1], "bestmove (none)");
}

TEST(EngineSession, ALineLongerThanTheProtocolAllowsIsRefused) {
    const auto out = session("random", std::string(5000, 'x') + "\nisready\n");
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0], "info string error: a line of 5000 bytes (the limit is 4096)");
    EXPECT_EQ(out[1], "readyok");
}

// An output that notices two threads inside it at once: each call lingers a little so
// that an overlap, if the session allows one, is caught rather than lucky.
class OverlapWatchingBuffer : public std::stringbuf {
public:
    bool overlapped() const { return overlapped_; }

protected:
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        const Entered entered(*this);
        return std::stringbuf::xsputn(s, n);
    }
    int sync() override {
        const Entered entered(*this);
        return std::stringbuf::sync();
    }

private:
    struct Entered {
        explicit Entered(OverlapWatchingBuffer& b) : buffer(b) {
            if (buffer.inside_.exchange(true)) buffer.overlapped_ = true;
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
        ~Entered() { buffer.inside_ = false; }
        OverlapWatchingBuffer& buffer;
    };
    std::atomic<bool> inside_{false};
    std::atomic<bool> overlapped_{false};
};

// The input of `mancala engine` is std::cin, which is tied to std::cout: reading a line
// flushed the output while the search's thread wrote its answer, and a host once got one
// bestmove twice (the second taken as the answer to its next position).
TEST(EngineSession, ReadingTheNextLineNeverTouchesTheOutputTheSearchWrites) {
    std::string input = "rules kalah 4 3\n";
    for (int i = 0; i < 200; ++i) input += "position start\ngo movetime 100\n";
    std::istringstream in(input);
    OverlapWatchingBuffer buffer;
    std::ostream out(&buffer);
    in.tie(&out);
    run_engine_session(in, out, "random:seed=1", agents::AgentContext{});
    EXPECT_FALSE(buffer.overlapped());
    int answers = 0;
    for (const std::string& line : lines_of(buffer.str())) answers += line.rfind("bestmove ", 0) == 0 ? 1 : 0;
    EXPECT_EQ(answers, 200);
}

TEST(EngineSession, StopAnswersAtOnceWithTheBestMoveSoFar) {
    // An engine that would think for a minute: stop ends it (the session ends at the end of the input).
    std::ostringstream out;
    {
        EngineSession s("engine:time=60s", agents::AgentContext{}, out);
        s.handle("rules kalah 6 6");
        s.handle("position start");
        s.handle("go");
        const auto start = std::chrono::steady_clock::now();
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        s.handle("isready");  // answered while thinking
        s.handle("stop");
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    }
    const auto lines = lines_of(out.str());
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.front(), "readyok");
    EXPECT_EQ(lines.back().rfind("bestmove B", 0), 0u) << lines.back();
}

TEST(ProtocolLines, GoParsesMoveTimeAndClock) {
    using std::chrono::milliseconds;
    EXPECT_EQ(parse_go(split_words("movetime 250")).movetime, milliseconds(250));
    const GoCommand clock = parse_go(split_words("time 50000 inc 1000"));
    EXPECT_EQ(clock.time, milliseconds(50000));
    EXPECT_EQ(clock.inc, milliseconds(1000));
    EXPECT_FALSE(clock.movetime);
    EXPECT_FALSE(parse_go({}).movetime);
    EXPECT_FALSE(parse_go({}).time);
    EXPECT_EQ(format_go(parse_go(split_words("movetime 7"))), "go movetime 7");
    EXPECT_EQ(format_go(clock), "go time 50000 inc 1000");
    EXPECT_THROW(parse_go(split_words("movetime 99999999999999")), std::invalid_argument);
}

TEST(ProtocolLines, InfoRoundTrips) {
    const std::string line = "info depth 12 score exact -2.5 nodes 1234 time 51 pv B4 A2 B3";
    const auto words = split_words(line);
    const InfoLine info = parse_info({words.begin() + 1, words.end()}, line);
    EXPECT_EQ(info.depth, 12);
    EXPECT_EQ(info.score, -2.5);
    EXPECT_TRUE(info.exact);
    EXPECT_EQ(info.pv, (std::vector<std::string>{"B4", "A2", "B3"}));
    EXPECT_EQ(format_info(info), line);
    const std::string text = "info string depth 3, many nodes";
    const auto text_words = split_words(text);
    EXPECT_EQ(parse_info({text_words.begin() + 1, text_words.end()}, text).text, "depth 3, many nodes");
    const std::string bad = "info score lots";
    const auto bad_words = split_words(bad);
    EXPECT_THROW(parse_info({bad_words.begin() + 1, bad_words.end()}, bad), std::invalid_argument);
}

}  // namespace
}  // namespace mancala::protocol
