// The fast homework mode against the slow reference reading of the spec, on
// random inputs of every task, both players and many board sizes.

#include "homework/homework.hpp"
#include "support/reference_homework.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <random>

namespace mancala::homework {
namespace {

using testing::read_text;
using testing::TempDir;

std::string random_input(std::mt19937& rng) {
    for (;;) {
        const int task = 1 + static_cast<int>(rng() % 3);
        const int player = 1 + static_cast<int>(rng() % 2);
        const int n = 1 + static_cast<int>(rng() % 6);
        const int cutoff = 1 + static_cast<int>(rng() % (n <= 3 ? 5 : 3));
        const int max_stones = rng() % 5 == 0 ? 40 : 5;
        auto row = [&] {
            std::string s;
            int sum = 0;
            for (int i = 0; i < n; ++i) {
                const int x = static_cast<int>(rng() % static_cast<unsigned>(max_stones + 1));
                sum += x;
                s += (i ? " " : "") + std::to_string(x);
            }
            return std::pair{s, sum};
        };
        const auto [a, sum_a] = row();
        const auto [b, sum_b] = row();
        if ((player == 1 ? sum_b : sum_a) == 0) continue;  // the player needs a move
        return std::to_string(task) + "\n" + std::to_string(player) + "\n" + std::to_string(cutoff) + "\n" + a +
               "\n" + b + "\n" + std::to_string(rng() % 20) + "\n" + std::to_string(rng() % 20) + "\n";
    }
}

TEST(ReferenceHomework, FastModeMatchesTheReferenceOnRandomInputs) {
    std::mt19937 rng(561);
    TempDir out;
    for (int i = 0; i < 600; ++i) {
        const std::string text = random_input(rng);
        const auto expected = testing::reference_homework(text);
        std::filesystem::remove(out.path() / "traverse_log.txt");
        run(parse_input(text), Options{out.path()});
        ASSERT_EQ(read_text(out.path() / "next_state.txt"), expected.next_state) << "input:\n" << text;
        if (!expected.traverse_log.empty()) {
            ASSERT_EQ(read_text(out.path() / "traverse_log.txt"), expected.traverse_log) << "input:\n" << text;
        } else {
            ASSERT_FALSE(std::filesystem::exists(out.path() / "traverse_log.txt"));
        }
    }
}

}  // namespace
}  // namespace mancala::homework
