#include "agents/agent_options.hpp"

#include "util/spec_string.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace mancala::agents {

namespace {

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
    SpecString parsed = parse_spec_string(spec, "agent spec");
    AgentOptions options;
    options.name_ = std::move(parsed.name);
    for (auto& [key, value] : parsed.items) options.options_.emplace(std::move(key), std::move(value));
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

std::uint64_t AgentOptions::get_seed(std::optional<std::uint64_t> fallback) {
    if (fallback && *fallback != 0 && options_.find("seed") == options_.end()) {
        if (*fallback > kMaxSeed) bad_value("seed", std::to_string(*fallback), fmt::format("at most {}", kMaxSeed));
        options_.emplace("seed", std::to_string(*fallback));
    }
    return static_cast<std::uint64_t>(get_int("seed", 0, 0, static_cast<int>(kMaxSeed)));
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
