// `mancala serve` end to end over loopback: every route, every option of a new game,
// whole games, every error path, undo, hints, expiry, the cap on games, concurrent
// requests to one game, and the page's assets.

#include "agents/database_moves.hpp"
#include "agents/registry.hpp"
#include "core/game_catalogue.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/game_session.hpp"
#include "protocol/external_agent.hpp"
#include "server/assets.hpp"
#include "server/game_database.hpp"
#include "server/levels.hpp"
#include "server/test_server.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/database_cache.hpp"
#include "solve/endgame_db.hpp"
#include "support/temp_dir.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>

namespace mancala::server {
namespace {

/// 32 lowercase hex digits (std::regex is avoided: GCC 12 warns inside it under the sanitizers).
bool is_hex_id(const std::string& id) {
    return id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
}

using nlohmann::json;
using testing::Answer;
using testing::RawExchange;
using testing::TestServer;

int stones_on(const json& board) {
    int total = board["south_store"].get<int>() + board["north_store"].get<int>();
    for (const json& count : board["south"]) total += count.get<int>();
    for (const json& count : board["north"]) total += count.get<int>();
    return total;
}

/// The rules a state's "rules" object names.
Rules rules_of(const json& rules) {
    return parse_rules(rules["spec"].get<std::string>(), rules["pits"].get<int>(), rules["seeds"].get<int>());
}

/// Whether a side without stones passes (then the same side may move twice without an extra turn).
bool passes(const json& rules) { return rules_of(rules).end == EndRule::BoardEmpty; }

/// The "rules" object of a state of `rules`: the rules string, the size and what a page draws.
json rules_object(const Rules& rules) {
    return json{{"preset", preset_name(rules)},
                {"spec", rules_string(rules)},
                {"pits", rules.pits},
                {"seeds", rules.seeds},
                {"names", rules.names == PitNaming::Letters ? "letters" : "kalah"},
                {"direction", rules.direction == Direction::Clockwise ? "cw" : "ccw"},
                {"stores_on_ring", rules.stores_on_ring},
                {"tuzdyk", rules.tuzdyk},
                {"must_feed", rules.must_feed},
                {"extra_turn", rules.extra_turn},
                {"repetition", rules.repetition},
                {"kalah_shaped", kalah_shaped(rules)},
                {"databases", agents::perfect_plays(rules)}};
}

/// Stones conserved, history a chain from move to move ending at the board, the
/// side to move following from extra turns, legal moves the non-empty pits (some of
/// them only where must-feed or a forbidden grand slam says so), names the game's.
void expect_consistent(const json& state) {
    const Rules rules = rules_of(state["rules"]);
    EXPECT_EQ(state["rules"], rules_object(rules));
    EXPECT_EQ(state["pit_names"]["south_store"], store_name(rules, Side::South));
    EXPECT_EQ(state["pit_names"]["north_store"], store_name(rules, Side::North));
    const int pits = state["rules"]["pits"];
    const int total = 2 * pits * state["rules"]["seeds"].get<int>();
    EXPECT_EQ(stones_on(state["board"]), total);
    const json& history = state["history"];
    for (std::size_t i = 0; i < history.size(); ++i) {
        const json& move = history[i];
        EXPECT_EQ(stones_on(move["before"]), total);
        EXPECT_EQ(stones_on(move["after"]), total);
        if (i + 1 < history.size()) {
            EXPECT_EQ(move["after"], history[i + 1]["before"]) << "move " << i;
            if (!passes(state["rules"])) {
                const bool again = move["extra_turn"];
                EXPECT_EQ(history[i + 1]["side"] == move["side"], again) << "move " << i;
            }
        }
        EXPECT_FALSE(move["sowing"].empty());
    }
    if (!history.empty()) {
        EXPECT_EQ(history.back()["after"], state["board"]);
    }
    if (state["over"]) {
        EXPECT_TRUE(state["legal_moves"].empty());
        ASSERT_FALSE(state["result"].is_null());
        EXPECT_EQ(state["result"]["south"].get<int>() + state["result"]["north"].get<int>(), total);
        EXPECT_FALSE(state["must_feed"].get<bool>());
    } else {
        EXPECT_TRUE(state["result"].is_null());
        EXPECT_FALSE(state["ended_by_repetition"].get<bool>());
        const std::string side = state["to_move"];
        const json& row = state["board"][side];
        const json& names = state["pit_names"][side];
        json nonempty = json::array();
        for (std::size_t k = 0; k < row.size(); ++k)
            if (row[k].get<int>() > 0) nonempty.push_back(names[k]);
        // legal_moves are listed in the side's sowing order (South left to right in Kalah).
        json legal = state["legal_moves"];
        std::sort(legal.begin(), legal.end());
        std::sort(nonempty.begin(), nonempty.end());
        if (state["must_feed"] == true) {
            EXPECT_TRUE(rules.must_feed);
            EXPECT_LT(legal.size(), nonempty.size());
            const std::string other = side == "south" ? "north" : "south";
            for (const json& count : state["board"][other]) EXPECT_EQ(count, 0);
        }
        if (state["must_feed"] == true || rules.grand_slam == GrandSlam::Forbidden) {
            EXPECT_FALSE(legal.empty());
            EXPECT_TRUE(std::includes(nonempty.begin(), nonempty.end(), legal.begin(), legal.end())) << state;
        } else {
            EXPECT_EQ(legal, nonempty);
        }
    }
    // The last move's captured cells, by name.
    const json expected_captured = history.empty() ? json::array() : history.back()["captured_cells"];
    EXPECT_EQ(state["last_captured"], expected_captured);
}

std::string url(const json& state, const std::string& action = "") {
    return "/api/games/" + state["id"].get<std::string>() + action;
}

/// Plays `state`'s game to the end: random legal human moves, the agent's turns.
json play_out(const TestServer& server, json state, std::mt19937& random) {
    for (int step = 0; step < 1000 && !state["over"]; ++step) {
        Answer a;
        if (state["to_move"] == "south") {
            const json& legal = state["legal_moves"];
            a = server.post(url(state, "/moves"), json{{"pit", legal[random() % legal.size()]}});
        } else {
            a = server.post(url(state, "/ai-move"));
        }
        EXPECT_EQ(a.status, 200) << a.text;
        if (a.status != 200) break;
        EXPECT_FALSE(a.body["moves"].empty());
        state = a.body["state"];
    }
    return state;
}

TEST(ServerApi, CreatesAGameWithTheDefaults) {
    const TestServer server;
    const json state = server.create(json::object());
    EXPECT_TRUE(is_hex_id(state["id"].get<std::string>())) << state["id"];
    EXPECT_EQ(state["rules"], (json{{"preset", "kalah"},
                                    {"spec", "kalah"},
                                    {"pits", 6},
                                    {"seeds", 4},
                                    {"names", "kalah"},
                                    {"direction", "ccw"},
                                    {"stores_on_ring", true},
                                    {"tuzdyk", false},
                                    {"must_feed", false},
                                    {"extra_turn", true},
                                    {"repetition", false},
                                    {"kalah_shaped", true},
                                    {"databases", true}}));
    EXPECT_EQ(state["human"], "south");
    EXPECT_EQ(state["ai"], "north");
    EXPECT_EQ(state["opponent"], (json{{"level", "medium"}, {"spec", "alphabeta:depth=4"}}));
    EXPECT_EQ(state["board"]["south"], json::array({4, 4, 4, 4, 4, 4}));
    EXPECT_EQ(state["board"]["north"], json::array({4, 4, 4, 4, 4, 4}));
    EXPECT_EQ(state["pit_names"]["north"], json::array({"A2", "A3", "A4", "A5", "A6", "A7"}));
    EXPECT_EQ(state["pit_names"]["south_store"], "B8");
    EXPECT_EQ(state["pit_names"]["north_store"], "A1");
    EXPECT_TRUE(state["history"].empty());
    EXPECT_FALSE(state["over"]);
    EXPECT_TRUE(state["result"].is_null());
    EXPECT_EQ(state["score"], (json{{"south", 0}, {"north", 0}}));
    EXPECT_EQ(state["must_feed"], false);
    EXPECT_EQ(state["ended_by_repetition"], false);
    EXPECT_EQ(state["last_captured"], json::array());
    EXPECT_FALSE(state["board"].contains("tuzdyk"));  // only in games with tuzdyks
    expect_consistent(state);
    // An empty body means the defaults too; the state reads back the same.
    const Answer empty = server.post("/api/games", std::string());
    EXPECT_EQ(empty.status, 201) << empty.text;
    EXPECT_EQ(empty.content_type, "application/json");
    const Answer again = server.get(url(state));
    EXPECT_EQ(again.status, 200);
    EXPECT_EQ(again.body, state);
}

TEST(ServerApi, CreatesGamesWithEveryOption) {
    const TestServer server;
    for (const GameEntry& game : game_catalogue().games()) {
        const json state = server.create(json{{"rules", game.name}, {"pits", 3}, {"seeds", 2}, {"first", "human"}});
        EXPECT_EQ(state["rules"], rules_object(make_rules(game.name, 3, 2)));
        EXPECT_EQ(state["rules"]["preset"], game.name);
        EXPECT_EQ(state["rules"]["spec"], game.name);
        EXPECT_EQ(state["board"]["south"], json::array({2, 2, 2}));
        EXPECT_EQ(state["to_move"], "south");
        // No size: the game's own board (Oware 6 x 4, Toguz Kumalak 9 x 9...); one size alone, the other its own.
        const json own = server.create(json{{"rules", game.name}, {"first", "human"}});
        EXPECT_EQ(own["rules"], rules_object(game.rules)) << game.name;
        EXPECT_EQ(own["board"]["south"],
                  json(std::vector<int>(static_cast<std::size_t>(game.rules.pits), game.rules.seeds)));
        const json narrow = server.create(json{{"rules", game.name}, {"pits", 4}, {"seeds", nullptr}});
        EXPECT_EQ(narrow["rules"]["pits"], 4);
        EXPECT_EQ(narrow["rules"]["seeds"], game.rules.seeds) << game.name;
        // The perfect level plays the games its proofs and databases hold: the Kalah-shaped
        // ones, Oware, Awari, Bohnenspiel and Vai Lung Thlan.
        const Answer perfect = server.post("/api/games", json{{"rules", game.name}, {"level", "perfect"}});
        const bool databases = kalah_shaped(game.rules) || solve::cyclic_database_rules(game.rules);
        EXPECT_EQ(own["rules"]["databases"], databases) << game.name;
        if (databases) {
            EXPECT_EQ(perfect.status, 201) << game.name << " " << perfect.text;
        } else {
            EXPECT_EQ(perfect.status, 400) << game.name << " " << perfect.text;
            EXPECT_NE(perfect.text.find("the perfect level plays only the games its proofs and endgame databases"),
                      std::string::npos)
                << perfect.text;
            const Answer spec =
                server.post("/api/games", json{{"rules", game.name}, {"opponent", "perfect:time=1s"}});
            EXPECT_EQ(spec.status, 400) << game.name << " " << spec.text;
            EXPECT_NE(spec.text.find("the perfect agent plays only the games its proofs and endgame databases"),
                      std::string::npos)
                << spec.text;
        }
    }
    EXPECT_EQ(server.create(json{{"first", "ai"}})["to_move"], "north");
    EXPECT_EQ(server.create(json{{"first", "human"}})["to_move"], "south");
    bool south_first = false;
    bool north_first = false;
    for (int i = 0; i < 64 && !(south_first && north_first); ++i)
        (server.create(json{{"first", "random"}})["to_move"] == "south" ? south_first : north_first) = true;
    EXPECT_TRUE(south_first && north_first);
    EXPECT_EQ(server.create(json{{"pits", 1}, {"seeds", 1}})["board"]["south"], json::array({1}));
    EXPECT_EQ(server.create(json{{"pits", 10}, {"seeds", 1000}})["board"]["north"].size(), 10u);
    for (const Level& level : levels()) {
        const json state = server.create(json{{"level", level.name}});
        EXPECT_EQ(state["opponent"], (json{{"level", level.name}, {"spec", level.spec}}));
    }
    const json custom = server.create(json{{"opponent", "mcts:iterations=50,seed=1"}});
    EXPECT_TRUE(custom["opponent"]["level"].is_null());
    EXPECT_TRUE(custom["opponent"]["spec"].get<std::string>().starts_with("mcts:")) << custom["opponent"];
    const json random = server.create(json{{"level", nullptr}, {"opponent", "random"}});
    EXPECT_TRUE(random["opponent"]["spec"].get<std::string>().starts_with("random")) << random["opponent"];
}

/// The core's message refusing the rules `text` (on the game's own board unless `pits` is given).
std::string core_refusal(const std::string& text, std::optional<int> pits = std::nullopt) {
    try {
        parse_rules(text, pits);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

TEST(ServerApi, RefusesBadNewGamesWith400NamingTheProblem) {
    const TestServer server;
    std::string keys;
    for (const RuleDimension& d : rule_dimensions()) keys += (keys.empty() ? "" : ", ") + std::string(d.key);
    std::string games;
    for (const GameEntry& g : game_catalogue().games()) games += (games.empty() ? "" : ", ") + g.name;
    ASSERT_EQ(rule_dimensions().size(), 20u);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"pits": 4)", "malformed JSON"},
        {"[1, 2]", "must be a JSON object"},
        {"\"kalah\"", "must be a JSON object"},
        {R"({"pit": 4})", "unknown field 'pit'"},
        {R"({"pits": "6"})", "'pits' must be an integer"},
        {R"({"pits": 6.5})", "'pits' must be an integer"},
        {R"({"pits": true})", "'pits' must be an integer"},
        {R"({"pits": 0})", "'pits' must be between 1 and 10"},
        {R"({"pits": 11})", "'pits' must be between 1 and 10"},
        {R"({"pits": -3})", "'pits' must be between 1 and 10"},
        {R"({"pits": 18446744073709551615})", "'pits' must be between 1 and 10"},
        {R"({"pits": 1e30})", "'pits' must be an integer"},
        {R"({"seeds": 0})", "'seeds' must be between 1 and 1000"},
        {R"({"seeds": 1001})", "'seeds' must be between 1 and 1000"},
        {R"({"rules": "chess"})", "unknown rules 'chess' (choose one of: " + games + ")"},
        {R"({"rules": 1})", "'rules' must be a string"},
        {R"({"rules": "kalah:captures=never"})",
         "unknown rule 'captures' in rules 'kalah:captures=never' (the rules are: " + keys + ")"},
        // Refused combinations and free-form values: the core's own message.
        {R"({"rules": "kalah:stores-on-ring=no"})", core_refusal("kalah:stores-on-ring=no")},
        {R"({"rules": "oware:capture-counts=99"})", core_refusal("oware:capture-counts=99")},
        {R"({"rules": "oware:capture-counts=2+x"})", core_refusal("oware:capture-counts=2+x")},
        {R"({"rules": "toguz-kumalak", "pits": 1})", core_refusal("toguz-kumalak", 1)},
        {R"({"rules": "congklak:direction=up"})", "bad value 'up' for direction"},
        {R"({"rules": "oware", "pits": 11})", "'pits' must be between 1 and 10"},
        {R"({"rules": "congklak", "level": "perfect"})", "the perfect level plays only the games its proofs"},
        {R"({"rules": "kalah:capture=often"})", "bad value 'often' for capture"},
        {R"({"rules": "kalah:end=board-empty,end=board-empty"})", "option 'end' given twice"},
        {R"({"rules": "kalah:extra-turn"})", "expected key=value"},
        {R"({"first": "me"})", "'first' must be"},
        {R"({"level": "godlike"})", "unknown level 'godlike'"},
        {R"({"opponent": "nonsense"})", "unknown agent 'nonsense'"},
        {R"({"opponent": "human"})", "unknown agent 'human'"},
        {R"({"opponent": "engine:hash=100000"})", "hash"},
        {R"({"opponent": "engine:threads=64"})", "threads"},
        {R"({"opponent": "alphabeta:depth=x"})", "depth"},
        {R"({"opponent": 5})", "'opponent' must be a string"},
        {R"({"opponent": "greedy", "level": "easy"})", "either 'level' or 'opponent'"},
        {R"({"rules": "mangala", "opponent": "perfect"})", "the perfect agent plays only the games its proofs"},
        {"\xff\xfe", "malformed JSON"},
    };
    for (const auto& [body, message] : cases) {
        ASSERT_FALSE(message.empty()) << body << ": the core refuses it";
        const Answer a = server.post("/api/games", body);
        EXPECT_EQ(a.status, 400) << body << " -> " << a.text;
        ASSERT_TRUE(a.body.is_object()) << body;
        EXPECT_NE(a.body["error"].get<std::string>().find(message), std::string::npos)
            << body << " -> " << a.body["error"];
    }
    // A long rules string is refused by its length; one within it, quoted in a message cut short.
    const Answer too_long = server.post("/api/games", json{{"rules", "kalah:" + std::string(250, 'x') + "=1"}});
    EXPECT_EQ(too_long.status, 400);
    EXPECT_NE(too_long.text.find("'rules' is too long (258 characters; the limit is 200)"), std::string::npos)
        << too_long.text;
    const Answer bad_key = server.post("/api/games", json{{"rules", "kalah:" + std::string(190, 'x') + "=1"}});
    EXPECT_EQ(bad_key.status, 400);
    EXPECT_LE(bad_key.body["error"].get<std::string>().size(), 303u) << bad_key.text;
    EXPECT_EQ(server.get("/healthz").body["games"], 0);
}

TEST(ServerApi, PlaysWholeGamesAgainstGreedyToTheEnd) {
    const TestServer server;
    std::mt19937 random(7);
    for (const GameEntry& game : game_catalogue().games()) {
        const std::string& preset = game.name;
        for (const char* first : {"human", "ai"}) {
            json state = server.create(
                json{{"rules", preset}, {"pits", 4}, {"seeds", 3}, {"first", first}, {"level", "easy"}});
            state = play_out(server, state, random);
            ASSERT_TRUE(state["over"]) << preset;
            expect_consistent(state);
            EXPECT_EQ(state["score"]["south"], state["result"]["south"]);
            const int south = state["result"]["south"];
            const int north = state["result"]["north"];
            EXPECT_EQ(state["result"]["winner"],
                      south == north ? json(nullptr) : json(south > north ? "south" : "north"));
            // The last move ended it, or the position it made had been seen before.
            EXPECT_NE(state["history"].back()["game_over"], state["ended_by_repetition"]) << preset;
            // Nothing more to play or hint.
            EXPECT_EQ(server.post(url(state, "/moves"), json{{"pit", state["pit_names"]["south"][0]}}).status, 409);
            EXPECT_EQ(server.post(url(state, "/ai-move")).status, 409);
            EXPECT_EQ(server.get(url(state, "/hint")).status, 409);
            EXPECT_EQ(server.get(url(state)).body, state);
        }
    }
}

TEST(ServerApi, AMoveTellsWhatHappened) {
    const TestServer server;
    json state = server.create(json{{"first", "human"}, {"level", "easy"}});
    Answer a = server.post(url(state, "/moves"), json{{"pit", "b4"}});  // case-insensitive
    ASSERT_EQ(a.status, 200) << a.text;
    ASSERT_EQ(a.body["moves"].size(), 1u);
    const json& move = a.body["moves"][0];
    EXPECT_EQ(move["side"], "south");
    EXPECT_EQ(move["pit"], "B4");
    EXPECT_EQ(move["sowing"], json::array({"B5", "B6", "B7", "B8"}));
    EXPECT_TRUE(move["extra_turn"]);
    EXPECT_FALSE(move["game_over"]);
    EXPECT_EQ(move["captured"], 0);
    EXPECT_TRUE(move["capture_pit"].is_null());
    EXPECT_FALSE(move.contains("sowing_truncated"));
    EXPECT_EQ(move["after"]["south"], json::array({4, 4, 0, 5, 5, 5}));
    EXPECT_EQ(move["after"]["south_store"], 1);
    EXPECT_EQ(a.body["state"]["to_move"], "south");  // the extra turn
    EXPECT_EQ(server.post(url(state, "/ai-move")).status, 409);

    // A capture: from 1,3,1/1,0,2 South's B2 lands in the empty B3 and takes A3's three.
    json small = server.create(json{{"pits", 3}, {"seeds", 1}, {"first", "human"}, {"level", "easy"}});
    a = server.post(url(small, "/moves"), json{{"pit", "B4"}});  // 1 stone into the store: extra turn
    ASSERT_EQ(a.status, 200);
    a = server.post(url(small, "/moves"), json{{"pit", "B3"}});  // B3 -> B4 (now empty): captures with A4
    ASSERT_EQ(a.status, 200) << a.text;
    const json& capture = a.body["moves"][0];
    EXPECT_EQ(capture["sowing"], json::array({"B4"}));
    EXPECT_EQ(capture["captured"], 2);
    EXPECT_EQ(capture["capture_pit"], "A4");  // drawn above B4
}

TEST(ServerApi, CutsTheSowingOfAHugeMove) {
    const TestServer server;
    const json state = server.create(json{{"pits", 10}, {"seeds", 1000}, {"first", "human"}, {"level", "easy"}});
    const Answer a = server.post(url(state, "/moves"), json{{"pit", "B2"}});
    ASSERT_EQ(a.status, 200) << a.text;
    const json& move = a.body["moves"][0];
    EXPECT_EQ(move["sowing"].size(), 200u);
    EXPECT_EQ(move["sowing_truncated"], true);
    expect_consistent(a.body["state"]);
}

TEST(ServerApi, EveryErrorPathAnswersJson) {
    const TestServer server;
    const std::string missing = "/api/games/0123456789abcdef0123456789abcdef";
    for (const Answer& a :
         {server.get(missing), server.post(missing + "/moves", json{{"pit", "B2"}}),
          server.post(missing + "/ai-move"), server.get(missing + "/hint"), server.post(missing + "/undo"),
          server.del(missing), server.get("/api/games/x%2Fy"), server.get("/api/nothing"),
          server.post("/api/nothing"), server.get("/no-such-file.js")}) {
        EXPECT_EQ(a.status, 404) << a.text;
        ASSERT_TRUE(a.body.is_object()) << a.text;
        EXPECT_TRUE(a.body["error"].is_string());
    }
    EXPECT_NE(server.get(missing).body["error"].get<std::string>().find("no game with id"), std::string::npos);

    json state = server.create(json{{"first", "ai"}, {"pits", 6}, {"seeds", 4}, {"level", "easy"}});
    // Not your turn; then the AI moves; then the AI may not move again.
    Answer a = server.post(url(state, "/moves"), json{{"pit", "B2"}});
    EXPECT_EQ(a.status, 409);
    EXPECT_NE(a.body["error"].get<std::string>().find("not your turn"), std::string::npos);
    a = server.post(url(state, "/undo"));
    EXPECT_EQ(a.status, 409);
    EXPECT_NE(a.body["error"].get<std::string>().find("nothing to undo"), std::string::npos);
    a = server.post(url(state, "/ai-move"), std::string());
    ASSERT_EQ(a.status, 200) << a.text;
    state = a.body["state"];
    a = server.post(url(state, "/ai-move"));
    EXPECT_EQ(a.status, 409);
    EXPECT_NE(a.body["error"].get<std::string>().find("not the AI's turn"), std::string::npos);
    // Bad moves: not South's pit names (400), an empty pit (409), bad bodies (400).
    for (const json& bad :
         {json{{"pit", "A3"}}, json{{"pit", "B8"}}, json{{"pit", "B9"}}, json{{"pit", ""}}, json{{"pit", "hello"}}})
        EXPECT_EQ(server.post(url(state, "/moves"), bad).status, 400) << bad;
    for (const std::string bad :
         {"{}", "{\"pit\": 2}", "{\"pit\": \"B2\", \"x\": 1}", "{\"pit\":", "[\"B2\"]", "null"})
        EXPECT_EQ(server.post(url(state, "/moves"), bad).status, 400) << bad;
    EXPECT_EQ(server.post(url(state, "/ai-move"), std::string("{\"think\": 1}")).status, 400);
    // None of it changed the game.
    EXPECT_EQ(server.get(url(state)).body, state);

    // An empty pit: B4 earns an extra turn, then B4 again.
    const json fresh = server.create(json{{"first", "human"}, {"level", "easy"}});
    ASSERT_EQ(server.post(url(fresh, "/moves"), json{{"pit", "B4"}}).status, 200);
    a = server.post(url(fresh, "/moves"), json{{"pit", "B4"}});
    EXPECT_EQ(a.status, 409) << a.text;
    EXPECT_NE(a.body["error"].get<std::string>().find("B4 is empty"), std::string::npos);

    // A body over 64 KiB.
    a = server.post("/api/games", std::string(100 * 1024, ' '));
    EXPECT_EQ(a.status, 413);
    EXPECT_TRUE(a.body.is_object()) << a.text;
}

TEST(ServerApi, RefusesGamesOnlyWhenEveryGameIsInActivePlay) {
    ServerOptions options;
    options.store.max_games = 3;
    const TestServer server(options);
    std::vector<json> games;
    // Each game played (a game never played makes room for a new one: GameStore's tests).
    for (int i = 0; i < 3; ++i) {
        games.push_back(server.create(json{{"first", "human"}}));
        ASSERT_EQ(server.post(url(games.back(), "/moves"), json{{"pit", "B2"}}).status, 200);
    }
    Answer a = server.post("/api/games", json::object());
    EXPECT_EQ(a.status, 503);
    EXPECT_NE(a.body["error"].get<std::string>().find("active play"), std::string::npos) << a.text;
    EXPECT_FALSE(a.header("Retry-After").empty());
    const json health = server.get("/healthz").body;
    EXPECT_EQ(health["games"], 3);
    EXPECT_EQ(health["max_games"], 3);
    a = server.del(url(games[1]));
    EXPECT_EQ(a.status, 204);
    EXPECT_EQ(server.get(url(games[1])).status, 404);
    EXPECT_EQ(server.del(url(games[1])).status, 404);
    EXPECT_EQ(server.post("/api/games", json::object()).status, 201);
}

// At the cap, a finished game makes room first, then the game idle the longest; both stay
// in the store and come back when asked for.
TEST(ServerApi, FinishedThenIdleGamesMakeRoomAndComeBack) {
    ServerOptions options;
    options.store.max_games = 2;
    options.store.active_window = std::chrono::milliseconds(200);
    const TestServer server(options);
    // Kalah(1,1): South's one move sows into its store and empties its row: the game is over.
    const json finished = server.create(json{{"pits", 1}, {"seeds", 1}, {"first", "human"}, {"level", "easy"}});
    const Answer end = server.post(url(finished, "/moves"), json{{"pit", "B2"}});
    ASSERT_EQ(end.status, 200) << end.text;
    ASSERT_EQ(end.body["state"]["over"], true);
    const json idle = server.create(json{{"first", "human"}});
    const json newcomer = server.create(json::object());  // takes the finished game's place
    EXPECT_EQ(server.get("/healthz").body["games_in_memory"], 2);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // `idle` and `newcomer` are idle now
    const json another = server.create(json::object());           // takes `idle`'s place (the older)
    EXPECT_EQ(server.get("/healthz").body["games_in_memory"], 2);
    // Both come back from the store, as they were.
    EXPECT_EQ(server.get(url(finished)).body, end.body["state"]);
    const Answer back = server.get(url(idle));
    ASSERT_EQ(back.status, 200) << back.text;
    EXPECT_EQ(back.body, idle);
    EXPECT_EQ(server.post(url(idle, "/moves"), json{{"pit", "B3"}}).status, 200);
    const std::string metrics = server.get("/metrics").text;
    EXPECT_NE(metrics.find("mancala_games_evicted_total{kind=\"finished\"}"), std::string::npos) << metrics;
    EXPECT_NE(metrics.find("mancala_games_evicted_total{kind=\"idle\"}"), std::string::npos) << metrics;
    (void)newcomer;
    (void)another;
}

// One address holds at most --max-games-per-client unfinished games: past it a new game is
// a 429 with Retry-After, counted as a refusal; a finished game frees its place.
TEST(ServerApi, OneAddressHasAtMostItsShareOfTheGamesInPlay) {
    ServerOptions options;
    options.store.max_games_per_client = 2;
    const TestServer server(options);
    const json tiny = server.create(json{{"pits", 1}, {"seeds", 1}, {"first", "human"}, {"level", "easy"}});
    server.create(json::object());
    const Answer refused = server.post("/api/games", json::object());
    EXPECT_EQ(refused.status, 429) << refused.text;
    EXPECT_NE(refused.text.find("already has 2 games in play"), std::string::npos) << refused.text;
    EXPECT_EQ(refused.header("Retry-After"), "60");
    ASSERT_EQ(server.post(url(tiny, "/moves"), json{{"pit", "B2"}}).status, 200);  // over: its place is free
    EXPECT_EQ(server.post("/api/games", json::object()).status, 201);
    const std::string metrics = server.get("/metrics").text;
    EXPECT_NE(metrics.find("mancala_refusals_total{reason=\"games_per_client\"} 1"), std::string::npos) << metrics;
}

// With every place in memory taken by games in active play, a game of the store can still
// be read (and shared); only a change to it waits for room (503 with Retry-After).
TEST(ServerApi, StoredGamesStayReadableWhenMemoryIsFull) {
    ServerOptions options;
    options.store.max_games = 1;
    options.store.active_window = std::chrono::milliseconds(200);
    const TestServer server(options);
    const json first = server.create(json{{"first", "human"}, {"level", "human"}});
    const Answer played = server.post(url(first, "/moves"), json{{"pit", "B2"}});
    ASSERT_EQ(played.status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // idle: it makes room
    const json second = server.create(json{{"first", "human"}, {"level", "human"}});
    ASSERT_EQ(server.post(url(second, "/moves"), json{{"pit", "B3"}}).status, 200);  // in active play
    const Answer read = server.get(url(first));
    ASSERT_EQ(read.status, 200) << read.text;
    EXPECT_EQ(read.body, played.body["state"]);
    const Answer change = server.post(url(first, "/undo"));
    EXPECT_EQ(change.status, 503) << change.text;
    EXPECT_EQ(change.header("Retry-After"), "60");
    EXPECT_EQ(server.get("/healthz").body["games_in_memory"], 1);
}

// Only a change keeps a game alive: a game nobody moves in expires, however often it is read.
TEST(ServerApi, ForgetsIdleGamesEvenWhenRead) {
    ServerOptions options;
    options.store.idle_timeout = std::chrono::milliseconds(400);
    const TestServer server(options);
    json kept = server.create(json{{"first", "human"}, {"level", "easy"}, {"pits", 6}, {"seeds", 6}});
    const json read_only = server.create(json::object());
    for (int i = 0; i < 6; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const int status = server.get(url(read_only)).status;
        if (i < 3) {
            EXPECT_EQ(status, 200) << i;
        }
        if (i > 3) {
            EXPECT_EQ(status, 404) << i;
        }
        // A move, then taking it back: a change each time.
        ASSERT_EQ(server.post(url(kept, "/moves"), json{{"pit", "B2"}}).status, 200);
        ASSERT_EQ(server.post(url(kept, "/undo")).status, 200);
    }
    EXPECT_EQ(server.get(url(read_only)).status, 404);
    EXPECT_EQ(server.get(url(kept)).status, 200);
    EXPECT_EQ(server.get("/healthz").body["games"], 1);  // expired games stop counting at once
}

TEST(ServerApi, UndoTakesBackTheHumansTurnAndTheReply) {
    const TestServer server;
    const json start = server.create(json{{"first", "human"}, {"pits", 4}, {"seeds", 3}, {"level", "easy"}});
    Answer a = server.post(url(start, "/moves"), json{{"pit", "B2"}});
    ASSERT_EQ(a.status, 200);
    a = server.post(url(start, "/ai-move"));
    ASSERT_EQ(a.status, 200);
    const json after_one = a.body["state"];
    a = server.post(url(start, "/moves"), json{{"pit", after_one["legal_moves"][0]}});
    ASSERT_EQ(a.status, 200);
    if (a.body["state"]["to_move"] == "north") {
        ASSERT_EQ(server.post(url(start, "/ai-move")).status, 200);
    }
    a = server.post(url(start, "/undo"), std::string());
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body, after_one);
    a = server.post(url(start, "/undo"));
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.body, start);
    EXPECT_EQ(server.post(url(start, "/undo")).status, 409);
}

// A finished game is kept as it ended, for replay and for the links that share it:
// whoever holds its address can neither reopen it by undo nor delete it (409), against
// an agent or between two people; an unfinished game can still be both.
TEST(ServerApi, AFinishedGameIsReadOnly) {
    const TestServer server;
    for (const char* level : {"easy", "human"}) {
        // Kalah(1,1): South's one move sows into its store and empties its row: the game is over.
        const json finished = server.create(json{{"pits", 1}, {"seeds", 1}, {"first", "human"}, {"level", level}});
        const Answer end = server.post(url(finished, "/moves"), json{{"pit", "B2"}});
        ASSERT_EQ(end.status, 200) << end.text;
        ASSERT_EQ(end.body["state"]["over"], true);
        Answer a = server.post(url(finished, "/undo"));
        EXPECT_EQ(a.status, 409) << level << " " << a.text;
        EXPECT_NE(a.text.find("the game is over"), std::string::npos) << a.text;
        a = server.del(url(finished));
        EXPECT_EQ(a.status, 409) << level << " " << a.text;
        EXPECT_NE(a.text.find("the game is over"), std::string::npos) << a.text;
        EXPECT_EQ(server.get(url(finished)).body, end.body["state"]) << level << ": unchanged";
    }
    const json open = server.create(json{{"first", "human"}, {"pits", 4}, {"seeds", 3}, {"level", "human"}});
    ASSERT_EQ(server.post(url(open, "/moves"), json{{"pit", "B2"}}).status, 200);
    EXPECT_EQ(server.post(url(open, "/undo")).status, 200);
    EXPECT_EQ(server.del(url(open)).status, 204);
}

// A long game's every answer carried its whole history: with ?since=N the state's history
// holds only the moves after the first N, and says where it starts (history_from), on
// GET, moves, ai-move and undo; a since past the end gives what there is. A bad since is a 400.
TEST(ServerApi, SinceAsksOnlyForTheMovesThatAreNew) {
    const TestServer server;
    const json start = server.create(json{{"first", "human"}, {"pits", 4}, {"seeds", 3}, {"level", "easy"}});
    Answer a = server.post(url(start, "/moves?since=0"), json{{"pit", "B2"}});
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body["state"]["history_from"], 0);
    EXPECT_EQ(a.body["state"]["history"].size(), 1u);
    a = server.post(url(start, "/ai-move?since=1"));
    ASSERT_EQ(a.status, 200) << a.text;
    const std::size_t played = a.body["state"]["history"].size() + 1;
    EXPECT_EQ(a.body["state"]["history_from"], 1);
    EXPECT_EQ(a.body["state"]["history"], a.body["moves"]) << "only the computer's moves are new";
    const json whole = server.get(url(start)).body;
    EXPECT_FALSE(whole.contains("history_from")) << "without since, the whole state as before";
    ASSERT_EQ(whole["history"].size(), played);
    for (std::size_t since = 0; since <= played + 2; ++since) {
        const json part = server.get(url(start) + "?since=" + std::to_string(since)).body;
        const std::size_t from = std::min(since, played);
        ASSERT_EQ(part["history_from"], from) << since;
        json rebuilt = json::array();
        for (std::size_t i = 0; i < from; ++i) rebuilt.push_back(whole["history"][i]);
        for (const json& m : part["history"]) rebuilt.push_back(m);
        EXPECT_EQ(rebuilt, whole["history"]) << since;
        json rest = part;
        rest.erase("history_from");
        rest["history"] = whole["history"];
        EXPECT_EQ(rest, whole) << "everything else as the whole state: since " << since;
    }
    a = server.post(url(start, "/undo?since=5"));
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body["history_from"], 0) << "past the end after an undo: from what there is";
    EXPECT_TRUE(a.body["history"].empty());
    for (const char* bad : {"since=-1", "since=x", "since=", "since=12345678", "since=1&since=2", "since=1e3"}) {
        a = server.get(url(start) + "?" + bad);
        EXPECT_EQ(a.status, 400) << bad;
        EXPECT_NE(a.text.find("since"), std::string::npos) << a.text;
    }
    EXPECT_EQ(server.get(url(start) + "?other=1").status, 200) << "other parameters are not the API's business";
}

