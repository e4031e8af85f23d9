#include "core/rules_string.hpp"

#include "core/game_catalogue.hpp"
#include "util/spec_string.hpp"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>
#include <vector>

namespace mancala {

namespace {

// Each value list follows its enum's order (or yes, no for a flag), so that a value's
// index is the dimension's setting.
constexpr RuleValue kCaptureValues[] = {
    {"never", "no opposite captures"},
    {"if-opposite-nonempty",
     "the last stone in an own empty pit takes it and the opposite pit, if that holds stones"},
    {"always", "as if-opposite-nonempty, even when the opposite pit is empty"},
};
constexpr RuleValue kSowingValues[] = {
    {"single", "one sowing per move"},
    {"relay", "the last stone in a pit that held stones lifts that pit and sows on"},
};
constexpr RuleValue kEndValues[] = {
    {"either-row-empty", "the game ends when a row is empty"},
    {"board-empty", "a side without stones passes; the game ends when every stone is in a store"},
    {"no-move", "the game ends when the side due to move has no legal move"},
};
constexpr RuleValue kExtraTurnValues[] = {
    {"yes", "the last stone in the own store earns another move"},
    {"no", "it does not"},
};
constexpr RuleValue kDirectionValues[] = {
    {"ccw", "counter-clockwise: South sows left to right"},
    {"cw", "clockwise: South sows right to left (names and drawings only)"},
};
constexpr RuleValue kNamesValues[] = {
    {"kalah", "B2..B(N+1) for South, A2..A(N+1) for North, as the homework names them"},
    {"letters", "A, B, C... for South and a, b, c... for North, each in its sowing order"},
};
constexpr RuleValue kStoresOnRingValues[] = {
    {"yes", "a sowing drops a stone in the mover's own store"},
    {"no", "stores only hold captures: sowings pass them by"},
};
constexpr RuleValue kStartValues[] = {
    {"next", "the first stone goes in the cell after the emptied pit"},
    {"origin", "the first stone goes back in the emptied pit, unless it held a single stone"},
};
constexpr RuleValue kSkipStartValues[] = {
    {"yes", "a sowing round the board skips the pit it was lifted from"},
    {"no", "that pit gets a stone each lap too"},
};
constexpr RuleValue kRelaySideValues[] = {
    {"own", "relays happen in the mover's own row only"},
    {"both", "relays happen in either row"},
};
constexpr RuleValue kTakesLastValues[] = {
    {"yes", "an opposite capture takes the capturing stone too"},
    {"no", "the capturing stone stays in its pit"},
};
constexpr RuleValue kCaptureSideValues[] = {
    {"opponent", "in the opponent's row"},
    {"own", "in the mover's own row"},
    {"both", "in either row"},
};
constexpr RuleValue kChainValues[] = {
    {"yes", "the pits before a count capture are taken too while each holds a capturing count"},
    {"no", "only the pit where the last stone fell"},
};
constexpr RuleValue kGrandSlamValues[] = {
    {"captures", "a move that takes every stone of the opponent's row takes them"},
    {"no-capture", "such a move is played but captures nothing"},
    {"forbidden", "such a move is illegal unless every legal move is one"},
};
constexpr RuleValue kMustFeedValues[] = {
    {"yes", "when the opponent's row is empty, only moves that give it stones are legal"},
    {"no", "any move is legal"},
};
constexpr RuleValue kTuzdykValues[] = {
    {"yes", "the last stone making an opponent's pit hold 3 may make it the mover's tuzdyk"},
    {"no", "no tuzdyks"},
};
constexpr RuleValue kLeftoversValues[] = {
    {"own", "at the end each side takes the stones left in its own row"},
    {"mover", "at the end the side that moved last takes every stone left"},
    {"emptied", "at the end the side whose row is empty takes every stone left (else as own)"},
};
constexpr RuleValue kMajorityValues[] = {
    {"yes", "the game ends when a store holds more than half of the stones"},
    {"no", "it goes on"},
};
constexpr RuleValue kRepetitionValues[] = {
    {"yes", "a repeated position ends the game; each side takes its own row"},
    {"no", "repetitions do not end the game"},
};

enum class Key : std::uint8_t {
    Capture,
    Sowing,
    End,
    ExtraTurn,
    Direction,
    Names,
    StoresOnRing,
    Start,
    SkipStart,
    RelaySide,
    CaptureTakesLast,
    CaptureCounts,
    CaptureSide,
    CaptureChain,
    GrandSlam,
    MustFeed,
    Tuzdyk,
    Leftovers,
    Majority,
    Repetition,
};

constexpr RuleDimension kDimensions[] = {
    {"capture", "when a last stone in an own empty pit captures the opposite pit", kCaptureValues, {}},
    {"sowing", "how a move sows", kSowingValues, {}},
    {"end", "when the game ends", kEndValues, {}},
    {"extra-turn", "whether the last stone in the own store earns another move", kExtraTurnValues, {}},
    {"direction", "which way the players sow, as seen from above", kDirectionValues, {}},
    {"names", "how pits are named", kNamesValues, {}},
    {"stores-on-ring", "whether a sowing drops stones in the mover's own store", kStoresOnRingValues, {}},
    {"start", "where a sowing's first stone goes", kStartValues, {}},
    {"skip-start", "whether a sowing round the board skips its own pit", kSkipStartValues, {}},
    {"relay-side", "where relay sowing may lift a pit", kRelaySideValues, {}},
    {"capture-takes-last", "whether an opposite capture takes the capturing stone", kTakesLastValues, {}},
    {"capture-counts",
     "the counts a last stone may make a pit hold for it to be taken",
     {},
     "none, even, or counts from 1 to 31 joined by '+', e.g. 2+3"},
    {"capture-side", "the rows where count captures happen", kCaptureSideValues, {}},
    {"capture-chain", "whether a count capture takes the pits before it too", kChainValues, {}},
    {"grand-slam", "a move whose captures would empty the opponent's row", kGrandSlamValues, {}},
    {"must-feed", "whether an empty opponent's row must be given stones", kMustFeedValues, {}},
    {"tuzdyk", "Toguz Kumalak's captured pit", kTuzdykValues, {}},
    {"leftovers", "who takes the stones left on the board at the end", kLeftoversValues, {}},
    {"majority", "whether more than half of the stones in a store ends the game", kMajorityValues, {}},
    {"repetition", "whether a repeated position ends the game", kRepetitionValues, {}},
};

int flag(bool value) { return value ? 0 : 1; }  // yes is the first value, no the second

/// The setting of an enumerated dimension: the index of its value.
int setting(const Rules& r, Key key) {
    switch (key) {
        case Key::Capture:
            return static_cast<int>(r.capture);
        case Key::Sowing:
            return static_cast<int>(r.sowing);
        case Key::End:
            return static_cast<int>(r.end);
        case Key::ExtraTurn:
            return flag(r.extra_turn);
        case Key::Direction:
            return static_cast<int>(r.direction);
        case Key::Names:
            return static_cast<int>(r.names);
        case Key::StoresOnRing:
            return flag(r.stores_on_ring);
        case Key::Start:
            return static_cast<int>(r.start);
        case Key::SkipStart:
            return flag(r.skip_start);
        case Key::RelaySide:
            return static_cast<int>(r.relay_side);
        case Key::CaptureTakesLast:
            return flag(r.capture_takes_last);
        case Key::CaptureCounts:
            return 0;  // free-form: rule_value() formats it
        case Key::CaptureSide:
            return static_cast<int>(r.capture_side);
        case Key::CaptureChain:
            return flag(r.capture_chain);
        case Key::GrandSlam:
            return static_cast<int>(r.grand_slam);
        case Key::MustFeed:
            return flag(r.must_feed);
        case Key::Tuzdyk:
            return flag(r.tuzdyk);
        case Key::Leftovers:
            return static_cast<int>(r.leftovers);
        case Key::Majority:
            return flag(r.majority);
        case Key::Repetition:
            return flag(r.repetition);
    }
    return 0;
}

void set_setting(Rules& r, Key key, int v) {
    const bool yes = v == 0;
    switch (key) {
        case Key::Capture:
            r.capture = static_cast<CaptureRule>(v);
            break;
        case Key::Sowing:
            r.sowing = static_cast<SowingRule>(v);
            break;
        case Key::End:
            r.end = static_cast<EndRule>(v);
            break;
        case Key::ExtraTurn:
            r.extra_turn = yes;
            break;
        case Key::Direction:
            r.direction = static_cast<Direction>(v);
            break;
        case Key::Names:
            r.names = static_cast<PitNaming>(v);
            break;
        case Key::StoresOnRing:
            r.stores_on_ring = yes;
            break;
        case Key::Start:
            r.start = static_cast<SowingStart>(v);
            break;
        case Key::SkipStart:
            r.skip_start = yes;
            break;
        case Key::RelaySide:
            r.relay_side = static_cast<RelaySide>(v);
            break;
        case Key::CaptureTakesLast:
            r.capture_takes_last = yes;
            break;
        case Key::CaptureCounts:
            break;
        case Key::CaptureSide:
            r.capture_side = static_cast<CaptureSide>(v);
            break;
        case Key::CaptureChain:
            r.capture_chain = yes;
            break;
        case Key::GrandSlam:
            r.grand_slam = static_cast<GrandSlam>(v);
            break;
        case Key::MustFeed:
            r.must_feed = yes;
            break;
        case Key::Tuzdyk:
            r.tuzdyk = yes;
            break;
        case Key::Leftovers:
            r.leftovers = static_cast<Leftovers>(v);
            break;
        case Key::Majority:
            r.majority = yes;
            break;
        case Key::Repetition:
            r.repetition = yes;
            break;
    }
}

std::optional<Key> find_key(std::string_view key) {
    for (std::size_t d = 0; d < std::size(kDimensions); ++d)
        if (kDimensions[d].key == key) return static_cast<Key>(d);
    return std::nullopt;
}

const RuleDimension& dimension(Key key) { return kDimensions[static_cast<std::size_t>(key)]; }

std::string joined_keys() {
    std::vector<std::string_view> keys;
    for (const RuleDimension& d : kDimensions) keys.push_back(d.key);
    return fmt::format("{}", fmt::join(keys, ", "));
}

std::string joined_values(const RuleDimension& d) {
    if (d.values.empty()) return std::string(d.syntax);
    std::vector<std::string_view> names;
    for (const RuleValue& v : d.values) names.push_back(v.name);
    return fmt::format("{}", fmt::join(names, ", "));
}

/// "none", "even" or counts joined by '+' ("2+3"), if `value` is one of those.
std::optional<CaptureCounts> parse_counts(std::string_view value) {
    CaptureCounts counts;
    if (value == "none") return counts;
    if (value == "even") {
        counts.even = true;
        return counts;
    }
    for (std::string_view rest = value;;) {
        const auto plus = rest.find('+');
        const std::string_view item = rest.substr(0, plus);
        int n = 0;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), n);
        if (item.empty() || ec != std::errc{} || end != item.data() + item.size() || n < 1 || n > kMaxCaptureCount)
            return std::nullopt;
        counts.counts |= 1u << n;
        if (plus == std::string_view::npos) break;
        rest.remove_prefix(plus + 1);
    }
    return counts;
}

