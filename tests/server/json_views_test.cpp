// The fast game state (moves serialised once, kept with the game) against the plain one
// built whole every time: the same JSON after every move and undo of random games on
// every preset, and after undos that replay other moves at the same ply.

#include "server/json_views.hpp"

#include <gtest/gtest.h>

#include <random>

namespace mancala::server {
namespace {

using nlohmann::json;

TEST(JsonViews, TheStateTextEqualsTheStateBuiltWhole) {
    std::mt19937 random(7);
    for (const std::string_view preset : preset_names()) {
        for (int game_number = 0; game_number < 20; ++game_number) {
            const int pits = (make_rules(preset).tuzdyk ? 2 : 1) + static_cast<int>(random() % 5);
            const int seeds = 1 + static_cast<int>(random() % 5);
            Game game(random_game_id(), play::GameSession(make_rules(preset, pits, seeds)), "greedy",
                      game_number % 2 ? std::optional<std::string>("easy") : std::nullopt, 0);
            for (int step = 0; step < 200 && !game.session.is_over(); ++step) {
                if (step % 7 == 6) {
                    game.session.undo_turn(game.session.to_move());
                } else {
                    const MoveList moves = game.session.legal_moves();
                    game.session.play(moves[static_cast<int>(random() % static_cast<unsigned>(moves.size()))]);
                }
                const json whole = state_json(game);
                ASSERT_EQ(json::parse(state_text(game)), whole) << preset << " step " << step;
                const std::size_t from = game.session.history().size() / 2;
                json tail = json::array();
                for (std::size_t i = from; i < whole["history"].size(); ++i) tail.push_back(whole["history"][i]);
                ASSERT_EQ(json::parse(moves_text(game, from)), tail) << preset << " step " << step;
            }
        }
    }
}

TEST(JsonViews, WithFieldAddsAFieldToAnObject) {
    EXPECT_EQ(with_field("{}", "state", "[1]"), R"({"state":[1]})");
    EXPECT_EQ(with_field(R"({"a":1})", "b", "null"), R"({"a":1,"b":null})");
    EXPECT_EQ(json::parse(with_field(R"({"a":1})", "q\"uote", "2")), (json{{"a", 1}, {"q\"uote", 2}}));
}

}  // namespace
}  // namespace mancala::server