// Level "human": two people on one screen. No agent; POST .../moves plays for the side to
// move, undo takes back the last turn whoever played it, ai-move is refused, and the game is
// stored and comes back from the store like any other.
TEST(ServerApi, TwoPlayersOnOneScreenPlayBothSides) {
    ServerOptions options;
    options.store.max_games = 1;
    options.store.active_window = std::chrono::milliseconds(0);
    const TestServer server(options);
    const json start = server.create(json{{"level", "human"}, {"pits", 3}, {"seeds", 2}, {"first", "ai"}});
    EXPECT_EQ(start["opponent"], (json{{"level", "human"}, {"spec", "human"}}));
    EXPECT_EQ(start["to_move"], "north");
    Answer a = server.post(url(start, "/ai-move"));
    EXPECT_EQ(a.status, 409);
    EXPECT_NE(a.text.find("two-player game"), std::string::npos) << a.text;
    a = server.post(url(start, "/undo"));
    EXPECT_EQ(a.status, 409);
    EXPECT_NE(a.text.find("no move has been played yet"), std::string::npos) << a.text;
    a = server.post(url(start, "/moves"), json{{"pit", "B2"}});  // South's pit, North to move
    EXPECT_EQ(a.status, 400);
    EXPECT_NE(a.text.find("not one of North's pits (A4..A2): North is to move"), std::string::npos) << a.text;
    a = server.post(url(start, "/moves"), json{{"pit", "A2"}});  // 2 stones: A1 (North's store), B2
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body["moves"][0]["side"], "north");
    const json after_north = a.body["state"];
    ASSERT_EQ(after_north["to_move"], "south");
    a = server.post(url(start, "/moves"), json{{"pit", "A3"}});
    EXPECT_EQ(a.status, 400) << a.text;
    a = server.post(url(start, "/moves"), json{{"pit", "B2"}});
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body["moves"][0]["side"], "south");
    // undo takes back South's turn only (not North's before it)
    a = server.post(url(start, "/undo"));
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body, after_north);
    // another game takes its place in memory; it comes back from the store and goes on
    const json other = server.create(json{{"level", "human"}});
    EXPECT_EQ(server.get(url(start)).body, after_north);
    std::mt19937 random(7);
    json state = after_north;
    bool north_moved = false;
    for (int step = 0; step < 200 && !state["over"]; ++step) {
        const json& legal = state["legal_moves"];
        const std::string side = state["to_move"];
        a = server.post(url(state, "/moves"), json{{"pit", legal[random() % legal.size()]}});
        ASSERT_EQ(a.status, 200) << a.text;
        EXPECT_EQ(a.body["moves"][0]["side"], side);
        north_moved = north_moved || side == "north";
        state = a.body["state"];
        expect_consistent(state);
    }
    EXPECT_TRUE(state["over"]);
    EXPECT_TRUE(north_moved);
    EXPECT_EQ(server.get(url(start)).body, state);
    (void)other;
}

