// The fast game state (moves serialised once, kept with the game) against the plain one
// built whole every time: the same JSON after every move and undo of random games of
// every game of the catalogue, and after undos that replay other moves at the same ply.
// And the views of what only some games have: rows in drawing order, tuzdyks, must-feed,
// the end by repetition.

#include "server/json_views.hpp"

#include "core/game_catalogue.hpp"
#include "core/notation.hpp"
#include "core/rules_string.hpp"

#include <gtest/gtest.h>

#include <random>

namespace mancala::server {
namespace {

using nlohmann::json;

TEST(JsonViews, TheStateTextEqualsTheStateBuiltWhole) {
    std::mt19937 random(7);
    for (const std::string_view preset : preset_names()) {
        for (int game_number = 0; game_number < 8; ++game_number) {
            const int pits = 2 + static_cast<int>(random() % 5);
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

/// A game of `rules` from `position` (its notation), between two people.
Game game_from(const Rules& rules, std::string_view position) {
    return Game(random_game_id(), play::GameSession(rules, parse_position(position, rules)), "human", "human", 0);
}

TEST(JsonViews, RowsAreSentAsDrawnWithTheGamesNames) {
    // Kalah: B2..B7 and A2..A7 left to right, as the homework draws them.
    const Rules kalah = make_rules("kalah");
    const Game k = game_from(kalah, "1,2,3,4,5,6/7,8,9,10,11,12/13/14/S");
    const json ks = state_json(k);
    EXPECT_EQ(ks["board"]["north"], json::array({1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(ks["board"]["south"], json::array({7, 8, 9, 10, 11, 12}));
    EXPECT_EQ(ks["board"]["north_store"], 13);
    EXPECT_EQ(ks["pit_names"]["north"], json::array({"A2", "A3", "A4", "A5", "A6", "A7"}));
    EXPECT_EQ(ks["pit_names"]["south_store"], "B8");
    // Congklak sows clockwise: notation and drawing agree, left to right as South sees the board.
    const Rules congklak = make_rules("congklak", 3, 1);
    const json cs = state_json(game_from(congklak, "1,2,3/4,5,6/0/0/S"));
    EXPECT_EQ(cs["board"]["north"], json::array({1, 2, 3}));
    EXPECT_EQ(cs["board"]["south"], json::array({4, 5, 6}));
    EXPECT_EQ(cs["pit_names"]["south"], json::array({"C", "B", "A"}));
    EXPECT_EQ(cs["pit_names"]["north"], json::array({"a", "b", "c"}));
    EXPECT_EQ(cs["legal_moves"], json::array({"A", "B", "C"}));  // South's sowing order
    EXPECT_EQ(cs["rules"]["direction"], "cw");
}

TEST(JsonViews, MustFeedIsSaidWhenItLimitsTheMoves) {
    const Rules oware = make_rules("oware");
    // North has no stones: of South's A (1 stone) and F (1 stone), only F reaches North's row.
    const json fed = state_json(game_from(oware, "0,0,0,0,0,0/1,0,0,0,0,1/23/23/S"));
    EXPECT_EQ(fed["legal_moves"], json::array({"F"}));
    EXPECT_EQ(fed["must_feed"], true);
    // Every move feeds (E's two stones reach a): nothing is limited.
    const json every = state_json(game_from(oware, "0,0,0,0,0,0/0,0,0,0,2,1/22/23/S"));
    EXPECT_EQ(every["legal_moves"], json::array({"E", "F"}));
    EXPECT_EQ(every["must_feed"], false);
    // North has stones: no feeding to do.
    EXPECT_EQ(state_json(game_from(oware, "0,0,0,0,0,1/1,0,0,0,0,1/22/23/S"))["must_feed"], false);
    // Without must-feed, the same position lets every stone move.
    const json free = state_json(game_from(parse_rules("oware:must-feed=no"), "0,0,0,0,0,0/1,0,0,0,0,1/23/23/S"));
    EXPECT_EQ(free["legal_moves"], json::array({"A", "F"}));
    EXPECT_EQ(free["must_feed"], false);
}

TEST(JsonViews, TuzdyksAreOnTheBoard) {
    const Rules toguz = make_rules("toguz-kumalak");
    // North's pit e (drawn fifth from the right) is South's tuzdyk.
    const Game g = game_from(toguz, "9,9,9,9,X,9,9,9,9/9,9,9,9,9,9,9,9,9/0/9/S");
    const json s = state_json(g);
    EXPECT_EQ(s["board"]["tuzdyk"], (json{{"south", "e"}, {"north", nullptr}}));
    EXPECT_EQ(s["board"]["north"][4], 0);
    EXPECT_EQ(s["pit_names"]["north"][4], "e");
    EXPECT_EQ(s["rules"]["tuzdyk"], true);
}

TEST(JsonViews, TheEndByRepetitionIsSaid) {
    // Oware with one pit a side, a stone each, and nothing ever taken: the two stones go back
    // and forth (a sowing round the board skips its own pit), so the position after the
    // third move is the one after the first.
    const Rules rules = parse_rules("oware:capture-counts=none,capture-chain=no,majority=no", 1, 1);
    Game game(random_game_id(), play::GameSession(rules), "human", "human", 0);
    json state = state_json(game);
    for (int ply = 0; ply < 8 && !game.session.is_over(); ++ply) {
        game.session.play(game.session.legal_moves()[0]);
        state = state_json(game);
    }
    ASSERT_TRUE(game.session.is_over());
    EXPECT_TRUE(game.session.ended_by_repetition());
    EXPECT_EQ(state["over"], true);
    EXPECT_EQ(state["ended_by_repetition"], true);
    EXPECT_FALSE(state["history"].back()["game_over"].get<bool>());
    EXPECT_EQ(state["result"]["south"].get<int>() + state["result"]["north"].get<int>(), 2);
}

TEST(JsonViews, CapturedCellsAreNamed) {
    const Rules oware = make_rules("oware");
    // South's F (2 stones) falls on North's a and b, making 2 and 3 there: b then a are taken.
    Game g = game_from(oware, "4,4,4,4,2,1/4,4,4,4,4,2/0/0/S");
    g.session.play(5);
    const json s = state_json(g);
    const json& move = s["history"][0];
    EXPECT_EQ(move["sowing"], json::array({"a", "b"}));
    EXPECT_EQ(move["captured"], 5);
    EXPECT_EQ(move["captured_cells"], json::array({"a", "b"}));
    EXPECT_EQ(move["capture_pit"], "b");
    EXPECT_EQ(s["last_captured"], json::array({"a", "b"}));
    // Kalah's opposite capture: the last stone's pit and the one above it.
    const Rules kalah = make_rules("kalah", 3, 1);
    Game k = game_from(kalah, "1,3,1/1,0,2/0/0/S");
    k.session.play(0);
    const json ks = state_json(k);
    EXPECT_EQ(ks["history"][0]["capture_pit"], "A3");
    EXPECT_EQ(ks["history"][0]["captured_cells"], json::array({"B3", "A3"}));
}

TEST(JsonViews, WithFieldAddsAFieldToAnObject) {
    EXPECT_EQ(with_field("{}", "state", "[1]"), R"({"state":[1]})");
    EXPECT_EQ(with_field(R"({"a":1})", "b", "null"), R"({"a":1,"b":null})");
    EXPECT_EQ(json::parse(with_field(R"({"a":1})", "q\"uote", "2")), (json{{"a", 1}, {"q\"uote", 2}}));
}

}  // namespace
}  // namespace mancala::server
