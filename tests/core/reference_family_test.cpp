// The slow twin of the family rules (support/reference_family), on its own: positions
// worked out by hand from docs/GAMES.md ("Rule dimensions") for every dimension, then
// properties over random games and published perft counts. Nothing here uses src/.
//
// Boards are written as FamilyState holds them: each row in its owner's sowing order
// (index 0 first), so South's pit i faces North's pit N-1-i.

#include "support/reference_family.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mancala::reference {
namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;

// Kalah's settings (every default of the contract), as the rules string writes them.
const std::vector<std::pair<std::string, std::string>> kKalahKeys = {
    {"pits", "6"},
    {"seeds", "4"},
    {"direction", "ccw"},
    {"names", "kalah"},
    {"stores-on-ring", "yes"},
    {"start", "next"},
    {"skip-start", "no"},
    {"sowing", "single"},
    {"relay-side", "own"},
    {"capture", "if-opposite-nonempty"},
    {"capture-takes-last", "yes"},
    {"capture-counts", ""},
    {"capture-side", "opponent"},
    {"capture-chain", "no"},
    {"grand-slam", "captures"},
    {"must-feed", "no"},
    {"extra-turn", "yes"},
    {"tuzdyk", "no"},
    {"end", "either-row-empty"},
    {"leftovers", "own"},
    {"majority", "no"},
    {"repetition", "no"},
};

// The full rules string: Kalah's keys with `overrides` put in their place.
std::string rules_string(const Overrides& overrides) {
    std::string text;
    for (const auto& [key, value] : kKalahKeys) {
        std::string v = value;
        for (const auto& [k, o] : overrides)
            if (k == key) v = o;
        text += (text.empty() ? "" : ";") + key + "=" + v;
    }
    return text;
}

FamilyRules rules_with(const Overrides& overrides) { return parse_family_rules(rules_string(overrides)); }

Overrides with(Overrides base, const Overrides& more) {
    for (const auto& item : more) base.push_back(item);
    return base;
}

const Overrides kOwareKeys = {{"stores-on-ring", "no"},     {"skip-start", "yes"},        {"capture", "never"},
                              {"capture-counts", "2,3"},    {"capture-side", "opponent"}, {"capture-chain", "yes"},
                              {"grand-slam", "no-capture"}, {"must-feed", "yes"},         {"extra-turn", "no"},
                              {"end", "no-move"},           {"leftovers", "own"},         {"majority", "yes"},
                              {"repetition", "yes"},        {"names", "letters"}};
const Overrides kToguzKeys = {
    {"pits", "9"},        {"seeds", "9"},       {"start", "origin"},        {"stores-on-ring", "no"},
    {"extra-turn", "no"}, {"capture", "never"}, {"capture-counts", "even"}, {"tuzdyk", "yes"},
    {"end", "no-move"},   {"majority", "yes"}};
const Overrides kBohnenspielKeys = {{"seeds", "6"},           {"stores-on-ring", "no"},    {"extra-turn", "no"},
                                    {"capture", "never"},     {"capture-counts", "2,4,6"}, {"capture-side", "both"},
                                    {"capture-chain", "yes"}, {"end", "no-move"}};

const FamilyRules kKalah = rules_with({});
const FamilyRules kOware = rules_with(kOwareKeys);
const FamilyRules kToguz = rules_with(kToguzKeys);
const FamilyRules kBohnenspiel = rules_with(kBohnenspielKeys);

FamilyState board(std::vector<int> south, std::vector<int> north, int south_store, int north_store, int to_move) {
    FamilyState s;
    s.south = std::move(south);
    s.north = std::move(north);
    s.south_store = south_store;
    s.north_store = north_store;
    s.to_move = to_move;
    return s;
}

using Row = std::vector<int>;

int total(const FamilyState& s) {
    int sum = s.south_store + s.north_store;
    for (int x : s.south) sum += x;
    for (int x : s.north) sum += x;
    return sum;
}

// ------------------------------------------------------------------------------------
// The rules string

TEST(ReferenceFamily, ParsesTheKalahStringIntoTheDefaults) {
    const std::string text =
        "pits=6;seeds=4;direction=ccw;names=kalah;stores-on-ring=yes;start=next;skip-start=no;sowing=single;"
        "relay-side=own;capture=if-opposite-nonempty;capture-takes-last=yes;capture-counts=;capture-side=opponent;"
        "capture-chain=no;grand-slam=captures;must-feed=no;extra-turn=yes;tuzdyk=no;end=either-row-empty;"
        "leftovers=own;majority=no;repetition=no";
    EXPECT_EQ(parse_family_rules(text), FamilyRules{});
    EXPECT_EQ(to_string(FamilyRules{}), text);
    for (const FamilyRules& r : {kKalah, kOware, kToguz, kBohnenspiel})
        EXPECT_EQ(parse_family_rules(to_string(r)), r);
}

TEST(ReferenceFamily, ReadsEveryKindOfValue) {
    EXPECT_EQ(kOware.capture_counts, (std::set<int>{2, 3}));
    EXPECT_EQ(rules_with(with(kOwareKeys, {{"capture-counts", "2+3"}})), kOware);  // games.ini's spelling
    EXPECT_FALSE(kOware.capture_counts_even);
    EXPECT_TRUE(kToguz.capture_counts_even);
    EXPECT_TRUE(kToguz.capture_counts.empty());
    EXPECT_TRUE(is_capturing_count(kToguz, 2));
    EXPECT_TRUE(is_capturing_count(kToguz, 18));
    EXPECT_FALSE(is_capturing_count(kToguz, 3));
    EXPECT_FALSE(is_capturing_count(kToguz, 0));
    EXPECT_FALSE(is_capturing_count(kKalah, 2));
    EXPECT_EQ(kToguz.pits, 9);
    EXPECT_EQ(kToguz.start, StartRule::Origin);
    EXPECT_EQ(kOware.names, PitNames::Letters);
    EXPECT_EQ(kOware.end, EndRule::NoMove);
    EXPECT_EQ(kOware.grand_slam, GrandSlam::NoCapture);
    EXPECT_EQ(rules_with({{"direction", "cw"}}).direction, Direction::Cw);
    EXPECT_EQ(rules_with({{"pits", "16"}, {"seeds", "0"}}).pits, 16);
}

TEST(ReferenceFamily, RefusesUnknownMissingAndBadKeys) {
    const std::string good = rules_string({});
    EXPECT_NO_THROW(parse_family_rules(good));
    EXPECT_THROW(parse_family_rules(""), std::invalid_argument);
    EXPECT_THROW(parse_family_rules(good + ";colour=red"), std::invalid_argument);
    EXPECT_THROW(parse_family_rules(good + ";pits=6"), std::invalid_argument);  // twice
    EXPECT_THROW(parse_family_rules(good + ";"), std::invalid_argument);
    EXPECT_THROW(parse_family_rules(good.substr(0, good.rfind(';'))), std::invalid_argument);  // no repetition
    for (const Overrides& bad : std::vector<Overrides>{{{"pits", "0"}},
                                                       {{"pits", "17"}},
                                                       {{"pits", "-3"}},
                                                       {{"pits", "six"}},
                                                       {{"seeds", ""}},
                                                       {{"direction", "up"}},
                                                       {{"names", "roman"}},
                                                       {{"stores-on-ring", "maybe"}},
                                                       {{"start", "Origin"}},
                                                       {{"sowing", "double"}},
                                                       {{"capture", "sometimes"}},
                                                       {{"capture-counts", "0"}},
                                                       {{"capture-counts", "2,,3"}},
                                                       {{"capture-counts", "2,x"}},
                                                       {{"capture-counts", "even,2"}},
                                                       {{"capture-side", "left"}},
                                                       {{"grand-slam", "yes"}},
                                                       {{"end", "never"}},
                                                       {{"leftovers", "nobody"}},
                                                       {{"majority", "1"}}}) {
        EXPECT_THROW(rules_with(bad), std::invalid_argument) << rules_string(bad);
    }
}