// With endgame databases (serve --db), hints and the perfect level are exact where the
// database covers every move.
TEST(ServerApi, HintsAreExactWithADatabase) {
    mancala::testing::TempDir dir;
    // A folder name with the characters of a spec: it is never spliced into one.
    const std::filesystem::path root = dir.path() / "db,x=1";
    solve::EndgameDatabase(make_rules("kalah", 3, 0), root).build(9, 2);
    const auto cache = std::make_shared<solve::DatabaseCache>();
    ServerOptions options;
    options.api.agents.endgame_source = cache;
    options.api.agents.endgame_dir = root;
    const TestServer server(options);
    const json state = server.create(json{{"first", "human"}, {"pits", 3}, {"seeds", 3}, {"level", "perfect"}});
    // The server's folder is added when the agent is built: it is neither stored nor shown.
    EXPECT_EQ(state["opponent"]["spec"], "perfect:time=5s");
    // 9 stones in the pits: every move leads into the database.
    const Answer moved = server.post(url(state, "/moves"), json{{"pit", "B3"}});
    const json a = moved.body["state"];
    ASSERT_EQ(a["to_move"], "north");
    const Answer ai = server.post(url(a, "/ai-move"));
    ASSERT_EQ(ai.status, 200) << ai.text;
    EXPECT_TRUE(ai.body["exact"].get<bool>()) << ai.text;
    if (ai.body["state"]["over"] == false) {
        const Answer h = server.get(url(ai.body["state"], "/hint"));
        ASSERT_EQ(h.status, 200);
        for (const json& m : h.body["moves"]) EXPECT_TRUE(m["exact"].get<bool>()) << h.text;
    }
    EXPECT_EQ(cache->size(), 1u);  // one database, opened once for every agent
}

