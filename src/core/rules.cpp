#include "core/rules.hpp"

#include "core/rules_string.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala {

namespace {

struct Preset {
    std::string_view name;
    std::string_view description;
    CaptureRule capture;
    SowingRule sowing;
    EndRule end;
};

constexpr Preset kPresets[] = {
    {"kalah",
     "standard Kalah: the last stone in your own empty pit captures it and the opposite pit, "
     "if that holds stones; the last stone in your store earns another move",
     CaptureRule::IfOppositeNonEmpty, SowingRule::Single, EndRule::EitherRowEmpty},
    {"homework", "empty capture: as Kalah, but the capture happens even when the opposite pit is empty",
     CaptureRule::Always, SowingRule::Single, EndRule::EitherRowEmpty},
    {"relay",
     "relay sowing: the last stone in a non-empty own pit lifts it and sows on; no captures; "
     "a player without stones passes; the game ends when every stone is in a store",
     CaptureRule::Never, SowingRule::Relay, EndRule::BoardEmpty},
};

}  // namespace

std::vector<std::string_view> preset_names() {
    std::vector<std::string_view> names;
    for (const Preset& p : kPresets) names.push_back(p.name);
    return names;
}

std::string_view preset_description(std::string_view preset) {
    for (const Preset& p : kPresets)
        if (p.name == preset) return p.description;
    return {};
}

void validate(const Rules& rules) {
    if (rules.pits < 1 || rules.pits > kMaxPits)
        throw std::invalid_argument(
            fmt::format("pits per side must be between 1 and {}, got {}", kMaxPits, rules.pits));
    if (rules.seeds < 0)
        throw std::invalid_argument(fmt::format("seeds per pit must not be negative, got {}", rules.seeds));
    const long long total = 2LL * rules.pits * rules.seeds;
    if (total > kMaxTotalStones)
        throw std::invalid_argument(
            fmt::format("a board of 2x{} pits with {} seeds holds {} stones, more than the limit of {}", rules.pits,
                        rules.seeds, total, kMaxTotalStones));
}

Rules make_rules(std::string_view preset, int pits, int seeds) {
    for (const Preset& p : kPresets) {
        if (p.name != preset) continue;
        Rules rules{pits, seeds, p.capture, p.sowing, p.end, true};
        validate(rules);
        return rules;
    }
    throw std::invalid_argument(
        fmt::format("unknown rules '{}' (choose one of: {})", preset, fmt::join(preset_names(), ", ")));
}

std::string_view preset_name(const Rules& rules) {
    for (const Preset& p : kPresets)
        if (rules.capture == p.capture && rules.sowing == p.sowing && rules.end == p.end && rules.extra_turn)
            return p.name;
    return "custom";
}

std::string_view to_string(CaptureRule rule) {
    switch (rule) {
        case CaptureRule::Never:
            return "never";
        case CaptureRule::IfOppositeNonEmpty:
            return "if-opposite-nonempty";
        case CaptureRule::Always:
            return "always";
    }
    return "?";
}

std::string_view to_string(SowingRule rule) {
    switch (rule) {
        case SowingRule::Single:
            return "single";
        case SowingRule::Relay:
            return "relay";
    }
    return "?";
}

std::string_view to_string(EndRule rule) {
    switch (rule) {
        case EndRule::EitherRowEmpty:
            return "either-row-empty";
        case EndRule::BoardEmpty:
            return "board-empty";
    }
    return "?";
}

std::string describe(const Rules& rules) {
    return fmt::format("{}({},{}): capture={} sowing={} end={} extra-turn={}", rules_string(rules), rules.pits,
                       rules.seeds, to_string(rules.capture), to_string(rules.sowing), to_string(rules.end),
                       rules.extra_turn ? "yes" : "no");
}

}  // namespace mancala