TEST(ReferenceFamily, RefusesTheCombinationsThatCannotBePlayed) {
    for (const Overrides& bad : std::vector<Overrides>{{{"stores-on-ring", "no"}},  // with extra-turn = yes
                                                       {{"start", "origin"}, {"skip-start", "yes"}},
                                                       {{"must-feed", "yes"}},
                                                       {{"must-feed", "yes"}, {"end", "board-empty"}},
                                                       {{"capture-chain", "yes"}},
                                                       {{"capture-side", "both"}},
                                                       {{"capture-side", "own"}},
                                                       {{"relay-side", "both"}},
                                                       {{"tuzdyk", "yes"}, {"pits", "1"}}}) {
        EXPECT_THROW(rules_with(bad), std::invalid_argument) << rules_string(bad);
    }
    EXPECT_NO_THROW(rules_with({{"stores-on-ring", "no"}, {"extra-turn", "no"}}));
    EXPECT_NO_THROW(rules_with({{"must-feed", "yes"}, {"end", "no-move"}}));
    EXPECT_NO_THROW(rules_with({{"capture-side", "own"}, {"capture-counts", "4"}}));
    EXPECT_NO_THROW(rules_with({{"relay-side", "both"}, {"sowing", "relay"}}));
    EXPECT_NO_THROW(rules_with({{"tuzdyk", "yes"}, {"pits", "2"}}));
}

// ------------------------------------------------------------------------------------
// Positions and notation

TEST(ReferenceFamily, StartAndNotation) {
    const FamilyState start = start_state(kKalah);
    EXPECT_EQ(start.south, Row(6, 4));
    EXPECT_EQ(start.north, Row(6, 4));
    EXPECT_EQ(start.to_move, 0);
    EXPECT_FALSE(start.over);
    EXPECT_EQ(to_notation(kKalah, start), "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S");
    EXPECT_EQ(legal_moves(kKalah, start), (Row{0, 1, 2, 3, 4, 5}));

    // Row A is North's pits N-1..0, row B South's 0..N-1; mirrored when clockwise.
    const FamilyState p = board({1, 2, 3}, {4, 5, 6}, 7, 8, 1);
    const FamilyRules three = rules_with({{"pits", "3"}});
    EXPECT_EQ(to_notation(three, p), "6,5,4/1,2,3/8/7/N");
    EXPECT_EQ(to_notation(rules_with({{"pits", "3"}, {"direction", "cw"}}), p), "4,5,6/3,2,1/8/7/N");

    // A tuzdyk is written X: South's is in North's row, North's in South's.
    const FamilyRules toguz3 = rules_with(with(kToguzKeys, {{"pits", "3"}}));
    FamilyState t = board({1, 0, 3}, {0, 5, 6}, 7, 8, 0);
    t.south_tuzdyk = 0;
    t.north_tuzdyk = 1;
    EXPECT_EQ(to_notation(toguz3, t), "6,5,X/1,X,3/8/7/S");
}

// ------------------------------------------------------------------------------------
// Kalah: extra turn, opposite capture, the end

TEST(ReferenceFamily, KalahExtraTurn) {
    FamilyState s = start_state(kKalah);
    const FamilyOutcome out = play(kKalah, s, 2);  // 4 stones: pits 3, 4, 5 and the store
    EXPECT_TRUE(out.extra_turn);
    EXPECT_FALSE(out.capture);
    EXPECT_FALSE(out.game_over);
    EXPECT_EQ(out.lifts, 1);
    EXPECT_EQ(s.south, (Row{4, 4, 0, 5, 5, 5}));
    EXPECT_EQ(s.south_store, 1);
    EXPECT_EQ(s.to_move, 0);
    EXPECT_EQ(to_notation(kKalah, s), "4,4,4,4,4,4/4,4,0,5,5,5/0/1/S");

    // With extra-turn = no the store still takes the stone, and North moves.
    const FamilyRules no_extra = rules_with({{"extra-turn", "no"}});
    FamilyState t = start_state(no_extra);
    EXPECT_FALSE(play(no_extra, t, 2).extra_turn);
    EXPECT_EQ(t.south_store, 1);
    EXPECT_EQ(t.to_move, 1);
}

TEST(ReferenceFamily, KalahSowingSkipsTheOpponentsStore) {
    // South's pit 5 with 9 stones: store, North's 0..5, (North's store skipped), South's 0, 1.
    FamilyState s = board({1, 1, 1, 1, 1, 9}, {1, 1, 1, 1, 1, 1}, 0, 0, 0);
    play(kKalah, s, 5);
    EXPECT_EQ(s.south, (Row{2, 2, 1, 1, 1, 0}));
    EXPECT_EQ(s.north, (Row{2, 2, 2, 2, 2, 2}));
    EXPECT_EQ(s.south_store, 1);
    EXPECT_EQ(s.north_store, 0);
    EXPECT_EQ(s.to_move, 1);
}

