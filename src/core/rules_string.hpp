#pragma once
// Rules strings: a game of the catalogue (core/game_catalogue.hpp), optionally
// refined dimension by dimension in the grammar of agent specs
// (util/spec_string.hpp), e.g. "kalah", "oware" or "kalah:capture=always,extra-turn=no".
// A rules string names the rule set only; the board size (pits per side, seeds per
// pit) stays a separate option or field, as databases are kept per rule set and
// number of pits.

#include "core/rules.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mancala {

struct RuleValue {
    std::string_view name;
    std::string_view meaning;
};

/// One dimension of the rules and the values it takes.
struct RuleDimension {
    std::string_view key;  ///< as written in a rules string and a catalogue: capture, must-feed, ...
    std::string_view summary;
    /// The values, in the order of the dimension's enum (yes before no); empty for
    /// capture-counts, whose values are free-form (`syntax` says which).
    std::span<const RuleValue> values;
    std::string_view syntax;  ///< for free-form values: what they look like
};

/// Every dimension, in the order rules strings list them.
std::span<const RuleDimension> rule_dimensions();

/// The value `rules` has for the dimension `key` ("yes", "if-opposite-nonempty", "2+3"...).
/// Precondition: `key` is one of rule_dimensions().
std::string rule_value(const Rules& rules, std::string_view key);

/// Sets the dimension `key` of `rules` to `value`. Throws std::invalid_argument
/// ("unknown rule 'x' (the rules are: ...)", "bad value 'v' for key (choose one of: ...)").
void set_rule(Rules& rules, std::string_view key, std::string_view value);

/// The rules `text` names, on a board of `pits` x `seeds` (none: the game's own size).
/// Throws std::invalid_argument naming the unknown game, key or value (and listing the
/// allowed ones), a key given twice, a malformed string, a bad board size, or dimensions
/// that cannot be played together.
Rules parse_rules(std::string_view text, std::optional<int> pits = std::nullopt,
                  std::optional<int> seeds = std::nullopt);

/// The canonical rules string of `rules` (board size aside): the name of the game it is
/// when there is one; otherwise the game that differs in the fewest dimensions (the first
/// in the catalogue on a tie) refined by each dimension that differs, in the order of
/// rule_dimensions(). parse_rules(rules_string(r), r.pits, r.seeds) == r.
std::string rules_string(const Rules& rules);

/// Every dimension spelled out, "key=value" joined by `separator`, in the order of
/// rule_dimensions() (pits and seeds first): for tests that hold core against a model
/// of their own, and for logs.
std::string spelled_out(const Rules& rules, std::string_view separator = ";");

}  // namespace mancala