// In the games whose positions repeat the perfect level and hints read the database of the
// game: Awari on 3 pits of one seed lies wholly inside one of 6 seeds, and has no majority
// rule, so every move the computer plays and every hint is exact.
TEST(ServerApi, PerfectAndHintsReadTheDatabaseOfAGameWithCycles) {
    mancala::testing::TempDir dir;
    solve::CyclicDatabase(make_rules("awari", 3, 1), dir.path()).build(6, 1);
    ServerOptions options;
    options.api.agents.endgame_source = std::make_shared<solve::DatabaseCache>();
    options.api.agents.endgame_dir = dir.path();
    const TestServer server(options);
    const json state = server.create(
        json{{"rules", "awari"}, {"first", "human"}, {"pits", 3}, {"seeds", 1}, {"level", "perfect"}});
    const Answer h = server.get(url(state, "/hint"));
    ASSERT_EQ(h.status, 200) << h.text;
    EXPECT_EQ(h.body["moves"].size(), 3u);
    for (const json& m : h.body["moves"]) EXPECT_TRUE(m["exact"].get<bool>()) << h.text;
    const Answer moved = server.post(url(state, "/moves"), json{{"pit", h.body["best"]}});
    ASSERT_EQ(moved.status, 200) << moved.text;
    if (moved.body["state"]["over"] == true) return;
    const Answer ai = server.post(url(moved.body["state"], "/ai-move"));
    ASSERT_EQ(ai.status, 200) << ai.text;
    EXPECT_TRUE(ai.body["exact"].get<bool>()) << ai.text;
    EXPECT_NE(ai.body["summary"].get<std::string>().find("proven by the database"), std::string::npos) << ai.text;
}

