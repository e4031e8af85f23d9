#include "core/rules.hpp"

#include "core/game_catalogue.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala {

namespace {

Rules dimensions_only(Rules rules) {
    rules.pits = 0;
    rules.seeds = 0;
    return rules;
}

void refuse_combination(std::string_view what) { throw std::invalid_argument(std::string(what)); }

}  // namespace

bool kalah_shaped(const Rules& r) {
    return r.stores_on_ring && r.start == SowingStart::Next && !r.skip_start && r.relay_side == RelaySide::Own &&
           r.capture_takes_last && r.capture_counts.empty() && r.grand_slam == GrandSlam::Captures &&
           !r.must_feed && !r.tuzdyk && r.end != EndRule::NoMove && r.leftovers == Leftovers::Own && !r.majority &&
           !r.repetition;
}

// With the own store on the ring no position repeats: a position comes back only if no
// stone reached a store meanwhile (stores never lose stones), so no sowing passed a
// store, so every stone only moved forward within its row, which cannot go on for ever.
bool can_repeat(const Rules& r) { return !r.stores_on_ring; }

std::vector<std::string_view> preset_names() {
    std::vector<std::string_view> names;
    for (const GameEntry& game : game_catalogue().games()) names.push_back(game.name);
    return names;
}

std::string_view preset_description(std::string_view preset) {
    const GameEntry* game = game_catalogue().find(preset);
    return game ? std::string_view(game->description) : std::string_view();
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
    if (rules.extra_turn && !rules.stores_on_ring)
        refuse_combination(
            "extra-turn=yes needs stores-on-ring=yes: with no store on the ring the last stone never reaches one");
    if (rules.start == SowingStart::Origin && rules.skip_start)
        refuse_combination(
            "start=origin and skip-start=yes contradict each other: the first stone goes back in the pit a lap "
            "would skip");
    if (rules.must_feed && rules.end != EndRule::NoMove)
        refuse_combination("must-feed=yes needs end=no-move: a player who cannot feed must end the game");
    if (rules.capture_counts.empty() && (rules.capture_chain || rules.capture_side != CaptureSide::Opponent))
        refuse_combination(fmt::format("{} needs capture-counts: there is no count capture to {}",
                                       rules.capture_chain ? "capture-chain=yes" : "capture-side",
                                       rules.capture_chain ? "chain" : "place"));
    if (rules.relay_side == RelaySide::Both && rules.sowing != SowingRule::Relay)
        refuse_combination("relay-side=both needs sowing=relay");
    if (rules.tuzdyk && rules.pits < 2)
        refuse_combination("tuzdyk=yes needs at least 2 pits a side: a tuzdyk is never the opponent's last pit");
}

Rules make_rules(std::string_view preset, int pits, int seeds) {
    Rules rules = game_catalogue().get(preset).rules;
    rules.pits = pits;
    rules.seeds = seeds;
    validate(rules);
    return rules;
}

Rules make_rules(std::string_view preset) { return game_catalogue().get(preset).rules; }

std::string_view preset_name(const Rules& rules) {
    const Rules wanted = dimensions_only(rules);
    for (const GameEntry& game : game_catalogue().games())
        if (dimensions_only(game.rules) == wanted) return game.name;
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
        case EndRule::NoMove:
            return "no-move";
    }
    return "?";
}

std::string to_string(const CaptureCounts& counts) {
    if (counts.even) return "even";
    std::string text;
    for (int k = 1; k <= kMaxCaptureCount; ++k)
        if (counts.contains(k)) text += fmt::format("{}{}", text.empty() ? "" : "+", k);
    return text.empty() ? "none" : text;
}

std::string describe(const Rules& rules) {
    std::string text = fmt::format("{}({},{}):", rules_string(rules), rules.pits, rules.seeds);
    const Rules defaults;
    const auto dimensions = rule_dimensions();
    for (std::size_t d = 0; d < dimensions.size(); ++d) {
        const std::string value = rule_value(rules, dimensions[d].key);
        if (d >= 4 && value == rule_value(defaults, dimensions[d].key)) continue;
        text += fmt::format(" {}={}", dimensions[d].key, value);
    }
    return text;
}

}  // namespace mancala
