// The reference board of core (Position::apply, legal_moves, notation) held against
// the family's twin in tests/support/reference_family.hpp, which shares no code with
// it: every game of the catalogue and random combinations of the rule dimensions,
// over random games compared after every move, and perft.

#include "core/game_catalogue.hpp"
#include "core/notation.hpp"
#include "core/perft.hpp"
#include "core/position.hpp"
#include "core/rules_string.hpp"
#include "support/reference_family.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace mancala {
namespace {

namespace ref = mancala::reference;

constexpr bool kSanitized = MANCALA_TEST_SANITIZED;  // the sanitizer builds run a tenth of it

/// Games a catalogue game is compared over: 10,000 in the optimised build, fewer
/// under the sanitizers (MANCALA_TWIN_GAMES overrides both, for longer soaks).
int games_per_game() {
    if (const char* env = std::getenv("MANCALA_TWIN_GAMES")) return std::max(1, std::atoi(env));
    return kSanitized ? 100 : 10000;
}

ref::FamilyRules twin_rules(const Rules& rules) {
    std::string text = spelled_out(rules, ";");
    const std::string none = "capture-counts=none";
    if (const auto at = text.find(none); at != std::string::npos) text.replace(at, none.size(), "capture-counts=");
    return ref::parse_family_rules(text);
}

/// The twin's state as a core Position (rows in sowing order in both).
Position as_position(const ref::FamilyState& s) {
    Position p = Position::from_counts(s.south, s.north, s.south_store, s.north_store,
                                       s.to_move == 0 ? Side::South : Side::North);
    p.set_tuzdyk(Side::South, s.south_tuzdyk);
    p.set_tuzdyk(Side::North, s.north_tuzdyk);
    return p;
}

std::vector<int> moves_of(const MoveList& list) { return {list.begin(), list.end()}; }

/// Plays `games` random games on both boards, comparing after every move. Returns
/// the plies played. Games whose positions repeat are cut at `max_plies`.
long compare_random_games(const Rules& rules, int games, unsigned seed, int max_plies = 400) {
    const ref::FamilyRules twin = twin_rules(rules);
    std::mt19937 random(seed);
    long plies = 0;
    for (int game = 0; game < games; ++game) {
        Position core = Position::start(rules);
        ref::FamilyState state = ref::start_state(twin);
        EXPECT_EQ(to_notation(core, rules), ref::to_notation(twin, state)) << describe(rules);
        for (int ply = 0; ply < max_plies; ++ply) {
            const std::vector<int> legal = moves_of(core.legal_moves(rules));
            const bool over = core.is_terminal(rules);
            if (over != state.over && !(ply == 0 && over)) {
                ADD_FAILURE() << describe(rules) << ": over " << over << " against the twin's " << state.over
                              << " at " << to_notation(core, rules);
                return plies;
            }
            if (over) break;
            if (legal != ref::legal_moves(twin, state)) {
                ADD_FAILURE() << describe(rules) << ": legal moves differ at " << to_notation(core, rules);
                return plies;
            }
            const int move = legal[random() % legal.size()];
            const Position before = core;
            const MoveResult r = core.apply(rules, move);
            const ref::FamilyOutcome o = ref::play(twin, state, move);
            ++plies;
            const Position expected = as_position(state);
            if (!(core == expected) || r.extra_turn != o.extra_turn || r.capture != o.capture ||
                r.passed != o.passed || r.game_over != o.game_over || r.captured != o.captured) {
                ADD_FAILURE() << describe(rules) << ": pit " << move << " from " << to_notation(before, rules)
                              << " gives " << to_notation(core, rules) << " (extra turn " << r.extra_turn
                              << ", captured " << r.captured << ", over " << r.game_over << "); the twin gives "
                              << ref::to_notation(twin, state) << " (extra turn " << o.extra_turn << ", captured "
                              << o.captured << ", over " << o.game_over << ")";
                return plies;
            }
            if (game < 20 && to_notation(core, rules) != ref::to_notation(twin, state)) {
                ADD_FAILURE() << describe(rules) << ": notation " << to_notation(core, rules) << " against "
                              << ref::to_notation(twin, state);
                return plies;
            }
            if (r.game_over) break;
        }
    }
    return plies;
}

TEST(FamilyTwin, EveryCatalogueGameAgreesOverRandomGames) {
    const int games = games_per_game();
    unsigned seed = 1;
    for (const GameEntry& game : game_catalogue().games()) {
        const long plies = compare_random_games(game.rules, games, seed++);
        EXPECT_GT(plies, games) << game.name;
        if (HasFailure()) return;
    }
}

TEST(FamilyTwin, CatalogueGamesAgreeOnSmallBoards) {
    unsigned seed = 100;
    for (const GameEntry& game : game_catalogue().games())
        for (int pits = game.rules.tuzdyk ? 2 : 1; pits <= 4; ++pits)
            for (int seeds = 0; seeds <= 5; seeds += pits == 1 ? 1 : 2) {
                Rules rules = game.rules;
                rules.pits = pits;
                rules.seeds = seeds;
                compare_random_games(rules, kSanitized ? 10 : 100, seed++);
                if (HasFailure()) return;
            }
}

/// A random rule set every dimension of which is drawn from its values.
std::optional<Rules> random_rules(std::mt19937& random) {
    static const char* const kCounts[] = {"none", "2+3", "even", "1", "2+4+6", "3", "1+2+3"};
    Rules rules;
    rules.pits = 1 + static_cast<int>(random() % 6);
    rules.seeds = static_cast<int>(random() % 6);
    for (const RuleDimension& d : rule_dimensions()) {
        if (d.values.empty())
            set_rule(rules, d.key, kCounts[random() % std::size(kCounts)]);
        else
            set_rule(rules, d.key, d.values[random() % d.values.size()].name);
    }
    try {
        validate(rules);
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
    return rules;
}

TEST(FamilyTwin, RandomRuleSetsAgree) {
    std::mt19937 random(2026);
    int tried = 0;
    while (tried < (kSanitized ? 30 : 300)) {
        const std::optional<Rules> rules = random_rules(random);
        if (!rules) continue;
        ++tried;
        compare_random_games(*rules, kSanitized ? 3 : 10, static_cast<unsigned>(tried), 200);
        if (HasFailure()) return;
    }
}

TEST(FamilyTwin, PerftAgreesForEveryGame) {
    for (const GameEntry& game : game_catalogue().games()) {
        const ref::FamilyRules twin = twin_rules(game.rules);
        const int depth = kSanitized ? 3 : 5;
        for (int plies = 1; plies <= depth; ++plies)
            EXPECT_EQ(perft(game.rules, Position::start(game.rules), plies),
                      static_cast<std::uint64_t>(ref::reference_perft(twin, ref::start_state(twin), plies)))
                << game.name << " at " << plies << " plies";
    }
}

}  // namespace
}  // namespace mancala
