#include "arena/schedule.hpp"

#include "arena/openings.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace mancala::arena {
namespace {

TEST(Schedule, RoundRobinMeetsEveryPairOnceGauntletOnlyTheFirst) {
    EXPECT_EQ(make_pairings(Format::RoundRobin, 4).size(), 6u);
    const auto gauntlet = make_pairings(Format::Gauntlet, 4);
    ASSERT_EQ(gauntlet.size(), 3u);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(gauntlet[static_cast<std::size_t>(i)], (Pairing{0, i + 1}));
}

TEST(Schedule, EachOpeningIsPlayedOnceWithEachAgentAsSouth) {
    const auto pairings = make_pairings(Format::RoundRobin, 3);
    const auto games = make_schedule(pairings, 6);
    ASSERT_EQ(games.size(), 18u);
    // (pairing, opening) -> the agents that played South from it.
    std::map<std::pair<int, int>, std::multiset<int>> souths;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const ScheduledGame& g = games[i];
        EXPECT_EQ(g.game, static_cast<int>(i));
        const Pairing& p = pairings[static_cast<std::size_t>(g.pairing)];
        EXPECT_TRUE((g.south == p.first && g.north == p.second) || (g.south == p.second && g.north == p.first));
        souths[{g.pairing, g.opening}].insert(g.south);
    }
    EXPECT_EQ(souths.size(), 9u);  // 3 pairings x 3 openings
    for (const auto& [key, south] : souths) {
        const Pairing& p = pairings[static_cast<std::size_t>(key.first)];
        EXPECT_EQ(south, (std::multiset<int>{p.first, p.second}));
    }
    // The colour pair of an opening is played back to back.
    EXPECT_EQ(games[0].opening, games[1].opening);
    EXPECT_EQ(games[0].south, games[1].north);
}

TEST(Schedule, AnOddNumberOfGamesPlaysTheLastOpeningOnce) {
    const auto games = make_schedule(make_pairings(Format::RoundRobin, 2), 3);
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(openings_needed(3), 2);
    EXPECT_EQ(games[2].opening, 1);
    EXPECT_EQ(games[2].south, 0);
}

TEST(Openings, ZeroPliesIsTheStartPosition) {
    const Rules rules = make_rules("kalah", 6, 4);
    for (const Position& p : make_openings(rules, 3, 0, 7)) EXPECT_EQ(p, Position::start(rules));
}

TEST(Openings, RandomOpeningsAreSeededAndNeverFinished) {
    const Rules rules = make_rules("kalah", 2, 1);  // tiny: most random walks end the game
    const auto a = make_openings(rules, 20, 3, 42);
    EXPECT_EQ(a, make_openings(rules, 20, 3, 42));
    for (const Position& p : a) EXPECT_FALSE(p.is_terminal(rules));
    const Rules kalah = make_rules("kalah", 6, 4);
    const auto b = make_openings(kalah, 20, 4, 1);
    const auto c = make_openings(kalah, 20, 4, 2);
    EXPECT_NE(b, c);
    std::set<std::string> distinct;
    for (const Position& p : b) distinct.insert(to_string(p));
    EXPECT_GT(distinct.size(), 5u);
}

TEST(Openings, TooManyPliesForTheBoardIsRefused) {
    EXPECT_THROW(random_opening(make_rules("kalah", 1, 1), 5, 1), std::invalid_argument);
}

}  // namespace
}  // namespace mancala::arena