/// Sets dimension `key` to `value` if `value` is one of its values.
bool try_set(Rules& rules, Key key, std::string_view value) {
    if (key == Key::CaptureCounts) {
        const std::optional<CaptureCounts> counts = parse_counts(value);
        if (counts) rules.capture_counts = *counts;
        return counts.has_value();
    }
    const RuleDimension& d = dimension(key);
    for (std::size_t i = 0; i < d.values.size(); ++i)
        if (d.values[i].name == value) {
            set_setting(rules, key, static_cast<int>(i));
            return true;
        }
    return false;
}

/// What a refused value could have been, for messages: "choose one of: yes, no" or "write ...".
std::string value_choices(const RuleDimension& d) {
    return d.values.empty() ? fmt::format("write {}", d.syntax)
                            : fmt::format("choose one of: {}", joined_values(d));
}

std::string value_of(const Rules& rules, Key key) {
    if (key == Key::CaptureCounts) return to_string(rules.capture_counts);
    return std::string(dimension(key).values[static_cast<std::size_t>(setting(rules, key))].name);
}

/// The rules' dimensions with the board size of `board`, to compare dimensions alone.
Rules with_size_of(Rules rules, const Rules& board) {
    rules.pits = board.pits;
    rules.seeds = board.seeds;
    return rules;
}

}  // namespace

