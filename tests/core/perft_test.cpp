// The fast rules against the naive stone-by-stone model: perft counts on every
// preset and several board sizes, and move-by-move agreement on random games
// with big pits (which exercises sowing by whole laps).

#include "core/perft.hpp"
#include "core/rules_string.hpp"
#include "support/naive_board.hpp"

#include <gtest/gtest.h>

#include <random>

namespace mancala {
namespace {

using testing::NaiveBoard;

TEST(Perft, HandCountedKalahStart) {
    const Rules kalah = make_rules("kalah", 6, 4);
    const Position start = Position::start(kalah);
    EXPECT_EQ(perft(kalah, start, 1), 6u);
    // B4 earns an extra turn (5 replies by South); the five others leave North 6 moves each.
    EXPECT_EQ(perft(kalah, start, 2), 35u);
}

// The counts the Aalina engine publishes for Oware Abapa from the start
// (src/test/resources/oware-perft-results.txt of https://github.com/joansalasoler/oware):
// leaves at exactly each depth, from 1 ply to 8 here (9 to 11, 3,592,872, 18,137,964 and
// 91,558,687, by `mancala perft --rules oware --depth N`, and no game ends before ply 12).
TEST(Perft, OwareStartAsTheAalinaEnginePublishesIt) {
    const Rules oware = parse_rules("oware");
    const Position start = Position::start(oware);
    const std::uint64_t published[] = {6, 36, 190, 1014, 5219, 27332, 139157, 711414};
    for (int plies = 1; plies <= 8; ++plies)
        EXPECT_EQ(perft(oware, start, plies), published[plies - 1]) << plies << " plies";
}

// And after each first move (Aalina's "moves A" ... "moves F" suites), at 6 plies.
TEST(Perft, OwareAfterEachFirstMoveAsTheAalinaEnginePublishesIt) {
    const Rules oware = parse_rules("oware");
    const std::uint64_t published[] = {25288, 24522, 23140, 22263, 21459, 22485};  // A .. F
    for (int move = 0; move < 6; ++move) {
        Position p = Position::start(oware);
        p.apply(oware, move);
        EXPECT_EQ(perft(oware, p, 6), published[move]) << "after " << char('A' + move);
    }
}

struct PerftCase {
    const char* preset;
    int pits;
    int seeds;
    int plies;
};

class PerftAgreement : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftAgreement, FastEqualsNaive) {
    const PerftCase c = GetParam();
    const Rules rules = make_rules(c.preset, c.pits, c.seeds);
    const Position start = Position::start(rules);
    for (int plies = 1; plies <= c.plies; ++plies) {
        const auto fast = perft(rules, start, plies);
        const auto naive = naive_perft(rules, NaiveBoard::from(start), plies);
        ASSERT_EQ(fast, static_cast<std::uint64_t>(naive))
            << c.preset << "(" << c.pits << "," << c.seeds << ") at " << plies << " plies";
    }
}

INSTANTIATE_TEST_SUITE_P(Presets, PerftAgreement,
                         ::testing::Values(PerftCase{"kalah", 6, 4, 6}, PerftCase{"kalah", 4, 3, 8},
                                           PerftCase{"kalah", 3, 6, 9}, PerftCase{"kalah", 1, 5, 12},
                                           PerftCase{"homework", 6, 4, 6}, PerftCase{"homework", 5, 2, 8},
                                           PerftCase{"homework", 3, 3, 10}, PerftCase{"relay", 6, 4, 6},
                                           PerftCase{"relay", 4, 3, 8}, PerftCase{"relay", 2, 5, 12},
                                           PerftCase{"kalah", 16, 2, 4}, PerftCase{"kalah", 10, 30, 4}),
                         [](const auto& info) {
                             return std::string(info.param.preset) + "_" + std::to_string(info.param.pits) + "x" +
                                    std::to_string(info.param.seeds);
                         });

class RandomGames : public ::testing::TestWithParam<const char*> {};

// Every move of random games from random positions: same board, same side to
// move, same extra turn / capture / end of game as the naive model.
TEST_P(RandomGames, FastEqualsNaiveMoveByMove) {
    std::mt19937 rng(2024);
    int checked = 0;
    for (int game = 0; game < 400; ++game) {
        const int n = 1 + static_cast<int>(rng() % 10);
        const int max_stones = game % 4 == 0 ? 300 : 8;  // some games lap the board many times
        const Rules rules = make_rules(GetParam(), n, 0);
        std::vector<int> south(static_cast<std::size_t>(n)), north(static_cast<std::size_t>(n));
        for (int& x : south) x = static_cast<int>(rng() % static_cast<unsigned>(max_stones + 1));
        for (int& x : north) x = static_cast<int>(rng() % static_cast<unsigned>(max_stones + 1));
        Position p = Position::from_counts(south, north, 0, 0, game % 2 ? Side::North : Side::South);
        if (p.nonempty_pits().empty()) p.set_to_move(opponent(p.to_move()));
        NaiveBoard naive = NaiveBoard::from(p);
        const int total = p.total_stones();
        while (!p.is_terminal(rules)) {
            const MoveList moves = p.nonempty_pits();
            ASSERT_EQ(static_cast<std::size_t>(moves.size()), naive.moves().size());
            const int pit = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))];
            const int column = p.to_move() == Side::South ? pit : n - 1 - pit;
            const MoveResult fast = p.apply(rules, pit);
            const NaiveBoard::Outcome slow = naive.play(rules, column);
            ASSERT_EQ(p, naive.to_position()) << to_string(p);
            ASSERT_EQ(fast.extra_turn, slow.extra_turn);
            ASSERT_EQ(fast.capture, slow.capture);
            ASSERT_EQ(fast.game_over, slow.game_over);
            ASSERT_EQ(fast.passed, slow.passed);
            ASSERT_EQ(p.total_stones(), total);
            ++checked;
        }
    }
    EXPECT_GT(checked, 1000);
}

INSTANTIATE_TEST_SUITE_P(Presets, RandomGames, ::testing::Values("kalah", "homework", "relay"));

}  // namespace
}  // namespace mancala
