#pragma once
// The grammar shared by agent specs and rules strings: `name` or
// `name:key=value,key=value`, e.g. "alphabeta:depth=6" or
// "kalah:capture=always,extra-turn=no". Names and keys are words of letters,
// digits, '-' and '_'; a value is any non-empty text without a comma.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mancala {

struct SpecString {
    std::string name;
    std::vector<std::pair<std::string, std::string>> items;  ///< in the order given, each key once
};

/// Splits `text`; throws std::invalid_argument naming `what` ("agent spec", "rules")
/// for a missing name, an item that is not key=value, a key given twice or a trailing comma.
SpecString parse_spec_string(std::string_view text, std::string_view what);

}  // namespace mancala
