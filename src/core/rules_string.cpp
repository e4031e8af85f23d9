#include "core/rules_string.hpp"

#include "util/spec_string.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

namespace mancala {

namespace {

// Each value list follows its enum's order (CaptureRule, SowingRule, EndRule; extra-turn
// yes, no), so a value's index is the dimension's setting.
constexpr RuleValue kCaptureValues[] = {
    {"never", "no captures"},
    {"if-opposite-nonempty",
     "the last stone in an own empty pit takes it and the opposite pit, if that holds stones"},
    {"always", "as if-opposite-nonempty, even when the opposite pit is empty"},
};
constexpr RuleValue kSowingValues[] = {
    {"single", "one sowing per move"},
    {"relay", "the last stone in a non-empty own pit lifts that pit and sows on"},
};
constexpr RuleValue kEndValues[] = {
    {"either-row-empty", "the game ends when a row is empty; each side stores the stones left in its row"},
    {"board-empty", "a side without stones passes; the game ends when every stone is in a store"},
};
constexpr RuleValue kExtraTurnValues[] = {
    {"yes", "the last stone in the own store earns another move"},
    {"no", "it does not"},
};

constexpr RuleDimension kDimensions[] = {
    {"capture", "when the last stone of a sowing captures", kCaptureValues},
    {"sowing", "how a move sows", kSowingValues},
    {"end", "when the game ends", kEndValues},
    {"extra-turn", "whether the last stone in the own store earns another move", kExtraTurnValues},
};

int setting(const Rules& rules, std::size_t dimension) {
    switch (dimension) {
        case 0:
            return static_cast<int>(rules.capture);
        case 1:
            return static_cast<int>(rules.sowing);
        case 2:
            return static_cast<int>(rules.end);
        default:
            return rules.extra_turn ? 0 : 1;
    }
}

void set(Rules& rules, std::size_t dimension, int value) {
    switch (dimension) {
        case 0:
            rules.capture = static_cast<CaptureRule>(value);
            break;
        case 1:
            rules.sowing = static_cast<SowingRule>(value);
            break;
        case 2:
            rules.end = static_cast<EndRule>(value);
            break;
        default:
            rules.extra_turn = value == 0;
    }
}

std::string joined_keys() {
    std::vector<std::string_view> keys;
    for (const RuleDimension& d : kDimensions) keys.push_back(d.key);
    return fmt::format("{}", fmt::join(keys, ", "));
}

std::string joined_values(const RuleDimension& dimension) {
    std::vector<std::string_view> names;
    for (const RuleValue& v : dimension.values) names.push_back(v.name);
    return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

std::span<const RuleDimension> rule_dimensions() { return kDimensions; }

Rules parse_rules(std::string_view text, int pits, int seeds) {
    const SpecString spec = parse_spec_string(text, "rules");
    Rules rules = make_rules(spec.name, pits, seeds);
    for (const auto& [key, value] : spec.items) {
        std::size_t d = 0;
        while (d < std::size(kDimensions) && kDimensions[d].key != key) ++d;
        if (d == std::size(kDimensions))
            throw std::invalid_argument(
                fmt::format("unknown rule '{}' in rules '{}' (the rules are: {})", key, text, joined_keys()));
        const RuleDimension& dimension = kDimensions[d];
        int index = 0;
        while (index < static_cast<int>(dimension.values.size()) &&
               dimension.values[static_cast<std::size_t>(index)].name != value)
            ++index;
        if (index == static_cast<int>(dimension.values.size()))
            throw std::invalid_argument(fmt::format("bad value '{}' for {} in rules '{}' (choose one of: {})",
                                                    value, key, text, joined_values(dimension)));
        set(rules, d, index);
    }
    return rules;
}

std::string rules_string(const Rules& rules) {
    const std::string_view preset = preset_name(rules);
    if (preset != "custom") return std::string(preset);
    std::string best;
    std::size_t fewest = std::size(kDimensions) + 1;
    for (const std::string_view name : preset_names()) {
        const Rules base = make_rules(name, 1, 0);  // only the dimensions count here
        std::string text(name);
        std::size_t differences = 0;
        for (std::size_t d = 0; d < std::size(kDimensions); ++d) {
            const int value = setting(rules, d);
            if (value == setting(base, d)) continue;
            text += fmt::format("{}{}={}", differences == 0 ? ':' : ',', kDimensions[d].key,
                                kDimensions[d].values[static_cast<std::size_t>(value)].name);
            ++differences;
        }
        if (differences < fewest) {
            fewest = differences;
            best = std::move(text);
        }
    }
    return best;
}

}  // namespace mancala
