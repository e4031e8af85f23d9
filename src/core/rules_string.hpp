#pragma once
// Rules strings: a preset, optionally refined dimension by dimension in the
// grammar of agent specs (util/spec_string.hpp), e.g. "kalah" or
// "kalah:capture=always,extra-turn=no". A rules string names the rule set only;
// the board size (pits per side, seeds per pit) stays a separate option or
// field, as databases are kept per rule set and number of pits.

#include "core/rules.hpp"

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
    std::string_view key;  ///< as written in a rules string: capture, sowing, end, extra-turn
    std::string_view summary;
    std::span<const RuleValue> values;
};

/// Every dimension, in the order rules strings list them.
std::span<const RuleDimension> rule_dimensions();

/// The rules `text` names, on a board of `pits` x `seeds`. Throws std::invalid_argument
/// naming the unknown preset, key or value (and listing the allowed ones), a key given
/// twice, a malformed string, or a bad board size.
Rules parse_rules(std::string_view text, int pits, int seeds);

/// The canonical rules string of `rules` (board size aside): the name of the preset it
/// is when there is one; otherwise the preset that differs in the fewest dimensions
/// (the first documented on a tie) refined by each dimension that differs, in the order
/// of rule_dimensions(). parse_rules(rules_string(r), r.pits, r.seeds) == r.
std::string rules_string(const Rules& rules);

}  // namespace mancala