TEST(ReferenceFamily, KalahOppositeCapture) {
    // South's pit 0 (2 stones) ends in South's empty pit 2, opposite North's pit 3.
    FamilyState s = board({2, 0, 0, 0, 0, 1}, {1, 1, 1, 1, 1, 1}, 0, 0, 0);
    FamilyOutcome out = play(kKalah, s, 0);
    EXPECT_TRUE(out.capture);
    EXPECT_EQ(out.captured, 2);
    EXPECT_EQ(s.south, (Row{0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(s.north, (Row{1, 1, 1, 0, 1, 1}));
    EXPECT_EQ(s.south_store, 2);
    EXPECT_EQ(s.to_move, 1);

    // The opposite pit empty: if-opposite-nonempty takes nothing...
    s = board({2, 0, 0, 0, 0, 1}, {1, 1, 1, 0, 1, 1}, 0, 0, 0);
    out = play(kKalah, s, 0);
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(s.south, (Row{0, 1, 1, 0, 0, 1}));
    EXPECT_EQ(s.south_store, 0);

    // ... always takes the last stone alone.
    const FamilyRules always = rules_with({{"capture", "always"}});
    s = board({2, 0, 0, 0, 0, 1}, {1, 1, 1, 0, 1, 1}, 0, 0, 0);
    out = play(always, s, 0);
    EXPECT_TRUE(out.capture);
    EXPECT_EQ(out.captured, 1);
    EXPECT_EQ(s.south, (Row{0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(s.north, (Row{1, 1, 1, 0, 1, 1}));
    EXPECT_EQ(s.south_store, 1);

    // capture-takes-last = no: the capturing stone stays.
    const FamilyRules leave_last = rules_with({{"capture-takes-last", "no"}});
    s = board({2, 0, 0, 0, 0, 1}, {1, 1, 1, 4, 1, 1}, 0, 0, 0);
    out = play(leave_last, s, 0);
    EXPECT_EQ(out.captured, 4);
    EXPECT_EQ(s.south, (Row{0, 1, 1, 0, 0, 1}));
    EXPECT_EQ(s.north, (Row{1, 1, 1, 0, 1, 1}));
    EXPECT_EQ(s.south_store, 4);

    // capture = never.
    const FamilyRules never = rules_with({{"capture", "never"}});
    s = board({2, 0, 0, 0, 0, 1}, {1, 1, 1, 4, 1, 1}, 0, 0, 0);
    EXPECT_FALSE(play(never, s, 0).capture);
    EXPECT_EQ(s.south, (Row{0, 1, 1, 0, 0, 1}));

    // A stone that lands in a pit that held stones captures nothing.
    s = board({2, 0, 3, 0, 0, 1}, {1, 1, 1, 4, 1, 1}, 0, 0, 0);
    EXPECT_FALSE(play(kKalah, s, 0).capture);
    EXPECT_EQ(s.south, (Row{0, 1, 4, 0, 0, 1}));
}

TEST(ReferenceFamily, KalahNorthMovesAndCaptures) {
    // North's pit 5 (3 stones): North's store, South's 0 and 1.
    FamilyState s = board({1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 3}, 0, 0, 1);
    FamilyOutcome out = play(kKalah, s, 5);
    EXPECT_FALSE(out.extra_turn);
    EXPECT_EQ(s.north, (Row{1, 1, 1, 1, 1, 0}));
    EXPECT_EQ(s.south, (Row{2, 2, 1, 1, 1, 1}));
    EXPECT_EQ(s.north_store, 1);
    EXPECT_EQ(s.to_move, 0);

    // North's pit 0 (1 stone) ends in North's empty pit 1, opposite South's pit 4.
    s = board({1, 1, 1, 1, 5, 1}, {1, 0, 1, 1, 1, 1}, 0, 0, 1);
    out = play(kKalah, s, 0);
    EXPECT_EQ(out.captured, 6);
    EXPECT_EQ(s.south, (Row{1, 1, 1, 1, 0, 1}));
    EXPECT_EQ(s.north, (Row{0, 0, 1, 1, 1, 1}));
    EXPECT_EQ(s.north_store, 6);
    EXPECT_EQ(s.to_move, 0);
}

TEST(ReferenceFamily, KalahEndsWhenARowIsEmptyLeftoversOwnOrMover) {
    // South's last stone goes to its store: an extra turn, but South's row is empty.
    FamilyState s = board({0, 0, 0, 0, 0, 1}, {1, 2, 0, 0, 0, 0}, 10, 10, 0);
    FamilyOutcome out = play(kKalah, s, 5);
    EXPECT_TRUE(out.extra_turn);
    EXPECT_TRUE(out.game_over);
    EXPECT_TRUE(s.over);
    EXPECT_EQ(s.south_store, 11);
    EXPECT_EQ(s.north_store, 13);  // leftovers = own: North takes its 3
    EXPECT_EQ(s.north, Row(6, 0));
    EXPECT_TRUE(legal_moves(kKalah, s).empty());
    EXPECT_THROW(play(kKalah, s, 0), std::invalid_argument);

    const FamilyRules mover = rules_with({{"leftovers", "mover"}});
    s = board({0, 0, 0, 0, 0, 1}, {1, 2, 0, 0, 0, 0}, 10, 10, 0);
    EXPECT_TRUE(play(mover, s, 5).game_over);
    EXPECT_EQ(s.south_store, 14);  // South made the last move and takes them all
    EXPECT_EQ(s.north_store, 10);
    EXPECT_EQ(s.north, Row(6, 0));
}

TEST(ReferenceFamily, RefusesIllegalPits) {
    FamilyState s = board({0, 1, 0, 0, 0, 1}, {1, 1, 1, 1, 1, 1}, 0, 0, 0);
    EXPECT_EQ(legal_moves(kKalah, s), (Row{1, 5}));
    EXPECT_THROW(play(kKalah, s, 0), std::invalid_argument);
    EXPECT_THROW(play(kKalah, s, 6), std::invalid_argument);
    EXPECT_THROW(play(kKalah, s, -1), std::invalid_argument);
    EXPECT_EQ(s, board({0, 1, 0, 0, 0, 1}, {1, 1, 1, 1, 1, 1}, 0, 0, 0));
}

// ------------------------------------------------------------------------------------
// Relay sowing

TEST(ReferenceFamily, RelayInTheMoversOwnRow) {
    const FamilyRules relay = rules_with({{"pits", "4"}, {"sowing", "relay"}});
    // Pit 0 (1) -> pit 1 held 1: lift its 2 -> pits 2, 3; pit 3 was empty: capture
    // with North's pit 0 (opposite South's 3).
    FamilyState s = board({1, 1, 0, 0}, {2, 1, 0, 0}, 0, 0, 0);
    const FamilyOutcome out = play(relay, s, 0);
    EXPECT_EQ(out.lifts, 2);
    EXPECT_EQ(out.captured, 3);
    EXPECT_EQ(s.south, (Row{0, 0, 1, 0}));
    EXPECT_EQ(s.north, (Row{0, 1, 0, 0}));
    EXPECT_EQ(s.south_store, 3);
    EXPECT_EQ(s.to_move, 1);
}

TEST(ReferenceFamily, RelayOwnOrBothInTheOpponentsRow) {
    // South's pit 3 (2): store, North's pit 0 (held 1).
    const FamilyRules own = rules_with({{"pits", "4"}, {"sowing", "relay"}});
    FamilyState s = board({1, 0, 0, 2}, {1, 0, 0, 0}, 0, 0, 0);
    FamilyOutcome out = play(own, s, 3);
    EXPECT_EQ(out.lifts, 1);  // not on a relay side
    EXPECT_EQ(s.north, (Row{2, 0, 0, 0}));
    EXPECT_EQ(s.south, (Row{1, 0, 0, 0}));
    EXPECT_EQ(s.south_store, 1);
    EXPECT_EQ(s.to_move, 1);

    const FamilyRules both = rules_with({{"pits", "4"}, {"sowing", "relay"}, {"relay-side", "both"}});
    s = board({1, 0, 0, 2}, {1, 0, 0, 0}, 0, 0, 0);
    out = play(both, s, 3);
    EXPECT_EQ(out.lifts, 2);  // North's pit 0 lifted: its 2 go to North's 1 and 2
    EXPECT_FALSE(out.capture);
    EXPECT_FALSE(out.game_over);
    EXPECT_EQ(s.north, (Row{0, 1, 1, 0}));
    EXPECT_EQ(s.south, (Row{1, 0, 0, 0}));
    EXPECT_EQ(s.south_store, 1);
    EXPECT_EQ(s.to_move, 1);

    // South's row empty after the move: either-row-empty ends it, North takes its 2.
    s = board({0, 0, 0, 2}, {1, 0, 0, 0}, 0, 0, 0);
    out = play(both, s, 3);
    EXPECT_TRUE(out.game_over);
    EXPECT_EQ(s.north, Row(4, 0));
    EXPECT_EQ(s.north_store, 2);
    EXPECT_EQ(s.south_store, 1);
}

TEST(ReferenceFamily, RelayEndsInTheStoreWithAnExtraTurn) {
    const FamilyRules relay = rules_with({{"pits", "4"}, {"sowing", "relay"}});
    // Pit 1 (1) -> pit 2 held 1: lift 2 -> pit 3, store.
    FamilyState s = board({0, 1, 1, 0}, {1, 1, 1, 1}, 0, 0, 0);
    const FamilyOutcome out = play(relay, s, 1);
    EXPECT_EQ(out.lifts, 2);
    EXPECT_TRUE(out.extra_turn);
    EXPECT_EQ(s.south, (Row{0, 0, 0, 1}));
    EXPECT_EQ(s.south_store, 1);
    EXPECT_EQ(s.to_move, 0);
}

TEST(ReferenceFamily, RelayStopsAfterTheLift4096) {
    // One pit a side, stores off the ring, relay in both rows: South's 3 go N, S, N
    // (N held 2: lift its 3: S, N, S; S held 2: lift its 3 ...) for ever. After the
    // 4096th lift (an even one, from North's pit) the move ends where its last stone
    // fell, South's pit with 3, and no count capture is tried though 3 captures.
    const FamilyRules loop = rules_with({{"pits", "1"},
                                         {"sowing", "relay"},
                                         {"relay-side", "both"},
                                         {"stores-on-ring", "no"},
                                         {"extra-turn", "no"},
                                         {"capture", "never"},
                                         {"capture-counts", "3"},
                                         {"capture-side", "both"},
                                         {"end", "board-empty"}});
    FamilyState s = board({3}, {1}, 0, 0, 0);
    const FamilyOutcome out = play(loop, s, 0);
    EXPECT_EQ(out.lifts, 4096);
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(s.south, (Row{3}));
    EXPECT_EQ(s.north, (Row{1}));
    EXPECT_EQ(s.to_move, 1);
    EXPECT_EQ(to_notation(loop, s), "1/3/0/0/N");
}

// ------------------------------------------------------------------------------------
// Oware: count captures, the chain, the big sowing, grand slam, must-feed, majority

TEST(ReferenceFamily, OwareCaptureWithAChainOfThreeHouses) {
    // South's pit 5 (4): North's 0..3 become 1, 2, 3, 2. The last (North's 3, 2) is
    // taken, then North's 2 (3) and 1 (2); North's 0 (1) stops the chain.
    FamilyState s = board({3, 3, 3, 3, 3, 4}, {0, 1, 2, 1, 1, 4}, 10, 10, 0);
    const FamilyOutcome out = play(kOware, s, 5);
    EXPECT_TRUE(out.capture);
    EXPECT_EQ(out.captured, 7);
    EXPECT_FALSE(out.extra_turn);
    EXPECT_FALSE(out.game_over);
    EXPECT_EQ(s.south, (Row{3, 3, 3, 3, 3, 0}));
    EXPECT_EQ(s.north, (Row{1, 0, 0, 0, 1, 4}));
    EXPECT_EQ(s.south_store, 17);
    EXPECT_EQ(s.north_store, 10);
    EXPECT_EQ(s.to_move, 1);
}

TEST(ReferenceFamily, OwareChainStopsAtTheMoversRow) {
    // South's pit 5 (1) makes North's 0 hold 2: taken; walking back reaches South's
    // pit 5, not on the capture side.
    FamilyState s = board({3, 3, 3, 3, 2, 1}, {1, 4, 4, 4, 4, 4}, 10, 10, 0);
    const FamilyOutcome out = play(kOware, s, 5);
    EXPECT_EQ(out.captured, 2);
    EXPECT_EQ(s.north, (Row{0, 4, 4, 4, 4, 4}));
    EXPECT_EQ(s.south, (Row{3, 3, 3, 3, 2, 0}));
    EXPECT_EQ(s.south_store, 12);

    // A count that does not capture (4) takes nothing, chain or not.
    s = board({3, 3, 3, 3, 2, 1}, {3, 2, 2, 4, 4, 4}, 10, 10, 0);
    EXPECT_FALSE(play(kOware, s, 5).capture);
    EXPECT_EQ(s.north, (Row{4, 2, 2, 4, 4, 4}));

    // Without capture-chain only the last pit is taken.
    const FamilyRules no_chain = rules_with(with(kOwareKeys, {{"capture-chain", "no"}}));
    s = board({3, 3, 3, 3, 3, 4}, {0, 1, 2, 1, 1, 4}, 10, 10, 0);
    EXPECT_EQ(play(no_chain, s, 5).captured, 2);
    EXPECT_EQ(s.north, (Row{1, 2, 3, 0, 1, 4}));
}

TEST(ReferenceFamily, OwareTwelveStonesSkipTheOrigin) {
    // South's pit 5 (12): North's 0..5, (store skipped) South's 0..4, (pit 5 skipped)
    // North's 0 again, which then holds 2: taken. The chain walks back to South's 5.
    FamilyState s = board({1, 1, 1, 1, 1, 12}, {0, 5, 5, 5, 5, 5}, 0, 0, 0);
    FamilyOutcome out = play(kOware, s, 5);
    EXPECT_EQ(out.captured, 2);
    EXPECT_EQ(s.south, (Row{2, 2, 2, 2, 2, 0}));
    EXPECT_EQ(s.north, (Row{0, 6, 6, 6, 6, 6}));
    EXPECT_EQ(s.south_store, 2);

    // With skip-start = no the 12th stone goes back into pit 5 and nothing is taken.
    const FamilyRules no_skip = rules_with(with(kOwareKeys, {{"skip-start", "no"}}));
    s = board({1, 1, 1, 1, 1, 12}, {0, 5, 5, 5, 5, 5}, 0, 0, 0);
    out = play(no_skip, s, 5);
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(s.south, (Row{2, 2, 2, 2, 2, 1}));
    EXPECT_EQ(s.north, (Row{1, 6, 6, 6, 6, 6}));

    // From South's pit 0 the 12th stone passes pit 0 and lands in pit 1.
    s = board({12, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1}, 0, 0, 0);
    play(kOware, s, 0);
    EXPECT_EQ(s.south, (Row{0, 2, 1, 1, 1, 1}));
    EXPECT_EQ(s.north, (Row{2, 2, 2, 2, 2, 2}));
}

TEST(ReferenceFamily, GrandSlamCapturesTakesEverything) {
    // South's pit 5 (2) makes North's 0 and 1 hold 2 each: the chain takes North's
    // whole row.
    const FamilyRules captures = rules_with(with(kOwareKeys, {{"grand-slam", "captures"}, {"majority", "no"}}));
    FamilyState s = board({0, 0, 0, 0, 1, 2}, {1, 1, 0, 0, 0, 0}, 10, 10, 0);
    const FamilyOutcome out = play(captures, s, 5);
    EXPECT_EQ(out.captured, 4);
    EXPECT_EQ(s.north, Row(6, 0));
    // North has no move (no-move): over, South takes its last stone.
    EXPECT_TRUE(out.game_over);
    EXPECT_EQ(s.south_store, 15);
    EXPECT_EQ(s.north_store, 10);
    EXPECT_EQ(s.south, Row(6, 0));
}

TEST(ReferenceFamily, GrandSlamNoCapturePutsTheStonesBack) {
    const FamilyRules no_capture = rules_with(with(kOwareKeys, {{"majority", "no"}}));
    FamilyState s = board({0, 0, 0, 0, 1, 2}, {1, 1, 0, 0, 0, 0}, 10, 10, 0);
    EXPECT_EQ(legal_moves(no_capture, s), (Row{4, 5}));
    const FamilyOutcome out = play(no_capture, s, 5);
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(out.captured, 0);
    EXPECT_FALSE(out.game_over);
    EXPECT_EQ(s.north, (Row{2, 2, 0, 0, 0, 0}));
    EXPECT_EQ(s.south, (Row{0, 0, 0, 0, 1, 0}));
    EXPECT_EQ(s.south_store, 10);
    EXPECT_EQ(s.to_move, 1);

    // It holds for an opposite capture too: Kalah's South takes North's only stones.
    const FamilyRules kalah_no_slam = rules_with({{"grand-slam", "no-capture"}});
    s = board({1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 3, 0}, 0, 0, 0);
    EXPECT_FALSE(play(kalah_no_slam, s, 0).capture);
    EXPECT_EQ(s.south, (Row{0, 1, 0, 0, 0, 0}));
    EXPECT_EQ(s.north, (Row{0, 0, 0, 0, 3, 0}));
    EXPECT_EQ(s.south_store, 0);
    s = board({1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 3, 0}, 0, 0, 0);
    EXPECT_EQ(play(kKalah, s, 0).captured, 4);  // grand-slam = captures (and North's row empty: over)
    EXPECT_TRUE(s.over);

    // Taking no stone from the opponent's row is no grand slam: with capture = always
    // the last stone alone is taken though North's row is (still) empty.
    const FamilyRules lone =
        rules_with({{"capture", "always"}, {"grand-slam", "no-capture"}, {"end", "board-empty"}});
    s = board({1, 0, 0, 0, 0, 1}, Row(6, 0), 0, 0, 0);
    const FamilyOutcome alone = play(lone, s, 0);
    EXPECT_EQ(alone.captured, 1);
    EXPECT_EQ(s.south, (Row{0, 0, 0, 0, 0, 1}));
    EXPECT_EQ(s.south_store, 1);
    EXPECT_TRUE(alone.passed);  // North's row is empty: North passes
    EXPECT_EQ(s.to_move, 0);
}

TEST(ReferenceFamily, GrandSlamForbiddenUnlessEveryMoveIsOne) {
    const FamilyRules forbidden = rules_with(with(kOwareKeys, {{"grand-slam", "forbidden"}, {"majority", "no"}}));
    FamilyState s = board({0, 0, 0, 0, 1, 2}, {1, 1, 0, 0, 0, 0}, 10, 10, 0);
    EXPECT_EQ(legal_moves(forbidden, s), (Row{4}));
    EXPECT_THROW(play(forbidden, s, 5), std::invalid_argument);
    play(forbidden, s, 4);
    EXPECT_EQ(s.south, (Row{0, 0, 0, 0, 0, 3}));

    // The only move is a grand slam: it is legal, and it captures.
    s = board({0, 0, 0, 0, 0, 2}, {1, 1, 0, 0, 0, 0}, 10, 10, 0);
    EXPECT_EQ(legal_moves(forbidden, s), (Row{5}));
    const FamilyOutcome out = play(forbidden, s, 5);
    EXPECT_EQ(out.captured, 4);
    EXPECT_EQ(s.south_store, 14);
    EXPECT_TRUE(out.game_over);  // North has nothing left to move
}

TEST(ReferenceFamily, MustFeedRestrictsTheMoves) {
    // North's row is empty: South's pit 3 (1 stone, to pit 4) does not feed; pit 5 does.
    FamilyState s = board({0, 0, 0, 1, 0, 2}, Row(6, 0), 22, 23, 0);
    EXPECT_EQ(legal_moves(kOware, s), (Row{5}));
    EXPECT_THROW(play(kOware, s, 3), std::invalid_argument);
    const FamilyOutcome out = play(kOware, s, 5);
    EXPECT_EQ(s.north, (Row{1, 1, 0, 0, 0, 0}));
    EXPECT_FALSE(out.game_over);
    EXPECT_EQ(s.to_move, 1);

    // Without must-feed every pit with stones is legal.
    const FamilyRules free = rules_with(with(kOwareKeys, {{"must-feed", "no"}}));
    s = board({0, 0, 0, 1, 0, 2}, Row(6, 0), 22, 23, 0);
    EXPECT_EQ(legal_moves(free, s), (Row{3, 5}));
}

TEST(ReferenceFamily, MustFeedEndsTheGameWhenNoMoveFeeds) {
    // North's pit 5 (1) goes to South's pit 0 (1: no capture); North's row is then
    // empty and none of South's single stones reaches it: no move, game over, each
    // takes their own row.
    FamilyState s = board({0, 1, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 1}, 22, 24, 1);
    const FamilyOutcome out = play(kOware, s, 5);
    EXPECT_TRUE(out.game_over);
    EXPECT_TRUE(s.over);
    EXPECT_EQ(s.south_store, 25);
    EXPECT_EQ(s.north_store, 24);
    EXPECT_EQ(s.south, Row(6, 0));
    EXPECT_EQ(s.north, Row(6, 0));
}

TEST(ReferenceFamily, MajorityEndsTheGame) {
    // South's 23 + 2 = 25 of 48: more than half. Leftovers own: 5 and 8 more.
    FamilyState s = board({1, 1, 1, 1, 1, 1}, {1, 2, 3, 1, 1, 1}, 23, 10, 0);
    FamilyOutcome out = play(kOware, s, 5);
    EXPECT_EQ(out.captured, 2);
    EXPECT_TRUE(out.game_over);
    EXPECT_EQ(s.south_store, 30);
    EXPECT_EQ(s.north_store, 18);

    // Leftovers = mover: South takes all 13.
    const FamilyRules mover = rules_with(with(kOwareKeys, {{"leftovers", "mover"}}));
    s = board({1, 1, 1, 1, 1, 1}, {1, 2, 3, 1, 1, 1}, 23, 10, 0);
    out = play(mover, s, 5);
    EXPECT_TRUE(out.game_over);
    EXPECT_EQ(s.south_store, 38);
    EXPECT_EQ(s.north_store, 10);

    // Exactly half is not a majority: 22 + 2 = 24 of 48 plays on.
    s = board({1, 1, 1, 1, 1, 1}, {1, 2, 3, 1, 1, 1}, 22, 11, 0);
    EXPECT_FALSE(play(kOware, s, 5).game_over);
    EXPECT_EQ(s.south_store, 24);

    // majority = no: 25 plays on.
    const FamilyRules no_majority = rules_with(with(kOwareKeys, {{"majority", "no"}}));
    s = board({1, 1, 1, 1, 1, 1}, {1, 2, 3, 1, 1, 1}, 23, 10, 0);
    EXPECT_FALSE(play(no_majority, s, 5).game_over);
}

// ------------------------------------------------------------------------------------
// Toguz Kumalak: the origin start and the tuzdyk

TEST(ReferenceFamily, ToguzFirstStoneGoesBackIntoTheOrigin) {
    FamilyState s = start_state(kToguz);
    FamilyOutcome out = play(kToguz, s, 0);  // 9 stones: pit 0 itself, then 1..8
    EXPECT_EQ(s.south, (Row{1, 10, 10, 10, 10, 10, 10, 10, 10}));
    EXPECT_EQ(s.north, Row(9, 9));
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(s.to_move, 1);

    // Pit 8: itself, then North's 0..7; North's 7 holds 10 (even): taken.
    s = start_state(kToguz);
    out = play(kToguz, s, 8);
    EXPECT_EQ(out.captured, 10);
    EXPECT_EQ(s.south, (Row{9, 9, 9, 9, 9, 9, 9, 9, 1}));
    EXPECT_EQ(s.north, (Row{10, 10, 10, 10, 10, 10, 10, 0, 9}));
    EXPECT_EQ(s.south_store, 10);

    // A single stone goes to the next pit; two go to the pit itself and the next.
    s = board({0, 0, 1, 0, 0, 0, 0, 0, 5}, Row(9, 5), 0, 0, 0);
    play(kToguz, s, 2);
    EXPECT_EQ(s.south, (Row{0, 0, 0, 1, 0, 0, 0, 0, 5}));
    s = board({0, 0, 2, 0, 0, 0, 0, 0, 5}, Row(9, 5), 0, 0, 0);
    play(kToguz, s, 2);
    EXPECT_EQ(s.south, (Row{0, 0, 1, 1, 0, 0, 0, 0, 5}));
}

TEST(ReferenceFamily, ToguzMakesATuzdyk) {
    // South's pit 8 (2): itself, then North's 0, which holds 3: South's tuzdyk.
    FamilyState s = board({1, 1, 1, 1, 1, 1, 1, 1, 2}, {2, 1, 1, 1, 1, 1, 1, 1, 1}, 0, 0, 0);
    const FamilyOutcome out = play(kToguz, s, 8);
    EXPECT_EQ(s.south_tuzdyk, 0);
    EXPECT_EQ(s.north_tuzdyk, -1);
    EXPECT_EQ(s.north, (Row{0, 1, 1, 1, 1, 1, 1, 1, 1}));
    EXPECT_EQ(s.south_store, 3);
    EXPECT_EQ(out.captured, 3);
    EXPECT_EQ(to_notation(kToguz, s), "1,1,1,1,1,1,1,1,X/1,1,1,1,1,1,1,1,1/0/3/N");
    // North may not play it (it is always empty anyway).
    EXPECT_EQ(legal_moves(kToguz, s), (Row{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(ReferenceFamily, ToguzRefusesATuzdyk) {
    // North's last pit (N-1): 10 stones from South's 8 reach North's 8, which holds 3.
    FamilyState s = board({1, 1, 1, 1, 1, 1, 1, 1, 10}, {0, 0, 0, 0, 0, 0, 0, 0, 2}, 0, 0, 0);
    FamilyOutcome out = play(kToguz, s, 8);
    EXPECT_FALSE(out.capture);  // 3 is odd: no count capture either
    EXPECT_EQ(s.south_tuzdyk, -1);
    EXPECT_EQ(s.north, (Row{1, 1, 1, 1, 1, 1, 1, 1, 3}));
    EXPECT_EQ(s.south, (Row{1, 1, 1, 1, 1, 1, 1, 1, 1}));

    // South already has a tuzdyk (North's 4).
    s = board({1, 1, 1, 1, 1, 1, 1, 1, 2}, {2, 1, 1, 1, 0, 1, 1, 1, 1}, 0, 0, 0);
    s.south_tuzdyk = 4;
    out = play(kToguz, s, 8);
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(s.south_tuzdyk, 4);
    EXPECT_EQ(s.north, (Row{3, 1, 1, 1, 0, 1, 1, 1, 1}));

    // North owns South's pit 0 as tuzdyk: South may not take North's pit 0.
    s = board({0, 1, 1, 1, 1, 1, 1, 1, 2}, {2, 1, 1, 1, 1, 1, 1, 1, 1}, 0, 0, 0);
    s.north_tuzdyk = 0;
    EXPECT_EQ(legal_moves(kToguz, s), (Row{1, 2, 3, 4, 5, 6, 7, 8}));
    out = play(kToguz, s, 8);
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(s.south_tuzdyk, -1);
    EXPECT_EQ(s.north, (Row{3, 1, 1, 1, 1, 1, 1, 1, 1}));

    // ... but North's pit 1 it may: 3 stones, itself, North's 0, North's 1 (3).
    s = board({0, 1, 1, 1, 1, 1, 1, 1, 3}, {0, 2, 1, 1, 1, 1, 1, 1, 1}, 0, 0, 0);
    s.north_tuzdyk = 0;
    out = play(kToguz, s, 8);
    EXPECT_EQ(s.south_tuzdyk, 1);
    EXPECT_EQ(out.captured, 3);
    EXPECT_EQ(s.north, (Row{1, 0, 1, 1, 1, 1, 1, 1, 1}));
    EXPECT_EQ(to_notation(kToguz, s), "1,1,1,1,1,1,1,X,1/X,1,1,1,1,1,1,1,1/0/3/N");
}

TEST(ReferenceFamily, ToguzStonesFallingInATuzdykGoToItsOwner) {
    // South owns North's pit 0. North's pit 8 (11): itself, (North's store skipped),
    // South's 0..8, (South's store skipped), North's 0 = South's tuzdyk: to South's
    // store, and the move ends there (no count capture, though South's 8 is even).
    FamilyState s = board({1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 1, 1, 1, 1, 1, 1, 11}, 5, 5, 1);
    s.south_tuzdyk = 0;
    FamilyOutcome out = play(kToguz, s, 8);
    EXPECT_FALSE(out.capture);
    EXPECT_EQ(s.south, Row(9, 2));
    EXPECT_EQ(s.north, (Row{0, 1, 1, 1, 1, 1, 1, 1, 1}));
    EXPECT_EQ(s.south_store, 6);
    EXPECT_EQ(s.north_store, 5);
    EXPECT_EQ(s.to_move, 0);

    // South sowing across its own tuzdyk: that stone goes to South's store.
    s = board({1, 1, 1, 1, 1, 1, 1, 1, 3}, {0, 1, 1, 1, 1, 1, 1, 1, 1}, 5, 5, 0);
    s.south_tuzdyk = 0;
    out = play(kToguz, s, 8);  // itself, North's 0 (tuzdyk), North's 1 (2: even, taken)
    EXPECT_EQ(out.captured, 2);
    EXPECT_EQ(s.south_store, 5 + 1 + 2);
    EXPECT_EQ(s.north, (Row{0, 0, 1, 1, 1, 1, 1, 1, 1}));
    EXPECT_EQ(s.south[8], 1);
}

// ------------------------------------------------------------------------------------
// Bohnenspiel: 2/4/6 on both sides, the chain crossing rows

TEST(ReferenceFamily, BohnenspielChainOnBothSides) {
    // South's pit 4 (3): South's 5 (6), North's 0 (2), North's 1 (4). Taken: North's 1,
    // then back North's 0 and South's own 5; South's 4 (0) stops the chain.
    FamilyState s = board({1, 1, 1, 1, 3, 5}, {1, 3, 1, 1, 1, 1}, 0, 0, 0);
    FamilyOutcome out = play(kBohnenspiel, s, 4);
    EXPECT_EQ(out.captured, 12);
    EXPECT_EQ(s.south, (Row{1, 1, 1, 1, 0, 0}));
    EXPECT_EQ(s.north, (Row{0, 0, 1, 1, 1, 1}));
    EXPECT_EQ(s.south_store, 12);
    EXPECT_EQ(s.to_move, 1);

    // North in its own row: North's 2 (1) makes North's 3 hold 2: taken; North's 2
    // (now empty) stops the chain.
    out = play(kBohnenspiel, s, 2);
    EXPECT_EQ(out.captured, 2);
    EXPECT_EQ(s.north, (Row{0, 0, 0, 0, 1, 1}));
    EXPECT_EQ(s.north_store, 2);

    // With capture-side = opponent the same first move takes North's 1 and 0 only.
    const FamilyRules opponent = rules_with(with(kBohnenspielKeys, {{"capture-side", "opponent"}}));
    s = board({1, 1, 1, 1, 3, 5}, {1, 3, 1, 1, 1, 1}, 0, 0, 0);
    EXPECT_EQ(play(opponent, s, 4).captured, 6);
    EXPECT_EQ(s.south, (Row{1, 1, 1, 1, 0, 6}));

    // capture-side = own: the last stone in North's row takes nothing.
    const FamilyRules own = rules_with(with(kBohnenspielKeys, {{"capture-side", "own"}}));
    s = board({1, 1, 1, 1, 3, 5}, {1, 3, 1, 1, 1, 1}, 0, 0, 0);
    EXPECT_FALSE(play(own, s, 4).capture);
}

TEST(ReferenceFamily, ChainNeverComesBackToWhereItBegan) {
    // Two pits a side, counts 1 and 2 on both sides: South's pit 0 (7) goes S1, N0, N1,
    // S0, S1, N0, N1. Then S0=1, S1=2, N0=2, N1=2: the chain from N1 takes N0, S1, S0
    // and stops before coming back to N1: all 7 stones.
    const FamilyRules round = rules_with({{"pits", "2"},
                                          {"stores-on-ring", "no"},
                                          {"extra-turn", "no"},
                                          {"capture", "never"},
                                          {"capture-counts", "1,2"},
                                          {"capture-side", "both"},
                                          {"capture-chain", "yes"}});
    FamilyState s = board({7, 0}, {0, 0}, 0, 0, 0);
    const FamilyOutcome out = play(round, s, 0);
    EXPECT_EQ(out.captured, 7);
    EXPECT_EQ(s.south_store, 7);
    EXPECT_TRUE(out.game_over);
}

// ------------------------------------------------------------------------------------
// board-empty: passing

TEST(ReferenceFamily, BoardEmptyPassesAndEnds) {
    const FamilyRules rules = rules_with({{"end", "board-empty"}});
    // South's pit 4 (1) to pit 5 (not empty: no capture). North's row is empty: North
    // passes and South moves again.
    FamilyState s = board({0, 0, 0, 0, 1, 1}, Row(6, 0), 10, 12, 0);
    FamilyOutcome out = play(rules, s, 4);
    EXPECT_TRUE(out.passed);
    EXPECT_FALSE(out.extra_turn);
    EXPECT_FALSE(out.game_over);
    EXPECT_EQ(s.to_move, 0);
    EXPECT_EQ(s.south, (Row{0, 0, 0, 0, 0, 2}));

    // Pit 5 (2): store, North's 0. North can move.
    out = play(rules, s, 5);
    EXPECT_FALSE(out.passed);
    EXPECT_EQ(s.to_move, 1);
    EXPECT_EQ(s.north, (Row{1, 0, 0, 0, 0, 0}));
    EXPECT_EQ(s.south_store, 11);

    // An extra turn with an empty row passes to the other player.
    s = board({0, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 0, 0}, 10, 12, 0);
    out = play(rules, s, 5);
    EXPECT_TRUE(out.extra_turn);
    EXPECT_TRUE(out.passed);
    EXPECT_EQ(s.to_move, 1);

    // The last stone of the board into the store: both rows empty, over.
    s = board({0, 0, 0, 0, 0, 1}, Row(6, 0), 10, 12, 0);
    out = play(rules, s, 5);
    EXPECT_TRUE(out.game_over);
    EXPECT_FALSE(out.passed);
    EXPECT_EQ(s.south_store, 11);
}

// ------------------------------------------------------------------------------------
// Repetition (the game driver's business)

TEST(ReferenceFamily, RepetitionIsSeenInTheHistory) {
    const FamilyRules rules = rules_with({{"pits", "2"}, {"end", "board-empty"}, {"capture", "never"}});
    std::vector<FamilyState> history = {board({1, 0}, {1, 0}, 0, 0, 0)};
    EXPECT_FALSE(repeats(history));
    FamilyState s = history.back();
    play(rules, s, 0);  // S1
    history.push_back(s);
    EXPECT_FALSE(repeats(history));
    FamilyState back_again = history.front();
    history.push_back(back_again);
    EXPECT_TRUE(repeats(history));
    // The side to move and the tuzdyks are part of the position.
    history.back().to_move = 1;
    EXPECT_FALSE(repeats(history));
    history.back().to_move = 0;
    history.back().south_tuzdyk = 1;
    EXPECT_FALSE(repeats(history));

    FamilyState end = board({1, 2}, {3, 4}, 5, 6, 0);
    finish_by_repetition(end);
    EXPECT_TRUE(end.over);
    EXPECT_EQ(end.south_store, 8);
    EXPECT_EQ(end.north_store, 13);
    EXPECT_TRUE(legal_moves(rules, end).empty());
}

// ------------------------------------------------------------------------------------
// Perft

TEST(ReferenceFamily, KalahPerft) {
    // 6 and 35 are hand-counted in tests/core/perft_test.cpp; the deeper counts agree
    // with tests/support/naive_board and the fast core of a676981 (Kalah(6,4)).
    const long long expected[] = {6, 35, 185, 942, 4690, 23233};
    const FamilyState start = start_state(kKalah);
    for (int plies = 1; plies <= 6; ++plies)
        EXPECT_EQ(reference_perft(kKalah, start, plies), expected[plies - 1]) << plies << " plies";
    EXPECT_EQ(reference_perft(kKalah, start, 0), 1);
}

TEST(ReferenceFamily, OwarePerftMatchesAalina) {
    // Published by the Aalina engine (joansalasoler/oware, oware-perft-results.txt).
    const long long expected[] = {6, 36, 190, 1014, 5219, 27332, 139157, 711414};
    const FamilyState start = start_state(kOware);
    for (int plies = 1; plies <= 8; ++plies)
        EXPECT_EQ(reference_perft(kOware, start, plies), expected[plies - 1]) << plies << " plies";
}

TEST(ReferenceFamily, PerftCountsNothingAfterTheEnd) {
    // South's only move ends the game (Kalah): one position after 1 ply, none after 2.
    const FamilyState s = board({0, 0, 0, 0, 0, 1}, {1, 2, 0, 0, 0, 0}, 10, 10, 0);
    EXPECT_EQ(reference_perft(kKalah, s, 1), 1);
    EXPECT_EQ(reference_perft(kKalah, s, 2), 0);
}

// ------------------------------------------------------------------------------------
// Properties over random games

// A random rules string that the contract accepts.
FamilyRules random_rules(std::mt19937& rng) {
    auto pick = [&](std::vector<std::string> options) {
        return options[static_cast<std::size_t>(rng() % options.size())];
    };
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const Overrides o = {
            {"pits", std::to_string(1 + rng() % 7)},
            {"seeds", std::to_string(1 + rng() % 5)},
            {"direction", pick({"ccw", "cw"})},
            {"stores-on-ring", pick({"yes", "no"})},
            {"start", pick({"next", "origin"})},
            {"skip-start", pick({"no", "yes"})},
            {"sowing", pick({"single", "relay"})},
            {"relay-side", pick({"own", "both"})},
            {"capture", pick({"if-opposite-nonempty", "always", "never"})},
            {"capture-takes-last", pick({"yes", "no"})},
            {"capture-counts", pick({"", "2,3", "even", "2,4,6", "1", "3"})},
            {"capture-side", pick({"opponent", "own", "both"})},
            {"capture-chain", pick({"no", "yes"})},
            {"grand-slam", pick({"captures", "no-capture", "forbidden"})},
            {"must-feed", pick({"no", "yes"})},
            {"extra-turn", pick({"yes", "no"})},
            {"tuzdyk", pick({"no", "yes"})},
            {"end", pick({"either-row-empty", "board-empty", "no-move"})},
            {"leftovers", pick({"own", "mover"})},
            {"majority", pick({"no", "yes"})},
            {"repetition", pick({"no", "yes"})},
        };
        try {
            return rules_with(o);
        } catch (const std::invalid_argument&) {
            // an unplayable combination: draw again
        }
    }
    return kKalah;
}

// Checks every invariant of one state; returns a description of the first broken one.
std::string broken_invariant(const FamilyRules& r, const FamilyState& s, int stones) {
    if (total(s) != stones) return "stones not conserved";
    for (int x : s.south)
        if (x < 0) return "negative pit";
    for (int x : s.north)
        if (x < 0) return "negative pit";
    if (s.south_tuzdyk >= 0 && s.north[static_cast<std::size_t>(s.south_tuzdyk)] != 0) return "tuzdyk holds stones";
    if (s.north_tuzdyk >= 0 && s.south[static_cast<std::size_t>(s.north_tuzdyk)] != 0) return "tuzdyk holds stones";
    if (!r.tuzdyk && (s.south_tuzdyk >= 0 || s.north_tuzdyk >= 0)) return "tuzdyk without the rule";
    if (s.south_tuzdyk == r.pits - 1 || s.north_tuzdyk == r.pits - 1) return "tuzdyk on the last pit";
    if (s.south_tuzdyk >= 0 && s.south_tuzdyk == s.north_tuzdyk) return "tuzdyks of the same index";
    const std::vector<int> moves = legal_moves(r, s);
    if (s.over) {
        if (!moves.empty()) return "moves after the end";
        for (int x : s.south)
            if (x != 0) return "stones left after the end";
        for (int x : s.north)
            if (x != 0) return "stones left after the end";
        return "";
    }
    const std::vector<int>& row = s.to_move == 0 ? s.south : s.north;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i > 0 && moves[i] <= moves[i - 1]) return "moves not ascending";
        if (row[static_cast<std::size_t>(moves[i])] == 0) return "an empty pit is legal";
    }
    if (moves.empty()) return "no move but not over";
    return "";
}

struct GameReport {
    int plies = 0;
    bool ended = false;
};

// Plays one random game (the driver applies repetition when the rules ask for it).
GameReport random_game(const FamilyRules& r, std::mt19937& rng, int max_plies) {
    FamilyState s = start_state(r);
    const int stones = total(s);
    std::vector<FamilyState> history = {s};
    GameReport report;
    while (!s.over && report.plies < max_plies) {
        const std::vector<int> moves = legal_moves(r, s);
        if (moves.empty()) {
            ADD_FAILURE() << "no move in a game not over: " << to_string(r) << " " << to_notation(r, s);
            return report;
        }
        const int pit = moves[static_cast<std::size_t>(rng() % moves.size())];
        const FamilyState before = s;
        const FamilyOutcome out = play(r, s, pit);
        ++report.plies;
        const std::string broken = broken_invariant(r, s, stones);
        if (!broken.empty()) {
            ADD_FAILURE() << broken << ": " << to_string(r) << " " << to_notation(r, before) << " pit " << pit
                          << " -> " << to_notation(r, s);
            return report;
        }
        if (s.south_store < before.south_store || s.north_store < before.north_store)
            ADD_FAILURE() << "a store lost stones: " << to_string(r) << " " << to_notation(r, before);
        if (out.capture != (out.captured > 0) || out.captured < 0) ADD_FAILURE() << "capture flags disagree";
        if (out.lifts < 1 || out.lifts > 4096) ADD_FAILURE() << "lifts " << out.lifts;
        if (out.passed && r.end != EndRule::BoardEmpty) ADD_FAILURE() << "a pass outside board-empty";
        if (out.extra_turn && !out.passed && !s.over && s.to_move != before.to_move)
            ADD_FAILURE() << "extra turn lost";
        if (out.game_over != s.over) ADD_FAILURE() << "game_over disagrees with the state";
        history.push_back(s);
        if (!s.over && r.repetition && repeats(history)) {
            finish_by_repetition(s);
            if (total(s) != stones) ADD_FAILURE() << "repetition lost stones";
        }
    }
    report.ended = s.over;
    return report;
}

TEST(ReferenceFamily, RandomGamesKeepEveryInvariant) {
    std::mt19937 rng(20240611);
    int ended = 0;
    long long plies = 0;
    for (int set = 0; set < 300; ++set) {
        const FamilyRules r = random_rules(rng);
        for (int game = 0; game < 5; ++game) {
            const GameReport g = random_game(r, rng, 600);
            ended += g.ended ? 1 : 0;
            plies += g.plies;
        }
    }
    EXPECT_GT(ended, 1000);
    EXPECT_GT(plies, 10000);
}

TEST(ReferenceFamily, GamesEndWithinABound) {
    // Kalah, Oware (ended by the driver on repetition), Toguz, Bohnenspiel: random games
    // all end, and well within 1000 plies.
    std::mt19937 rng(99);
    const FamilyRules relay = rules_with({{"sowing", "relay"}, {"capture", "never"}, {"end", "board-empty"}});
    const FamilyRules bohnenspiel_repeating = rules_with(with(kBohnenspielKeys, {{"repetition", "yes"}}));
    for (const FamilyRules& r :
         {kKalah, relay, kOware, kToguz, bohnenspiel_repeating, rules_with({{"pits", "4"}, {"seeds", "3"}}),
          rules_with(with(kOwareKeys, {{"pits", "4"}}))}) {
        int longest = 0;
        for (int game = 0; game < 100; ++game) {
            const GameReport g = random_game(r, rng, 1000);
            EXPECT_TRUE(g.ended) << to_string(r);
            longest = std::max(longest, g.plies);
        }
        EXPECT_LT(longest, 1000) << to_string(r);
    }
}

TEST(ReferenceFamily, ClockwiseNotationIsTheMirrorImage) {
    std::mt19937 rng(5);
    const FamilyRules ccw = rules_with({{"pits", "5"}});
    const FamilyRules cw = rules_with({{"pits", "5"}, {"direction", "cw"}});
    FamilyState s = start_state(ccw);
    for (int ply = 0; ply < 30 && !s.over; ++ply) {
        const std::vector<int> moves = legal_moves(ccw, s);
        EXPECT_EQ(moves, legal_moves(cw, s));  // direction is presentational only
        FamilyState twin = s;
        const int pit = moves[static_cast<std::size_t>(rng() % moves.size())];
        play(ccw, s, pit);
        play(cw, twin, pit);
        EXPECT_EQ(s, twin);
        // Each row of one notation is the other's reversed.
        auto rows = [](const std::string& text) {
            std::vector<std::string> parts;
            std::size_t begin = 0;
            for (std::size_t slash = text.find('/'); slash != std::string::npos; slash = text.find('/', begin)) {
                parts.push_back(text.substr(begin, slash - begin));
                begin = slash + 1;
            }
            parts.push_back(text.substr(begin));
            return parts;
        };
        auto reversed = [](const std::string& row) {
            std::vector<std::string> counts;
            std::size_t begin = 0;
            for (std::size_t comma = row.find(','); comma != std::string::npos; comma = row.find(',', begin)) {
                counts.push_back(row.substr(begin, comma - begin));
                begin = comma + 1;
            }
            counts.push_back(row.substr(begin));
            std::string out;
            for (std::size_t i = counts.size(); i-- > 0;) out += counts[i] + (i > 0 ? "," : "");
            return out;
        };
        const auto a = rows(to_notation(ccw, s));
        const auto b = rows(to_notation(cw, s));
        ASSERT_EQ(a.size(), 5u);
        ASSERT_EQ(b.size(), 5u);
        EXPECT_EQ(a[0], reversed(b[0]));
        EXPECT_EQ(a[1], reversed(b[1]));
        EXPECT_EQ(a[2], b[2]);
        EXPECT_EQ(a[3], b[3]);
        EXPECT_EQ(a[4], b[4]);
    }
}

}  // namespace
}  // namespace mancala::reference