// Programs play only as levels the operator names (serve --allow-external); a client can
// never name one, even on a server that runs some.
TEST(ServerApi, ProgramsPlayOnlyAsTheOperatorsLevels) {
    mancala::testing::TempDir logs;
    ServerOptions options;
    protocol::ExternalAgentSettings external;
    external.log_dir = logs.path();
    options.api.agents.external_agents = protocol::external_agent_maker(external);
    options.api.external_levels.push_back(
        parse_external_level("pybot=cmd:python3 " MANCALA_TEST_SOURCE "/../examples/engine.py"));
    const TestServer server(options);
    const Answer listed = server.get("/api/agents");
    ASSERT_EQ(listed.status, 200);
    std::vector<std::string> names;
    for (const json& l : listed.body["levels"]) names.push_back(l["name"]);
    EXPECT_EQ(names, (std::vector<std::string>{"easy", "medium", "hard", "expert", "perfect", "pybot", "human"}));
    std::mt19937 random(5);
    const json state = server.create(json{{"first", "ai"}, {"pits", 4}, {"seeds", 3}, {"level", "pybot"}});
    EXPECT_EQ(state["opponent"]["level"], "pybot");
    const json end = play_out(server, state, random);
    EXPECT_TRUE(end["over"].get<bool>());
    expect_consistent(end);
    for (const std::string spec :
         {"cmd:python3 " MANCALA_TEST_SOURCE "/../examples/engine.py", "cmd:/bin/sh -c id"}) {
        const Answer refused = server.post("/api/games", json{{"opponent", spec}});
        EXPECT_EQ(refused.status, 400);
        EXPECT_NE(refused.text.find("may not name a program"), std::string::npos) << refused.text;
    }
    EXPECT_THROW(parse_external_level("easy=cmd:python3"), std::invalid_argument);      // a built-in level
    EXPECT_THROW(parse_external_level("Bad Name=cmd:python3"), std::invalid_argument);  // not a word
    EXPECT_THROW(parse_external_level("bot=engine:time=1s"), std::invalid_argument);    // not a program
    EXPECT_THROW(parse_external_level("cmd:python3"), std::invalid_argument);           // no name
}

// An operator's program is started once per think thread, not once per move, and told
// `newgame` when the thread moves on to another game.
TEST(ServerApi, AnOperatorsProgramIsKeptFromMoveToMoveAndGameToGame) {
    mancala::testing::TempDir logs;
    ServerOptions options;
    options.think_threads = 1;
    protocol::ExternalAgentSettings external;
    external.log_dir = logs.path();
    options.api.agents.external_agents = protocol::external_agent_maker(external);
    const std::string command = "python3 " MANCALA_TEST_SOURCE "/protocol/fake_engine.py good";
    options.api.external_levels.push_back(parse_external_level("fake=cmd:" + command));
    const TestServer server(options);
    std::mt19937 random(7);
    int computer_turns = 0;
    for (int game = 0; game < 2; ++game) {
        json state = server.create(json{{"first", "ai"}, {"pits", 4}, {"seeds", 3}, {"level", "fake"}});
        state = play_out(server, state, random);
        EXPECT_TRUE(state["over"].get<bool>());
        for (const json& move : state["history"]) computer_turns += move["side"] == "north";
    }
    const std::string log = mancala::testing::read_text(protocol::engine_log_path(logs.path(), command));
    const auto count = [&](const std::string& line) {
        int n = 0;
        for (std::size_t at = log.find(line); at != std::string::npos; at = log.find(line, at + 1)) ++n;
        return n;
    };
    EXPECT_GT(computer_turns, 4);
    EXPECT_EQ(count("fake started"), 1) << log;
    EXPECT_EQ(count("fake newgame"), 1) << log;
}

// A refined rules string: the game is played by those rules (no extra turns here) and
// says them back in canonical form.
TEST(ServerApi, PlaysAGameByARefinedRulesString) {
    const TestServer server;
    std::mt19937 random(11);
    json state = server.create(json{{"rules", "kalah:extra-turn=no,capture=always"},
                                    {"pits", 4},
                                    {"seeds", 3},
                                    {"first", "human"},
                                    {"level", "easy"}});
    json expected = rules_object(parse_rules("homework:extra-turn=no", 4, 3));
    EXPECT_EQ(expected["preset"], "custom");
    EXPECT_EQ(expected["spec"], "homework:extra-turn=no");
    EXPECT_EQ(expected["extra_turn"], false);
    EXPECT_EQ(state["rules"], expected);
    state = play_out(server, state, random);
    ASSERT_TRUE(state["over"]);
    expect_consistent(state);
    // expect_consistent saw the sides alternate where no move earns another.
    for (const json& move : state["history"]) EXPECT_FALSE(move["extra_turn"].get<bool>()) << move;
    const Answer again = server.get(url(state));
    EXPECT_EQ(again.body["rules"]["spec"], "homework:extra-turn=no");
}

/// The moves (pit names, in turn) of a game of `rules` from its start, by random legal moves
/// (seeded), that first reaches a session where `wanted` holds; empty if no playout does.
std::vector<std::string> moves_until(const Rules& rules,
                                     const std::function<bool(const play::GameSession&)>& wanted, unsigned seed = 1,
                                     int playouts = 5000) {
    std::mt19937 random(seed);
    for (int playout = 0; playout < playouts; ++playout) {
        play::GameSession session(rules);
        std::vector<std::string> names;
        while (!session.is_over() && names.size() < 400) {
            const MoveList moves = session.legal_moves();
            const int pit = moves[static_cast<int>(random() % static_cast<unsigned>(moves.size()))];
            names.push_back(pit_name(rules, session.to_move(), pit));
            session.play(pit);
            if (wanted(session)) return names;
        }
    }
    return {};
}

/// Plays `moves` in the two-player game `state` (either side, by name); the state after them.
json play_names(const TestServer& server, json state, const std::vector<std::string>& moves) {
    for (const std::string& name : moves) {
        const Answer a = server.post(url(state, "/moves"), json{{"pit", name}});
        EXPECT_EQ(a.status, 200) << name << " " << a.text;
        if (a.status != 200) break;
        EXPECT_EQ(a.body["moves"][0]["pit"], name);
        state = a.body["state"];
    }
    return state;
}

