#include "agents/agent_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace mancala::agents {

namespace {

bool valid_word(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
    return true;
}

std::optional<double> parse_number(std::string_view text) {
    double value = 0;
    const auto* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(text.data(), last, value);
    if (ec != std::errc{} || end != last || !std::isfinite(value)) return std::nullopt;
    return value;
}

}  // namespace

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text) {
    double scale = 1000.0;
    if (text.ends_with("ms")) {
        scale = 1.0;
        text.remove_suffix(2);
    } else if (text.ends_with("s")) {
        text.remove_suffix(1);
    } else if (text.ends_with("m")) {
        scale = 60'000.0;
        text.remove_suffix(1);
    }
    const auto value = parse_number(text);
    if (!value || *value < 0 || *value * scale > 1e9) return std::nullopt;
    return std::chrono::milliseconds(static_cast<long long>(std::llround(*value * scale)));
}

AgentOptions AgentOptions::parse(std::string_view spec) {
    AgentOptions options;
    const auto colon = spec.find(':');
    options.name_ = std::string(spec.substr(0, colon));
    if (!valid_word(options.name_))
        throw std::invalid_argument(fmt::format("malformed agent spec '{}': it must start with a name", spec));
    if (colon == std::string_view::npos) return options;
    std::string_view rest = spec.substr(colon + 1);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos || !valid_word(item.substr(0, eq)) || eq + 1 == item.size())
            throw std::invalid_argument(
                fmt::format("malformed option '{}' in agent spec '{}': expected key=value", item, spec));
        const std::string key(item.substr(0, eq));
        if (!options.options_.emplace(key, std::string(item.substr(eq + 1))).second)
            throw std::invalid_argument(fmt::format("option '{}' given twice in agent spec '{}'", key, spec));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
        if (rest.empty())
            throw std::invalid_argument(fmt::format("malformed agent spec '{}': trailing comma", spec));
    }
    return options;
}

std::optional<std::string> AgentOptions::take(std::string_view key) {
    known_.emplace_back(key);
    const auto it = options_.find(key);
    if (it == options_.end()) return std::nullopt;
    return it->second;
}

void AgentOptions::bad_value(std::string_view key, const std::string& value, std::string_view expected) const {
    throw std::invalid_argument(
        fmt::format("agent '{}': option {}={} is not valid ({} expected)", name_, key, value, expected));
}

int AgentOptions::get_int(std::string_view key, int fallback, int min, int max) {
    const auto text = take(key);
    if (!text) return fallback;
    const auto value = parse_number(*text);
    if (!value || *value != std::floor(*value) || *value < min || *value > max)
        bad_value(key, *text, fmt::format("an integer from {} to {}", min, max));
    return static_cast<int>(*value);
}

double AgentOptions::get_double(std::string_view key, double fallback, double min, double max) {
    const auto text = take(key);
    if (!text) return fallback;
    const auto value = parse_number(*text);
    if (!value || *value < min || *value > max)
        bad_value(key, *text, fmt::format("a number from {} to {}", min, max));
    return *value;
}

std::string AgentOptions::get_string(std::string_view key, std::string fallback) {
    auto text = take(key);
    return text ? *text : fallback;
}

std::optional<std::chrono::milliseconds> AgentOptions::get_duration(std::string_view key) {
    const auto text = take(key);
    if (!text) return std::nullopt;
    const auto value = parse_duration(*text);
    if (!value || value->count() == 0) bad_value(key, *text, "a duration such as 100ms or 2s");
    return value;
}

std::optional<std::uint64_t> AgentOptions::get_count(std::string_view key) {
    const auto text = take(key);
    if (!text) return std::nullopt;
    std::string_view digits = *text;
    double scale = 1;
    if (digits.ends_with('k') || digits.ends_with('K')) scale = 1e3;
    if (digits.ends_with('M')) scale = 1e6;
    if (digits.ends_with('G')) scale = 1e9;
    if (scale != 1) digits.remove_suffix(1);
    const auto value = parse_number(digits);
    if (!value || *value < 1 || *value * scale > 1e15) bad_value(key, *text, "a count such as 5000 or 2M");
    return static_cast<std::uint64_t>(*value * scale);
}

void AgentOptions::finish() const {
    for (const auto& [key, value] : options_) {
        if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
        throw std::invalid_argument(fmt::format("agent '{}' has no option '{}' (its options: {})", name_, key,
                                                known_.empty() ? "none" : fmt::to_string(fmt::join(known_, ", "))));
    }
}

std::string AgentOptions::canonical() const {
    std::string spec = name_;
    char sep = ':';
    for (const auto& [key, value] : options_) {
        spec += fmt::format("{}{}={}", sep, key, value);
        sep = ',';
    }
    return spec;
}

}  // namespace mancala::agents
