// Oware game records of the Aalina engine (tests/data/oware/aalina-games.txt),
// replayed move by move through a game session: every move must be legal under our
// Oware, and each position is checked against the game's invariants.

#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/game_session.hpp"
#include "play/move_input.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mancala::play {
namespace {

std::vector<std::string> records() {
    std::ifstream in(std::string(MANCALA_TEST_DATA) + "/oware/aalina-games.txt");
    std::vector<std::string> games;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string start, keyword, moves;
        words >> start >> keyword >> moves;
        EXPECT_EQ(start, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
        EXPECT_EQ(keyword, "moves");
        games.push_back(moves);
    }
    return games;
}

// The records play on past 25 seeds (game 2 gives North its 25th seed at move 110 and
// has 7 more moves), so they are replayed with every seed played out (majority=no):
// every recorded move is then legal, and game 1 ends with its last move, as our rules
// end it: South cannot feed North and each side takes its own seeds.
TEST(OwareRecords, EveryRecordedMoveIsLegal) {
    const Rules oware = parse_rules("oware:majority=no");
    const std::vector<std::string> games = records();
    ASSERT_EQ(games.size(), 8u);
    std::size_t moves = 0;
    for (std::size_t g = 0; g < games.size(); ++g) {
        GameSession session(oware);
        for (std::size_t i = 0; i < games[g].size(); ++i) {
            const std::string name(1, games[g][i]);
            ASSERT_FALSE(session.is_over()) << "game " << g + 1 << " is over before move " << i + 1 << " (" << name
                                            << ") at " << to_notation(session.position(), oware);
            const int pit = parse_move(oware, session.to_move(), name);
            ASSERT_TRUE(session.position().is_legal(oware, pit))
                << "game " << g + 1 << " move " << i + 1 << " (" << name << ") at "
                << to_notation(session.position(), oware);
            session.play(pit);
            ++moves;
        }
        if (g == 0) {
            EXPECT_TRUE(session.is_over());
            EXPECT_EQ(to_notation(session.position(), oware), "0,0,0,0,0,0/0,0,0,0,0,0/22/26/S");
        } else {
            EXPECT_FALSE(session.is_over()) << "game " << g + 1;
        }
    }
    EXPECT_EQ(moves, 797u);
}

// Under the tournament rule the game is over at 25 seeds: game 2 ends at move 110.
TEST(OwareRecords, TheMajorityEndsARecordEarly) {
    const Rules oware = parse_rules("oware");
    const std::string game = records()[1];
    GameSession session(oware);
    for (std::size_t i = 0; i < 110; ++i)
        session.play(parse_move(oware, session.to_move(), std::string(1, game[i])));
    EXPECT_TRUE(session.is_over());
    EXPECT_EQ(to_notation(session.history().back().before, oware), "1,1,1,1,0,0/2,1,1,1,1,0/24/14/N");
    EXPECT_EQ(session.history().back().result.captured, 3);  // A made 3: North's 25th, 26th and 27th seeds
    EXPECT_EQ(session.score().north, 30);
    EXPECT_EQ(session.score().south, 18);
}

}  // namespace
}  // namespace mancala::play