// A page reloaded while the AI thinks must see that its reply is under way, not a game
// whose turn nobody takes (the page waits for it; another ai-move is a 409).
TEST(ServerApi, TheStateSaysWhileTheAiIsThinking) {
    const TestServer server;
    const json state = server.create(json{{"first", "ai"}, {"opponent", "engine:time=400ms"}});
    EXPECT_FALSE(state["thinking"]);
    std::thread reply([&] { EXPECT_EQ(server.post(url(state, "/ai-move")).status, 200); });
    bool seen = false;
    for (int i = 0; i < 200 && !seen; ++i) {
        seen = server.get(url(state)).body["thinking"] == true;
        if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_TRUE(seen) << "the state never said the AI was thinking";
    if (seen) {
        EXPECT_EQ(server.post(url(state, "/ai-move")).status, 409);
    }
    reply.join();
    const json after = server.get(url(state)).body;
    EXPECT_FALSE(after["thinking"]);
    EXPECT_EQ(after["to_move"], "south");
}

// A game row edited by hand answered 503 "store cannot be used" with Retry-After for ever,
// so the page retried for ever; it is now put aside: 410, naming the problem, and the
// other games are served.
TEST(ServerApi, AGameWhoseRecordIsDamagedIsGoneNotAStoreFailure) {
    const auto path =
        std::filesystem::temp_directory_path() / ("mancala-damaged-" + std::to_string(::getpid()) + ".db");
    std::filesystem::remove(path);
    ServerOptions options;
    options.store_path = path.string();
    json good, bad;
    {
        const TestServer server(options);
        good = server.create(json{{"first", "human"}});
        bad = server.create(json{{"first", "human"}});
        ASSERT_EQ(server.post(url(bad, "/moves"), json{{"pit", "B2"}}).status, 200);
    }
    {
        GameDatabase database(path.string());
        StoredGame edited = *database.load(bad["id"]);
        database.erase(edited.id);
        edited.moves.push_back({Side::South, 0});  // South again, from the pit it emptied
        database.insert(edited);
    }
    {
        const TestServer server(options);
        for (int attempt = 0; attempt < 2; ++attempt) {
            const Answer a = server.get(url(bad));
            EXPECT_EQ(a.status, 410) << a.text;
            EXPECT_NE(a.body["error"].get<std::string>().find("damaged"), std::string::npos) << a.text;
            EXPECT_TRUE(a.header("Retry-After").empty());
        }
        EXPECT_EQ(server.get(url(good)).status, 200);
        EXPECT_EQ(server.get("/healthz").status, 200);
    }
    std::filesystem::remove(path);
}

// The stones swept into the stores at the end were not said (31 became 34 on the page):
// the last move gives them. Kalah(1,1): South sows its one stone into its store, its row
// is empty, and North's one stone goes to North's store.
TEST(ServerApi, TheLastMoveSaysTheStonesSweptIntoEachStore) {
    const TestServer server;
    const json state = server.create(json{{"pits", 1}, {"seeds", 1}, {"first", "human"}, {"level", "easy"}});
    const Answer a = server.post(url(state, "/moves"), json{{"pit", "B2"}});
    ASSERT_EQ(a.status, 200) << a.text;
    const json& last = a.body["moves"].back();
    ASSERT_TRUE(last["game_over"]);
    EXPECT_EQ(last["swept"], (json{{"south", 0}, {"north", 1}}));
    EXPECT_EQ(a.body["state"]["board"]["north_store"], 1);
    // A move that does not end the game says nothing of it.
    const json other = server.create(json{{"first", "human"}, {"level", "easy"}});
    const Answer b = server.post(url(other, "/moves"), json{{"pit", "B2"}});
    ASSERT_EQ(b.status, 200);
    EXPECT_FALSE(b.body["moves"][0].contains("swept"));
}

// The page said "Extra turn for you!" after the game's last move: a last stone in the store
// that ends the game is no extra turn.
TEST(ServerApi, TheMoveThatEndsTheGameEarnsNoExtraTurn) {
    const TestServer server;
    const Rules rules = make_rules("kalah", 3, 2);
    const std::vector<std::string> moves = moves_until(rules, [](const play::GameSession& s) {
        return s.is_over() && s.last_move() && s.last_move()->result.extra_turn;
    });
    ASSERT_FALSE(moves.empty());
    const json state = play_names(
        server,
        server.create(json{{"rules", "kalah"}, {"pits", 3}, {"seeds", 2}, {"first", "human"}, {"level", "human"}}),
        moves);
    ASSERT_TRUE(state["over"]) << state;
    EXPECT_TRUE(state["history"].back()["game_over"]);
    EXPECT_FALSE(state["history"].back()["extra_turn"]);
}

// Oware on its own board: letter names (South's A..F left to right, North's a..f right to
// left as drawn, each in its sowing order), no store on the ring, count captures by name.
TEST(ServerApi, PlaysOwareByItsLetterNames) {
    const TestServer server;
    json state = server.create(json{{"rules", "oware"}, {"first", "human"}, {"level", "easy"}});
    EXPECT_EQ(state["rules"], rules_object(make_rules("oware")));
    EXPECT_EQ(state["rules"]["stores_on_ring"], false);
    EXPECT_EQ(state["pit_names"]["south"], json::array({"A", "B", "C", "D", "E", "F"}));
    EXPECT_EQ(state["pit_names"]["north"], json::array({"f", "e", "d", "c", "b", "a"}));
    EXPECT_EQ(state["legal_moves"], json::array({"A", "B", "C", "D", "E", "F"}));
    // Not South's: North's letters, Kalah's names, numbers.
    for (const char* bad : {"c", "B4", "G", "1", "AB"}) {
        const Answer a = server.post(url(state, "/moves"), json{{"pit", bad}});
        EXPECT_EQ(a.status, 400) << bad << " " << a.text;
        EXPECT_NE(a.text.find("is not one of your pits (A..F)"), std::string::npos) << a.text;
    }
    // D's four stones: E and F, then North's a and b; no store is sown.
    Answer a = server.post(url(state, "/moves"), json{{"pit", "D"}});
    ASSERT_EQ(a.status, 200) << a.text;
    const json& move = a.body["moves"][0];
    EXPECT_EQ(move["pit"], "D");
    EXPECT_EQ(move["sowing"], json::array({"E", "F", "a", "b"}));
    EXPECT_EQ(move["after"]["south"], json::array({4, 4, 4, 0, 5, 5}));
    EXPECT_EQ(move["after"]["north"], json::array({4, 4, 4, 4, 5, 5}));  // b and a, drawn on the right
    EXPECT_EQ(move["captured_cells"], json::array());
    EXPECT_FALSE(move["extra_turn"]);
    state = a.body["state"];
    EXPECT_EQ(state["to_move"], "north");
    a = server.post(url(state, "/ai-move"));
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_TRUE(a.body["moves"][0]["pit"].get<std::string>().find_first_of("abcdef") == 0) << a.text;
    expect_consistent(a.body["state"]);
    // A hint names the moves and their lines in letters too.
    const Answer h = server.get(url(a.body["state"], "/hint"));
    ASSERT_EQ(h.status, 200) << h.text;
    for (const json& m : h.body["moves"]) {
        EXPECT_EQ(m["pit"].get<std::string>().size(), 1u) << m;
        EXPECT_TRUE(std::string("ABCDEF").find(m["pit"].get<std::string>()) != std::string::npos) << m;
        for (const json& step : m["pv"]) EXPECT_EQ(step.get<std::string>().size(), 1u) << m;
    }

    // A capture, by two players: the cells taken by name, the state's last_captured the same.
    const Rules rules = make_rules("oware");
    const std::vector<std::string> to_capture = moves_until(rules, [](const play::GameSession& s) {
        return s.last_move() && s.last_move()->result.capture &&
               std::popcount(s.last_move()->result.captured_cells) > 1;
    });
    ASSERT_FALSE(to_capture.empty());
    state = play_names(server, server.create(json{{"rules", "oware"}, {"first", "human"}, {"level", "human"}}),
                       to_capture);
    expect_consistent(state);
    const json& last = state["history"].back();
    ASSERT_GT(last["captured"].get<int>(), 0);
    ASSERT_GT(last["captured_cells"].size(), 1u);  // a chain
    const std::string taker = last["side"];
    for (const json& cell : last["captured_cells"]) {
        // Oware takes from the opponent's row only, and leaves those pits empty.
        const json& names = state["pit_names"][taker == "south" ? "north" : "south"];
        const auto it = std::find(names.begin(), names.end(), cell);
        ASSERT_NE(it, names.end()) << cell;
        EXPECT_EQ(last["after"][taker == "south" ? "north" : "south"][it - names.begin()], 0);
    }
    EXPECT_EQ(last["capture_pit"], last["sowing"].back());  // the pit the last stone fell in
    EXPECT_EQ(state["last_captured"], last["captured_cells"]);
}

// Congklak sows clockwise: the rows are sent in drawing order, mirrored (South's G..A left to
// right, North's a..g), with the stores on the ring (South's on the left).
TEST(ServerApi, PlaysCongklakClockwise) {
    const TestServer server;
    json state = server.create(json{{"rules", "congklak"}, {"first", "human"}, {"level", "human"}});
    EXPECT_EQ(state["rules"]["direction"], "cw");
    EXPECT_EQ(state["rules"]["pits"], 7);
    EXPECT_EQ(state["pit_names"]["south"], json::array({"G", "F", "E", "D", "C", "B", "A"}));
    EXPECT_EQ(state["pit_names"]["north"], json::array({"a", "b", "c", "d", "e", "f", "g"}));
    const Answer a = server.post(url(state, "/moves"), json{{"pit", "A"}});
    ASSERT_EQ(a.status, 200) << a.text;
    const json& move = a.body["moves"][0];
    // A's seven shells: B..G, then South's store (on the ring): an extra turn.
    EXPECT_EQ(move["sowing"], json::array({"B", "C", "D", "E", "F", "G", "South's store"}));
    EXPECT_TRUE(move["extra_turn"]);
    EXPECT_EQ(move["after"]["south"], json::array({8, 8, 8, 8, 8, 8, 0}));  // A drawn on the right
    EXPECT_EQ(move["after"]["south_store"], 1);
    expect_consistent(a.body["state"]);
}

// Toguz Kumalak on its own 9 x 9 board: A..I and a..i, tuzdyks on the board and in moves.
TEST(ServerApi, PlaysToguzKumalakWithATuzdyk) {
    const TestServer server;
    const json start = server.create(json{{"rules", "toguz-kumalak"}, {"first", "human"}, {"level", "human"}});
    EXPECT_EQ(start["rules"]["pits"], 9);
    EXPECT_EQ(start["rules"]["seeds"], 9);
    EXPECT_EQ(start["rules"]["tuzdyk"], true);
    EXPECT_EQ(start["pit_names"]["south"], json::array({"A", "B", "C", "D", "E", "F", "G", "H", "I"}));
    EXPECT_EQ(start["pit_names"]["north"], json::array({"i", "h", "g", "f", "e", "d", "c", "b", "a"}));
    EXPECT_EQ(start["board"]["tuzdyk"], (json{{"south", nullptr}, {"north", nullptr}}));
    // I: the first stone back into I, then a..h.
    Answer a = server.post(url(start, "/moves"), json{{"pit", "I"}});
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body["moves"][0]["sowing"], json::array({"I", "a", "b", "c", "d", "e", "f", "g", "h"}));
    ASSERT_EQ(server.post(url(start, "/undo")).status, 200);
    // A tuzdyk made: named in the move, held on the board from then on, and empty.
    const Rules rules = make_rules("toguz-kumalak");
    const std::vector<std::string> to_tuzdyk = moves_until(
        rules, [](const play::GameSession& s) { return s.last_move() && s.last_move()->result.tuzdyk; });
    ASSERT_FALSE(to_tuzdyk.empty());
    const json state = play_names(server, start, to_tuzdyk);
    expect_consistent(state);
    const json& last = state["history"].back();
    ASSERT_TRUE(last.contains("tuzdyk")) << last;
    const std::string owner = last["side"];
    const std::string row = owner == "south" ? "north" : "south";
    EXPECT_EQ(last["after"]["tuzdyk"][owner], last["tuzdyk"]);
    EXPECT_EQ(state["board"]["tuzdyk"][owner], last["tuzdyk"]);
    EXPECT_TRUE(last["before"]["tuzdyk"][owner].is_null());
    const json& names = state["pit_names"][row];
    const auto it = std::find(names.begin(), names.end(), last["tuzdyk"]);
    ASSERT_NE(it, names.end());
    EXPECT_EQ(state["board"][row][it - names.begin()], 0);
    EXPECT_NE(std::find(last["captured_cells"].begin(), last["captured_cells"].end(), last["tuzdyk"]),
              last["captured_cells"].end());
    // It comes back from the store as it was.
    EXPECT_EQ(server.get(url(state)).body, state);
}

