#include "util/spec_string.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace mancala {

namespace {

bool valid_word(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
    return true;
}

}  // namespace

SpecString parse_spec_string(std::string_view text, std::string_view what) {
    SpecString spec;
    const auto colon = text.find(':');
    spec.name = std::string(text.substr(0, colon));
    if (!valid_word(spec.name))
        throw std::invalid_argument(fmt::format("malformed {} '{}': it must start with a name", what, text));
    if (colon == std::string_view::npos) return spec;
    std::string_view rest = text.substr(colon + 1);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos || !valid_word(item.substr(0, eq)) || eq + 1 == item.size())
            throw std::invalid_argument(
                fmt::format("malformed option '{}' in {} '{}': expected key=value", item, what, text));
        std::string key(item.substr(0, eq));
        if (std::any_of(spec.items.begin(), spec.items.end(), [&](const auto& kv) { return kv.first == key; }))
            throw std::invalid_argument(fmt::format("option '{}' given twice in {} '{}'", key, what, text));
        spec.items.emplace_back(std::move(key), std::string(item.substr(eq + 1)));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
        if (rest.empty()) throw std::invalid_argument(fmt::format("malformed {} '{}': trailing comma", what, text));
    }
    return spec;
}

}  // namespace mancala
