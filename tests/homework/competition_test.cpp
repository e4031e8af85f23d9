// Task 4 (Competition): whatever the engine picks, next_state.txt must be the
// board after one complete legal turn.

#include "homework/homework.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <set>

namespace mancala::homework {
namespace {

using testing::read_text;
using testing::TempDir;

// next_state.txt of every complete turn the side to move can play.
void all_turns(const Rules& rules, const Position& p, std::set<std::string>& out) {
    for (int move : p.nonempty_pits()) {
        Position child = p;
        const MoveResult r = child.apply(rules, move);
        if (r.extra_turn && !r.game_over)
            all_turns(rules, child, out);
        else
            out.insert(format_next_state(child));
    }
}

TEST(Competition, WritesTheBoardAfterACompleteLegalTurn) {
    for (const char* text : {"4\n1\n1\n4 4 4 4 4 4\n4 4 4 4 4 4\n0\n0\n", "4\n2\n1\n0 0 2 1 1\n1 0 0 0 1\n3\n4\n",
                             "4\n1\n9\n100 120 350 230 400 335\n300 150 410 220 370 275\n0\n0\n",
                             "4\n2\n1\n1 2 3 4\n4 3 2 1\n0\n0\n"}) {
        const Input input = parse_input(text);
        TempDir out;
        Options options{out.path()};
        options.competition_time = std::chrono::milliseconds(100);
        const Report report = run(input, options);
        std::set<std::string> turns;
        all_turns(input.rules, input.position, turns);
        EXPECT_TRUE(turns.count(read_text(out.path() / "next_state.txt"))) << text;
        EXPECT_FALSE(std::filesystem::exists(out.path() / "traverse_log.txt"));
        EXPECT_FALSE(report.moves.empty());
    }
}

}  // namespace
}  // namespace mancala::homework