// Must-feed: when the opponent's row is empty, only the moves that give it stones are
// legal; the state says so, and another non-empty pit is refused saying why.
TEST(ServerApi, MustFeedLimitsTheMovesAndSaysSo) {
    const TestServer server;
    const Rules rules = make_rules("oware");
    const std::vector<std::string> moves = moves_until(rules, [](const play::GameSession& s) {
        return !s.is_over() && s.position().row_stones(opponent(s.to_move())) == 0 &&
               s.legal_moves().size() < s.position().nonempty_pits().size();
    });
    ASSERT_FALSE(moves.empty());
    json state =
        play_names(server, server.create(json{{"rules", "oware"}, {"first", "human"}, {"level", "human"}}), moves);
    ASSERT_EQ(state["must_feed"], true) << state;
    expect_consistent(state);
    const std::string side = state["to_move"];
    const json& row = state["board"][side];
    const json& names = state["pit_names"][side];
    std::string unfed;
    for (std::size_t k = 0; k < row.size(); ++k)
        if (row[k].get<int>() > 0 && std::find(state["legal_moves"].begin(), state["legal_moves"].end(),
                                               names[k]) == state["legal_moves"].end())
            unfed = names[k];
    ASSERT_FALSE(unfed.empty());
    const Answer refused = server.post(url(state, "/moves"), json{{"pit", unfed}});
    EXPECT_EQ(refused.status, 409) << refused.text;
    EXPECT_NE(refused.text.find(unfed + " does not feed your opponent"), std::string::npos) << refused.text;
    EXPECT_EQ(server.get(url(state)).body, state);
    // A move that feeds: the opponent has stones again.
    const Answer fed = server.post(url(state, "/moves"), json{{"pit", state["legal_moves"][0]}});
    ASSERT_EQ(fed.status, 200) << fed.text;
    EXPECT_EQ(fed.body["state"]["must_feed"], false);
    expect_consistent(fed.body["state"]);
}

// Oware ends on a repeated position, each side taking the stones of its own row.
TEST(ServerApi, ARepeatedPositionEndsTheGame) {
    const TestServer server;
    const Rules rules = make_rules("oware", 3, 2);
    const std::vector<std::string> moves =
        moves_until(rules, [](const play::GameSession& s) { return s.ended_by_repetition(); });
    ASSERT_FALSE(moves.empty());
    const json state = play_names(
        server,
        server.create(json{{"rules", "oware"}, {"pits", 3}, {"seeds", 2}, {"first", "human"}, {"level", "human"}}),
        moves);
    ASSERT_TRUE(state["over"]) << state;
    EXPECT_TRUE(state["ended_by_repetition"]);
    EXPECT_FALSE(state["history"].back()["game_over"]);  // the rules did not end it: the history did
    expect_consistent(state);
    int south = state["board"]["south_store"];
    int north = state["board"]["north_store"];
    for (const json& c : state["board"]["south"]) south += c.get<int>();
    for (const json& c : state["board"]["north"]) north += c.get<int>();
    EXPECT_EQ(state["result"]["south"], south);
    EXPECT_EQ(state["result"]["north"], north);
    EXPECT_EQ(
        server.post(url(state, "/moves"), json{{"pit", state["pit_names"][state["to_move"].get<std::string>()][0]}})
            .status,
        409);
    // Over, it is kept as it ended (AFinishedGameIsReadOnly).
    EXPECT_EQ(server.post(url(state, "/undo")).status, 409);
    EXPECT_EQ(server.get(url(state)).body, state);
}

TEST(ServerApi, HintScoresEveryMoveBestFirst) {
    const TestServer server;
    const json state = server.create(json{{"first", "human"}, {"pits", 4}, {"seeds", 3}});
    const Answer a = server.get(url(state, "/hint"));
    ASSERT_EQ(a.status, 200) << a.text;
    const json& moves = a.body["moves"];
    ASSERT_EQ(moves.size(), 4u);
    EXPECT_EQ(a.body["best"], moves[0]["pit"]);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        EXPECT_TRUE(moves[i]["score"].is_number());
        EXPECT_TRUE(moves[i]["exact"].is_boolean());
        ASSERT_FALSE(moves[i]["pv"].empty());
        EXPECT_EQ(moves[i]["pv"][0], moves[i]["pit"]);
        if (i > 0) {
            EXPECT_GE(moves[i - 1]["score"].get<double>(), moves[i]["score"].get<double>());
        }
    }
    // Kalah(4,3) is solved: the first player wins by 6, with B3 (docs/SOLVING.md, Solved games); the
    // engine proves it well within the hint's time, unless slowed down (sanitizers).
    if (moves[0]["exact"] == true) {
        EXPECT_EQ(a.body["best"], "B3");
        EXPECT_EQ(moves[0]["score"], 6.0);
    }
    // For North too, when it is North's turn; the game itself is untouched.
    const json north = server.create(json{{"first", "ai"}, {"pits", 3}, {"seeds", 2}});
    const Answer b = server.get(url(north, "/hint"));
    ASSERT_EQ(b.status, 200);
    EXPECT_EQ(b.body["best"].get<std::string>()[0], 'A');
    EXPECT_EQ(server.get(url(north)).body, north);
}

// A page's thinking-time bar needs the bound of a reply, which a level's time= may exceed.
TEST(ServerApi, ListsTheBoundOfAReplysThinking) {
    EXPECT_EQ(TestServer().get("/api/agents").body["max_think_ms"], 5000);
    ServerOptions options;
    options.api.max_think = std::chrono::milliseconds(1500);
    EXPECT_EQ(TestServer(options).get("/api/agents").body["max_think_ms"], 1500);
}

TEST(ServerApi, AnAgentsThinkingIsCappedByMaxThink) {
    ServerOptions options;
    options.api.max_think = std::chrono::milliseconds(200);
    const TestServer server(options);
    const json state = server.create(json{{"first", "ai"}, {"opponent", "engine:time=30s"}});
    const auto start = std::chrono::steady_clock::now();
    const Answer a = server.post(url(state, "/ai-move"));
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_LT(took, std::chrono::seconds(3));
    EXPECT_TRUE(a.body["evaluation"].is_number());
    EXPECT_TRUE(a.body["exact"].is_boolean());
    EXPECT_FALSE(a.body["summary"].get<std::string>().empty());
}

TEST(ServerApi, ConcurrentRequestsToOneGameNeverCorruptIt) {
    const TestServer server;
    const json start = server.create(json{{"first", "human"}, {"pits", 6}, {"seeds", 4}, {"level", "easy"}});
    std::atomic<int> ok{0};
    std::atomic<int> conflicts{0};
    std::atomic<int> other{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 6; ++t) {
        threads.emplace_back([&, t] {
            std::mt19937 random(static_cast<unsigned>(t));
            for (int i = 0; i < 40; ++i) {
                Answer a;
                switch (random() % 4) {
                    case 0:
                        a = server.post(url(start, "/ai-move"));
                        break;
                    case 1:
                        a = server.get(url(start));
                        break;
                    default: {
                        const std::string pit = "B" + std::to_string(2 + random() % 6);
                        a = server.post(url(start, "/moves"), json{{"pit", pit}});
                    }
                }
                if (a.status == 200)
                    ++ok;
                else if (a.status == 409)
                    ++conflicts;
                else
                    ++other;
            }
        });
    }
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(other, 0);
    EXPECT_GT(ok, 0);
    const json state = server.get(url(start)).body;
    expect_consistent(state);
    EXPECT_FALSE(state["history"].empty());
    EXPECT_EQ(state["history"][0]["before"], start["board"]);
}

TEST(ServerApi, ListsLevelsAgentsAndRules) {
    const TestServer server;
    const Answer agents = server.get("/api/agents");
    ASSERT_EQ(agents.status, 200);
    EXPECT_EQ(agents.body["default_level"], "medium");
    std::vector<std::string> level_names;
    for (const json& level : agents.body["levels"]) level_names.push_back(level["name"]);
    EXPECT_EQ(level_names, (std::vector<std::string>{"easy", "medium", "hard", "expert", "perfect", "human"}));
    EXPECT_EQ(agents.body["levels"][1]["spec"], "alphabeta:depth=4");
    EXPECT_EQ(agents.body["kinds"].size(), agents::agent_kinds().size());
    for (const json& kind : agents.body["kinds"]) {
        EXPECT_TRUE(kind["summary"].is_string());
        EXPECT_TRUE(kind["options"].is_string());
        EXPECT_EQ(server.create(json{{"opponent", kind["example"]}, {"pits", 3}})["opponent"]["level"], nullptr);
    }
    for (const json& level : agents.body["levels"])
        EXPECT_EQ(level["databases_only"], level["name"] == "perfect") << level;
    const Answer rules = server.get("/api/rules");
    ASSERT_EQ(rules.status, 200);
    // The catalogue's games, each with its own board and what a page draws; presets by name, as before.
    const auto catalogue = game_catalogue().games();
    ASSERT_EQ(catalogue.size(), 12u);
    ASSERT_EQ(rules.body["games"].size(), catalogue.size());
    ASSERT_EQ(rules.body["presets"].size(), catalogue.size());
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        const GameEntry& game = catalogue[i];
        const json& listed = rules.body["games"][i];
        json expected = rules_object(game.rules);
        expected.erase("preset");
        expected["name"] = game.name;
        expected["description"] = game.description;
        expected["source"] = game.source;
        EXPECT_EQ(listed, expected) << game.name;
        EXPECT_FALSE(listed["description"].get<std::string>().empty());
        EXPECT_EQ(rules.body["presets"][i], (json{{"name", game.name}, {"description", game.description}}));
    }
    EXPECT_EQ(rules.body["games"][0]["name"], "kalah");
    EXPECT_EQ(rules.body["games"][3]["name"], "oware");
    EXPECT_EQ(rules.body["games"][3]["stores_on_ring"], false);
    EXPECT_EQ(rules.body["games"][6]["name"], "congklak");
    EXPECT_EQ(rules.body["games"][6]["direction"], "cw");
    EXPECT_EQ(rules.body["games"][9]["name"], "toguz-kumalak");
    EXPECT_EQ(rules.body["games"][9]["pits"], 9);
    EXPECT_EQ(rules.body["games"][9]["tuzdyk"], true);
    std::vector<std::string> keys;
    for (const json& d : rules.body["dimensions"]) {
        const std::string key = d["key"];
        keys.push_back(key);
        EXPECT_FALSE(d["description"].get<std::string>().empty());
        if (key == "capture-counts") {
            // Free-form: the syntax, no values.
            EXPECT_FALSE(d.contains("values")) << d;
            EXPECT_NE(d["syntax"].get<std::string>().find("2+3"), std::string::npos) << d;
            for (const char* text : {"kalah:capture-counts=none", "oware:capture-counts=even",
                                     "oware:capture-counts=2+3", "oware:capture-counts=4"})
                EXPECT_EQ(server.post("/api/games", json{{"rules", text}}).status, 201) << text;
            continue;
        }
        EXPECT_FALSE(d.contains("syntax")) << d;
        EXPECT_FALSE(d["values"].empty());
        // Every value the page could offer makes a game, or is refused as the core refuses it.
        for (const json& v : d["values"]) {
            const std::string text = fmt::format("kalah:{}={}", key, v["name"].get<std::string>());
            const std::string refusal = core_refusal(text, 3);
            const Answer a = server.post("/api/games", json{{"rules", text}, {"pits", 3}});
            if (refusal.empty()) {
                EXPECT_EQ(a.status, 201) << text << " " << a.text;
            } else {
                EXPECT_EQ(a.status, 400) << text << " " << a.text;
                EXPECT_EQ(a.body["error"], refusal) << text;
            }
        }
    }
    std::vector<std::string> expected_keys;
    for (const RuleDimension& d : rule_dimensions()) expected_keys.emplace_back(d.key);
    EXPECT_EQ(keys, expected_keys);
    EXPECT_EQ(keys.size(), 20u);
    EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + 4),
              (std::vector<std::string>{"capture", "sowing", "end", "extra-turn"}));
    EXPECT_EQ(rules.body["limits"]["pits"], (json{{"min", 1}, {"max", 10}}));
    EXPECT_EQ(rules.body["limits"]["seeds"], (json{{"min", 1}, {"max", 1000}}));
    EXPECT_EQ(rules.body["defaults"]["level"], "medium");
    EXPECT_EQ(server.get("/healthz").body["status"], "ok");
}

