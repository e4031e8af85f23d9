// The server's store of games: random ids, the cap, expiry of idle games.

#include "server/game_store.hpp"

#include <gtest/gtest.h>

#include <set>
#include <thread>

namespace mancala::server {
namespace {

/// 32 lowercase hex digits (std::regex is avoided: GCC 12 warns inside it under the sanitizers).
bool is_hex_id(const std::string& id) {
    return id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
}

play::GameSession new_session() { return play::GameSession(make_rules("kalah", 4, 3)); }

TEST(GameStore, IdsAre128RandomBitsInHex) {
    std::set<std::string> ids;
    for (int i = 0; i < 1000; ++i) {
        const std::string id = random_game_id();
        EXPECT_TRUE(is_hex_id(id)) << id;
        ids.insert(id);
    }
    EXPECT_EQ(ids.size(), 1000u);
}

TEST(GameStore, FindsGamesByIdAndForgetsRemovedOnes) {
    GameStore store(10, std::chrono::minutes(1));
    const auto game = store.add(new_session(), "greedy", "easy");
    EXPECT_EQ(store.find(game->id), game);
    EXPECT_EQ(game->spec, "greedy");
    EXPECT_EQ(game->level, "easy");
    EXPECT_EQ(store.find("nope"), nullptr);
    EXPECT_EQ(store.size(), 1u);
    EXPECT_TRUE(store.remove(game->id));
    EXPECT_FALSE(store.remove(game->id));
    EXPECT_EQ(store.find(game->id), nullptr);
    EXPECT_EQ(game->session.rules().pits, 4);  // still valid for whoever holds it
}

TEST(GameStore, RefusesGamesOverTheCap) {
    GameStore store(2, std::chrono::minutes(1));
    store.add(new_session(), "greedy", std::nullopt);
    store.add(new_session(), "greedy", std::nullopt);
    EXPECT_THROW(store.add(new_session(), "greedy", std::nullopt), StoreFull);
    EXPECT_EQ(store.size(), 2u);
}

TEST(GameStore, ForgetsIdleGames) {
    GameStore store(2, std::chrono::milliseconds(50));
    const auto first = store.add(new_session(), "greedy", std::nullopt);
    store.add(new_session(), "greedy", std::nullopt);
    std::this_thread::sleep_for(std::chrono::milliseconds(120));
    EXPECT_EQ(store.find(first->id), nullptr);
    store.add(new_session(), "greedy", std::nullopt);  // the idle one made room
    EXPECT_EQ(store.size(), 1u);
    std::this_thread::sleep_for(std::chrono::milliseconds(120));
    EXPECT_EQ(store.expire(), 1u);
    EXPECT_EQ(store.size(), 0u);
}

}  // namespace
}  // namespace mancala::server
