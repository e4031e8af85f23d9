// The catalogue of games (core/game_catalogue.hpp): the built-in games, inheritance,
// a user's own file, every refusal naming the file, the line and the field, and
// docs/GAMES.md showing each game's section as the binary has it.

#include "core/game_catalogue.hpp"
#include "core/rules_string.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace mancala {
namespace {

std::string refusal(std::string_view text) {
    GameCatalogue catalogue;
    catalogue.add(builtin_games_text(), "built in");
    try {
        catalogue.add(text, "my.ini");
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    ADD_FAILURE() << "accepted:\n" << text;
    return {};
}

TEST(GameCatalogue, TheBuiltInGamesHaveADescriptionASourceAndAPlayableBoard) {
    const auto games = game_catalogue().games();
    ASSERT_GE(games.size(), 12u);
    for (const GameEntry& g : games) {
        EXPECT_FALSE(g.description.empty()) << g.name;
        EXPECT_NE(g.source, "not given") << g.name;
        EXPECT_EQ(g.origin, "built in");
        EXPECT_NO_THROW(validate(g.rules)) << g.name;
        EXPECT_EQ(preset_name(g.rules), g.name) << "two games have the same dimensions";
        EXPECT_EQ(parse_rules(g.name), g.rules);
        EXPECT_EQ(rules_string(g.rules), g.name);
    }
    EXPECT_EQ(games[0].name, "kalah");
    const std::vector<std::string_view> names = preset_names();
    for (const char* wanted : {"kalah", "homework", "relay", "oware", "awari", "bohnenspiel", "congklak", "dakon",
                               "ayoayo", "toguz-kumalak"})
        EXPECT_NE(std::find(names.begin(), names.end(), wanted), names.end()) << wanted;
}

TEST(GameCatalogue, AChildStartsFromItsParent) {
    const Rules oware = parse_rules("oware");
    const Rules awari = parse_rules("awari");
    EXPECT_EQ(game_catalogue().get("awari").parent, "oware");
    EXPECT_EQ(awari.grand_slam, GrandSlam::Forbidden);
    EXPECT_FALSE(awari.majority);
    Rules same = awari;
    same.grand_slam = oware.grand_slam;
    same.majority = oware.majority;
    EXPECT_EQ(same, oware);  // every other key inherited
    EXPECT_EQ(parse_rules("homework").capture, CaptureRule::Always);
}

TEST(GameCatalogue, AUsersFileAddsGames) {
    GameCatalogue catalogue;
    catalogue.add(builtin_games_text(), "built in");
    catalogue.add(
        "; my games\n"
        "# two comment styles\n"
        "\n"
        "[oware-8:oware]\n"
        "description = Oware on eight houses a side\n"
        "pits = 8\n"
        "  [quick]  \n"
        "description = a Kalah of two stones a pit\n"
        "seeds = 2\n"
        "capture = always\n",
        "my.ini");
    const GameEntry* big = catalogue.find("oware-8");
    ASSERT_NE(big, nullptr);
    EXPECT_EQ(big->rules.pits, 8);
    EXPECT_EQ(big->rules.seeds, 4);
    EXPECT_TRUE(big->rules.must_feed);
    EXPECT_EQ(big->origin, "my.ini");
    EXPECT_EQ(big->source, game_catalogue().get("oware").source);  // inherited with the rules
    const GameEntry* quick = catalogue.find("quick");
    ASSERT_NE(quick, nullptr);
    EXPECT_EQ(quick->rules.pits, 6);  // a root game starts from Kalah's defaults
    EXPECT_EQ(quick->rules.seeds, 2);
    EXPECT_EQ(quick->source, "not given");
}

TEST(GameCatalogue, RefusalsNameTheFileTheLineAndTheField) {
    EXPECT_EQ(refusal("[x]\ndescription = d\ncaptures = always\n"),
              "my.ini:3: unknown key 'captures' in [x] (the keys are: description, source, pits, seeds and the "
              "rules' dimensions; `mancala games --help` lists them)");
    EXPECT_EQ(
        refusal("[x]\ndescription = d\ncapture = sometimes\n"),
        "my.ini:3: bad value 'sometimes' for capture in [x] (choose one of: never, if-opposite-nonempty, always)");
    EXPECT_EQ(
        refusal("[x:owari]\ndescription = d\n"),
        "my.ini:1: game 'x' inherits from unknown game 'owari' (the games are: kalah, homework, relay, oware, "
        "awari, bohnenspiel, congklak, dakon, ayoayo, toguz-kumalak, mangala, vai-lung-thlan)");
    EXPECT_EQ(refusal("[oware]\ndescription = d\n"), "my.ini:1: game 'oware' is already defined (built in)");
    EXPECT_EQ(refusal("[x]\ndescription = d\n[x]\ndescription = e\n"),
              "my.ini:3: game 'x' is already defined (earlier in this file)");
    EXPECT_EQ(refusal("pits = 6\n"), "my.ini:1: a key before the first [game] section");
    EXPECT_EQ(refusal("[x]\npits = 6\n"), "my.ini:1: game 'x' has no description");
    EXPECT_EQ(refusal("[x]\ndescription = d\npits = six\n"),
              "my.ini:3: pits of [x] must be a whole number, got 'six'");
    EXPECT_EQ(refusal("[x]\ndescription = d\npits = 17\n"),
              "my.ini:1: game 'x' cannot be played: pits per side must be between 1 and 16, got 17");
    EXPECT_EQ(refusal("[x:oware]\ndescription = d\nextra-turn = yes\n"),
              "my.ini:1: game 'x' cannot be played: extra-turn=yes needs stores-on-ring=yes: with no store on the "
              "ring the last stone never reaches one");
    EXPECT_EQ(refusal("[x]\ndescription = d\npits = 6\npits = 7\n"), "my.ini:4: key 'pits' given twice in [x]");
    EXPECT_EQ(refusal("[x]\ndescription\n"), "my.ini:2: 'description' is not key = value");
    EXPECT_EQ(refusal("[x]\ndescription =\n"), "my.ini:2: key 'description' of [x] has no value");
    EXPECT_EQ(refusal("[X Y]\n"),
              "my.ini:1: 'X Y' is not a game name: use lower-case letters, digits, '-' and '_'");
    EXPECT_EQ(refusal("[x\n"), "my.ini:1: '[x' is not a section header: write [name] or [name:parent]");
    EXPECT_EQ(
        refusal("[x]\ndescription = d\ncapture-counts = 2,3\n"),
        "my.ini:3: bad value '2,3' for capture-counts in [x] (write none, even, or counts from 1 to 31 joined by "
        "'+', e.g. 2+3)");
}

TEST(GameCatalogue, ARefusedFileAddsNothing) {
    GameCatalogue catalogue;
    catalogue.add(builtin_games_text(), "built in");
    const std::size_t before = catalogue.games().size();
    EXPECT_THROW(catalogue.add("[good]\ndescription = d\n[bad]\ndescription = d\npits = 0\n", "my.ini"),
                 std::invalid_argument);
    EXPECT_EQ(catalogue.games().size(), before);
    EXPECT_EQ(catalogue.find("good"), nullptr);
}

TEST(GameCatalogue, LoadingAFileThatIsNotThereNamesIt) {
    try {
        load_games_file("/nonexistent/games.ini");
        ADD_FAILURE() << "a missing file loaded";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/games.ini"), std::string::npos) << e.what();
    }
}

/// The sections of an INI text as name -> their lines (key = value, in order).
std::map<std::string, std::vector<std::string>> sections(const std::string& text) {
    std::map<std::string, std::vector<std::string>> out;
    std::istringstream in(text);
    std::string current;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == ';' || line[0] == '#') continue;
        if (line[0] == '[') {
            current = line;
            out[current];
        } else if (!current.empty()) {
            out[current].push_back(line);
        }
    }
    return out;
}

// Every game's section in docs/GAMES.md is the one compiled into the binary.
TEST(GameCatalogue, TheGuideShowsEverySectionAsBuiltIn) {
    std::ifstream in(std::string(MANCALA_TEST_SOURCE) + "/../docs/GAMES.md");
    ASSERT_TRUE(in) << "docs/GAMES.md";
    std::stringstream whole;
    whole << in.rdbuf();
    const std::string guide = whole.str();
    std::string blocks;
    for (std::size_t at = guide.find("```ini\n"); at != std::string::npos; at = guide.find("```ini\n", at)) {
        const std::size_t end = guide.find("```", at + 7);
        blocks += guide.substr(at + 7, end - at - 7);
        at = end + 3;
    }
    const auto documented = sections(blocks);
    const auto built_in = sections(std::string(builtin_games_text()));
    EXPECT_EQ(documented, built_in);
}

}  // namespace
}  // namespace mancala
