// Rules strings: a preset, refined dimension by dimension (core/rules_string.hpp).

#include "core/rules_string.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace mancala {
namespace {

std::string refusal(const std::string& text) {
    try {
        parse_rules(text, 6, 4);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    ADD_FAILURE() << "accepted " << text;
    return {};
}

/// Every rule set the dimensions allow.
std::vector<Rules> every_rule_set(int pits, int seeds) {
    std::vector<Rules> all;
    for (const CaptureRule capture : {CaptureRule::Never, CaptureRule::IfOppositeNonEmpty, CaptureRule::Always})
        for (const SowingRule sowing : {SowingRule::Single, SowingRule::Relay})
            for (const EndRule end : {EndRule::EitherRowEmpty, EndRule::BoardEmpty})
                for (const bool extra_turn : {true, false}) {
                    Rules r;
                    r.pits = pits;
                    r.seeds = seeds;
                    r.capture = capture;
                    r.sowing = sowing;
                    r.end = end;
                    r.extra_turn = extra_turn;
                    all.push_back(r);
                }
    return all;
}

TEST(RulesString, APresetAloneIsThePreset) {
    for (const std::string_view name : preset_names()) {
        EXPECT_EQ(parse_rules(name, 5, 3), make_rules(name, 5, 3));
        EXPECT_EQ(rules_string(make_rules(name, 5, 3)), name);
    }
}

TEST(RulesString, RefinementsSetTheirDimensions) {
    const Rules r = parse_rules("kalah:capture=never,extra-turn=no", 4, 3);
    EXPECT_EQ(r.pits, 4);
    EXPECT_EQ(r.seeds, 3);
    EXPECT_EQ(r.capture, CaptureRule::Never);
    EXPECT_EQ(r.sowing, SowingRule::Single);
    EXPECT_EQ(r.end, EndRule::EitherRowEmpty);
    EXPECT_FALSE(r.extra_turn);
    EXPECT_EQ(preset_name(r), "custom");

    const Rules relay = parse_rules("kalah:sowing=relay,end=board-empty", 6, 4);
    EXPECT_EQ(relay.sowing, SowingRule::Relay);
    EXPECT_EQ(relay.end, EndRule::BoardEmpty);
    EXPECT_EQ(relay.capture, CaptureRule::IfOppositeNonEmpty);
}

// A refinement that lands on a preset is that preset: preset_name and the canonical string say so.
TEST(RulesString, ARefinedPresetThatIsAnotherPresetIsNamedAsIt) {
    const Rules r = parse_rules("kalah:capture=always", 6, 4);
    EXPECT_EQ(r, make_rules("homework", 6, 4));
    EXPECT_EQ(preset_name(r), "homework");
    EXPECT_EQ(rules_string(r), "homework");
    EXPECT_EQ(rules_string(parse_rules("homework:capture=always", 6, 4)), "homework");
}

TEST(RulesString, CanonicalStringsNameTheNearestPresetAndTheDimensionsInOrder) {
    EXPECT_EQ(rules_string(parse_rules("kalah:extra-turn=no,capture=always", 6, 4)), "homework:extra-turn=no");
    EXPECT_EQ(rules_string(parse_rules("kalah:extra-turn=no,capture=never", 6, 4)),
              "kalah:capture=never,extra-turn=no");  // kalah and homework differ as much: the first documented
    EXPECT_EQ(rules_string(parse_rules("relay:extra-turn=no", 6, 4)), "relay:extra-turn=no");
    EXPECT_EQ(rules_string(parse_rules("kalah:end=board-empty,sowing=relay", 6, 4)),
              "relay:capture=if-opposite-nonempty");
}

// Every rule set prints as a string that parses back to it, and printing that again changes nothing.
TEST(RulesString, EveryRuleSetRoundTrips) {
    for (const Rules& rules : every_rule_set(5, 2)) {
        const std::string text = rules_string(rules);
        EXPECT_EQ(parse_rules(text, 5, 2), rules) << text;
        EXPECT_EQ(rules_string(parse_rules(text, 5, 2)), text);
        // From any game, spelling out every dimension gives the same rules and the same canonical string.
        for (const std::string_view preset : preset_names()) {
            std::string spelled(preset);
            for (std::size_t d = 0; d < rule_dimensions().size(); ++d) {
                const RuleDimension& dimension = rule_dimensions()[d];
                spelled +=
                    fmt::format("{}{}={}", d == 0 ? ':' : ',', dimension.key, rule_value(rules, dimension.key));
            }
            EXPECT_EQ(parse_rules(spelled, 5, 2), rules) << spelled;
            EXPECT_EQ(rules_string(parse_rules(spelled, 5, 2)), text) << spelled;
        }
    }
}

// Every game of the catalogue, refined by a change of each dimension to each of its
// values, round trips too (where the change can be played).
TEST(RulesString, EveryRefinementOfEveryGameRoundTrips) {
    int checked = 0;
    for (const std::string_view game : preset_names()) {
        const Rules base = make_rules(game);
        for (const RuleDimension& d : rule_dimensions()) {
            std::vector<std::string> values;
            for (const RuleValue& v : d.values) values.emplace_back(v.name);
            if (d.values.empty()) values = {"none", "2+3", "even", "1+2+4+31"};
            for (const std::string& value : values) {
                Rules r = base;
                set_rule(r, d.key, value);
                try {
                    validate(r);
                } catch (const std::invalid_argument&) {
                    continue;
                }
                const std::string text = rules_string(r);
                EXPECT_EQ(parse_rules(text, r.pits, r.seeds), r) << text;
                EXPECT_EQ(rule_value(r, d.key), value);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 500);
}

TEST(RulesString, DescribeNamesRulesThatAreNoPresetByTheirString) {
    EXPECT_EQ(describe(parse_rules("kalah:extra-turn=no", 6, 4)),
              "kalah:extra-turn=no(6,4): capture=if-opposite-nonempty sowing=single end=either-row-empty "
              "extra-turn=no");
}

TEST(RulesString, ValueNamesAreThoseOfTheRules) {
    const auto dims = rule_dimensions();
    ASSERT_EQ(dims.size(), 20u);
    EXPECT_EQ(dims[0].values[static_cast<int>(CaptureRule::Always)].name, to_string(CaptureRule::Always));
    EXPECT_EQ(dims[0].values[static_cast<int>(CaptureRule::Never)].name, to_string(CaptureRule::Never));
    EXPECT_EQ(dims[0].values[static_cast<int>(CaptureRule::IfOppositeNonEmpty)].name,
              to_string(CaptureRule::IfOppositeNonEmpty));
    EXPECT_EQ(dims[1].values[static_cast<int>(SowingRule::Relay)].name, to_string(SowingRule::Relay));
    EXPECT_EQ(dims[2].values[static_cast<int>(EndRule::BoardEmpty)].name, to_string(EndRule::BoardEmpty));
    EXPECT_EQ(dims[3].key, "extra-turn");
}

TEST(RulesString, ErrorsNameTheProblemAndTheChoices) {
    EXPECT_EQ(refusal("owari"),
              "unknown rules 'owari' (choose one of: kalah, homework, relay, oware, awari, bohnenspiel, congklak, "
              "dakon, ayoayo, toguz-kumalak, mangala, vai-lung-thlan)");
    EXPECT_EQ(refusal("kalah:captures=always"),
              "unknown rule 'captures' in rules 'kalah:captures=always' (the rules are: capture, sowing, end, "
              "extra-turn, direction, names, stores-on-ring, start, skip-start, relay-side, capture-takes-last, "
              "capture-counts, capture-side, capture-chain, grand-slam, must-feed, tuzdyk, leftovers, majority, "
              "repetition)");
    EXPECT_EQ(refusal("kalah:capture=sometimes"),
              "bad value 'sometimes' for capture in rules 'kalah:capture=sometimes' (choose one of: never, "
              "if-opposite-nonempty, always)");
    EXPECT_EQ(refusal("kalah:extra-turn=maybe"),
              "bad value 'maybe' for extra-turn in rules 'kalah:extra-turn=maybe' (choose one of: yes, no)");
    EXPECT_EQ(refusal("kalah:capture=never,capture=always"),
              "option 'capture' given twice in rules 'kalah:capture=never,capture=always'");
    EXPECT_NE(refusal("kalah:capture").find("expected key=value"), std::string::npos);
    EXPECT_NE(refusal("kalah:capture=never,").find("trailing comma"), std::string::npos);
    EXPECT_NE(refusal(":capture=never").find("must start with a name"), std::string::npos);
    EXPECT_NE(refusal("").find("must start with a name"), std::string::npos);
    EXPECT_THROW(parse_rules("kalah:extra-turn=no", 17, 4),
                 std::invalid_argument);  // the board size is checked too
    EXPECT_EQ(refusal("oware:capture-counts=2,3"),
              "malformed option '3' in rules 'oware:capture-counts=2,3': expected key=value");
    EXPECT_EQ(refusal("oware:capture-counts=2+x"),
              "bad value '2+x' for capture-counts in rules 'oware:capture-counts=2+x' (write none, even, or counts "
              "from 1 to 31 joined by '+', e.g. 2+3)");
    EXPECT_EQ(refusal("oware:capture-counts=32"),
              "bad value '32' for capture-counts in rules 'oware:capture-counts=32' (write none, even, or counts "
              "from 1 to 31 joined by '+', e.g. 2+3)");
}

// Dimensions that cannot be played together are refused, naming the keys.
TEST(RulesString, CombinationsThatCannotBePlayedAreRefused) {
    EXPECT_EQ(
        refusal("oware:extra-turn=yes"),
        "rules 'oware:extra-turn=yes': extra-turn=yes needs stores-on-ring=yes: with no store on the ring the "
        "last stone never reaches one");
    EXPECT_NE(refusal("toguz-kumalak:skip-start=yes").find("start=origin and skip-start=yes"), std::string::npos);
    EXPECT_NE(refusal("kalah:must-feed=yes").find("must-feed=yes needs end=no-move"), std::string::npos);
    EXPECT_NE(refusal("kalah:capture-chain=yes").find("capture-chain=yes needs capture-counts"), std::string::npos);
    EXPECT_NE(refusal("kalah:capture-side=both").find("capture-side needs capture-counts"), std::string::npos);
    EXPECT_NE(refusal("kalah:relay-side=both").find("relay-side=both needs sowing=relay"), std::string::npos);
    try {
        parse_rules("toguz-kumalak", 1, 9);
        ADD_FAILURE() << "a tuzdyk on one pit accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("tuzdyk=yes needs at least 2 pits"), std::string::npos) << e.what();
    }
}

// A game keeps its own board size unless one is given.
TEST(RulesString, AGameBringsItsBoardSize) {
    EXPECT_EQ(parse_rules("toguz-kumalak").pits, 9);
    EXPECT_EQ(parse_rules("toguz-kumalak").seeds, 9);
    EXPECT_EQ(parse_rules("congklak").pits, 7);
    EXPECT_EQ(parse_rules("oware", 4).pits, 4);
    EXPECT_EQ(parse_rules("oware", 4).seeds, 4);
    EXPECT_EQ(parse_rules("kalah", std::nullopt, 6).seeds, 6);
}

}  // namespace
}  // namespace mancala