std::span<const RuleDimension> rule_dimensions() { return kDimensions; }

std::string rule_value(const Rules& rules, std::string_view key) {
    const std::optional<Key> k = find_key(key);
    if (!k) throw std::invalid_argument(fmt::format("unknown rule '{}' (the rules are: {})", key, joined_keys()));
    return value_of(rules, *k);
}

void set_rule(Rules& rules, std::string_view key, std::string_view value) {
    const std::optional<Key> k = find_key(key);
    if (!k) throw std::invalid_argument(fmt::format("unknown rule '{}' (the rules are: {})", key, joined_keys()));
    if (!try_set(rules, *k, value))
        throw std::invalid_argument(
            fmt::format("bad value '{}' for {} ({})", value, key, value_choices(dimension(*k))));
}

Rules parse_rules(std::string_view text, std::optional<int> pits, std::optional<int> seeds) {
    const SpecString spec = parse_spec_string(text, "rules");
    Rules rules = game_catalogue().get(spec.name).rules;
    if (pits) rules.pits = *pits;
    if (seeds) rules.seeds = *seeds;
    for (const auto& [key, value] : spec.items) {
        const std::optional<Key> k = find_key(key);
        if (!k)
            throw std::invalid_argument(
                fmt::format("unknown rule '{}' in rules '{}' (the rules are: {})", key, text, joined_keys()));
        if (!try_set(rules, *k, value))
            throw std::invalid_argument(fmt::format("bad value '{}' for {} in rules '{}' ({})", value, key, text,
                                                    value_choices(dimension(*k))));
    }
    try {
        validate(rules);
    } catch (const std::invalid_argument& e) {
        if (spec.items.empty()) throw;
        throw std::invalid_argument(fmt::format("rules '{}': {}", text, e.what()));
    }
    return rules;
}

std::string rules_string(const Rules& rules) {
    const std::string_view name = preset_name(rules);
    if (name != "custom") return std::string(name);
    std::string best;
    std::size_t fewest = std::size(kDimensions) + 1;
    for (const GameEntry& game : game_catalogue().games()) {
        const Rules base = with_size_of(game.rules, rules);
        std::string text = game.name;
        std::size_t differences = 0;
        for (std::size_t d = 0; d < std::size(kDimensions); ++d) {
            const Key key = static_cast<Key>(d);
            const std::string value = value_of(rules, key);
            if (value == value_of(base, key)) continue;
            text += fmt::format("{}{}={}", differences == 0 ? ':' : ',', kDimensions[d].key, value);
            ++differences;
        }
        if (differences < fewest) {
            fewest = differences;
            best = std::move(text);
        }
    }
    return best;
}

std::string spelled_out(const Rules& rules, std::string_view separator) {
    std::string text = fmt::format("pits={}{}seeds={}", rules.pits, separator, rules.seeds);
    for (std::size_t d = 0; d < std::size(kDimensions); ++d)
        text += fmt::format("{}{}={}", separator, kDimensions[d].key, value_of(rules, static_cast<Key>(d)));
    return text;
}

}  // namespace mancala