// Mangled bodies (random bytes, JSON with fields of every type, cut-off JSON) on every
// route that reads one: always a JSON 4xx (or a success), never a 5xx, never a broken game.
TEST(ServerApi, MangledBodiesNeverCrashOrCorrupt) {
    const TestServer server;
    const json game = server.create(json{{"first", "human"}, {"pits", 4}, {"seeds", 2}, {"level", "easy"}});
    const std::vector<json> values = {nullptr,
                                      true,
                                      -1,
                                      0,
                                      3,
                                      1e300,
                                      "",
                                      "B3",
                                      "kalah",
                                      "easy",
                                      "random",
                                      json::array(),
                                      json::array({1, "B2"}),
                                      json::object(),
                                      "\u0000",
                                      std::string(300, 'x')};
    const std::vector<std::string> keys = {"rules", "pits", "seeds", "first", "level", "opponent", "pit", "x"};
    std::mt19937 random(99);
    for (int i = 0; i < 400; ++i) {
        std::string body;
        switch (i % 3) {
            case 0:
                for (std::size_t n = random() % 40; n > 0; --n) body.push_back(static_cast<char>(random() % 256));
                break;
            case 1: {
                json object = json::object();
                for (std::size_t n = random() % 4; n > 0; --n)
                    object[keys[random() % keys.size()]] = values[random() % values.size()];
                body = object.dump();
                break;
            }
            default: {
                const std::string whole = json{{"pit", "B3"}, {"pits", 4}}.dump();
                body = whole.substr(0, random() % whole.size());
            }
        }
        const std::string path = i % 4 == 0   ? "/api/games"
                                 : i % 4 == 1 ? url(game, "/moves")
                                 : i % 4 == 2 ? url(game, "/undo")
                                              : url(game, "/ai-move");
        const Answer a = server.post(path, body);
        EXPECT_TRUE(a.status == 200 || a.status == 201 || a.status == 400 || a.status == 409)
            << path << " " << json(body).dump(-1, ' ', false, json::error_handler_t::replace) << " -> " << a.status
            << " " << a.text;
        ASSERT_TRUE(a.body.is_object()) << a.text;
        if (a.status >= 400) {
            EXPECT_TRUE(a.body["error"].is_string());
        }
    }
    expect_consistent(server.get(url(game)).body);
}

TEST(ServerApi, ABusyPortIsRefused) {
    const TestServer server;
    HttpServer second{ServerOptions{}};
    EXPECT_THROW(second.bind("127.0.0.1", server.port()), std::runtime_error);
}

TEST(ServerAssets, ServesTheCompiledInPage) {
    const TestServer server;
    ASSERT_FALSE(embedded_assets().empty());
    const Answer index = server.get("/");
    ASSERT_EQ(index.status, 200);
    EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
    bool found = false;
    for (const EmbeddedAsset& asset : embedded_assets()) {
        const Answer a = server.get("/" + std::string(asset.path));
        EXPECT_EQ(a.status, 200) << asset.path;
        EXPECT_EQ(a.text, asset.bytes) << asset.path;
        EXPECT_EQ(a.content_type, content_type_for(asset.path));
        if (asset.path == "index.html") found = (a.text == index.text);
    }
    EXPECT_TRUE(found);
    for (const char* path : {"/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/.hidden", "/index.html/"})
        EXPECT_EQ(server.get(path).status, 404) << path;
}

TEST(ServerAssets, ServesAFolderFromDiskWhenAsked) {
    const auto dir = std::filesystem::temp_directory_path() / ("mancala-assets-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "img");
    std::ofstream(dir / "index.html") << "<p>hello</p>";
    std::ofstream(dir / "style.css") << "p { color: red; }";
    std::ofstream(dir / "img" / "a.svg") << "<svg/>";
    std::ofstream(dir.parent_path() / "secret.txt") << "secret";
    ServerOptions options;
    options.assets = dir;
    {
        const TestServer server(options);
        EXPECT_EQ(server.get("/").text, "<p>hello</p>");
        const Answer css = server.get("/style.css");
        EXPECT_EQ(css.text, "p { color: red; }");
        EXPECT_EQ(css.content_type, "text/css; charset=utf-8");
        EXPECT_EQ(server.get("/img/a.svg").content_type, "image/svg+xml");
        std::ofstream(dir / "style.css") << "p { color: blue; }";  // read again on every request
        EXPECT_EQ(server.get("/style.css").text, "p { color: blue; }");
        EXPECT_EQ(server.get("/../secret.txt").status, 404);
        EXPECT_EQ(server.get("/%2E%2E/secret.txt").status, 404);
        EXPECT_EQ(server.get("/img").status, 404);
    }
    std::filesystem::remove_all(dir);
    std::filesystem::remove(dir.parent_path() / "secret.txt");
}

// The page went out whole on every load, 134 KB with no compression and no validator.
TEST(ServerAssets, SendsThePageGzippedAndRevalidatesItByETag) {
    const TestServer server;
    const auto get = [&](const std::string& path, const std::string& headers) {
        return server.raw("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + headers +
                          "Connection: close\r\n\r\n");
    };
    std::size_t plain_bytes = 0, gzip_bytes = 0;
    for (const EmbeddedAsset& asset : embedded_assets()) {
        const std::string path = "/" + std::string(asset.path);
        const RawExchange plain = get(path, "");
        EXPECT_EQ(plain.body(), asset.bytes) << path;
        EXPECT_EQ(plain.header("Content-Encoding"), "none") << path;
        EXPECT_EQ(plain.header("ETag"), asset.etag) << path;
        const RawExchange zipped = get(path, "Accept-Encoding: br, gzip;q=0.8\r\n");
        if (!asset.gzip.empty()) {
            EXPECT_EQ(zipped.header("Content-Encoding"), "gzip") << path;
            EXPECT_EQ(zipped.header("Vary"), "Accept-Encoding") << path;
            EXPECT_EQ(zipped.body(), asset.gzip) << path;
            EXPECT_TRUE(zipped.body().starts_with("\x1f\x8b")) << path;  // gzip's magic
            EXPECT_LT(asset.gzip.size(), asset.bytes.size()) << path;
        }
        plain_bytes += asset.bytes.size();
        gzip_bytes += asset.gzip.empty() ? asset.bytes.size() : asset.gzip.size();
        EXPECT_EQ(get(path, "Accept-Encoding: gzip;q=0\r\n").body(), asset.bytes) << path;
        // The client's copy is current: 304, no body, no length.
        const RawExchange current = get(path, "If-None-Match: " + std::string(asset.etag) + "\r\n");
        EXPECT_EQ(current.status(), 304) << path << current.received;
        EXPECT_EQ(current.body(), "") << path;
        EXPECT_EQ(current.header("Content-Length"), "none") << path;
        EXPECT_EQ(current.header("ETag"), asset.etag) << path;
        EXPECT_EQ(get(path, "If-None-Match: \"stale\"\r\n").status(), 200) << path;
    }
    EXPECT_LT(gzip_bytes * 2, plain_bytes);  // the page at least halves
}

TEST(ServerAssets, ReadsAcceptEncodingAndIfNoneMatch) {
    for (const char* value : {"gzip", "GZIP", "deflate, gzip", "gzip;q=0.5", "x-gzip", "*", "br;q=1, gzip ; q=0.1"})
        EXPECT_TRUE(accepts_gzip(value)) << value;
    for (const char* value : {"", "deflate", "br", "gzip;q=0", "gzip;q=0.00", "gzipped", "identity"})
        EXPECT_FALSE(accepts_gzip(value)) << value;
    EXPECT_TRUE(etag_matches("\"abc\"", "\"abc\""));
    EXPECT_TRUE(etag_matches("\"x\", \"abc\"", "\"abc\""));
    EXPECT_TRUE(etag_matches("W/\"abc\"", "\"abc\""));
    EXPECT_TRUE(etag_matches("*", "\"abc\""));
    EXPECT_FALSE(etag_matches("\"abd\"", "\"abc\""));
    EXPECT_FALSE(etag_matches("abc", "\"abc\""));
    EXPECT_FALSE(etag_matches("*", ""));  // a file without an ETag is never current
}

TEST(ServerAssets, ContentTypes) {
    EXPECT_EQ(content_type_for("app.js"), "text/javascript; charset=utf-8");
    EXPECT_EQ(content_type_for("a/b.json"), "application/json");
    EXPECT_EQ(content_type_for("x.png"), "image/png");
    EXPECT_EQ(content_type_for("README"), "application/octet-stream");
    EXPECT_EQ(content_type_for(".js"), "application/octet-stream");
}

}  // namespace
}  // namespace mancala::server
