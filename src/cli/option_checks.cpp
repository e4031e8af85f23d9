#include "cli/option_checks.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <string_view>
#include <utility>

namespace mancala::cli {

namespace {

std::optional<std::uint64_t> parse_digits(std::string_view text) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::string range_text(std::uint64_t min, std::uint64_t max) {
    return max == kNoMaximum ? fmt::format("{} or more", min) : fmt::format("from {} to {}", min, max);
}

constexpr std::array<std::pair<std::string_view, int>, 4> kUnits = {{{"K", 10}, {"M", 20}, {"G", 30}, {"T", 40}}};

std::optional<std::uint64_t> parse_size(std::string_view text) {
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    const auto number = parse_digits(text.substr(0, digits));
    if (!number) return std::nullopt;
    std::string unit;
    for (char c : text.substr(digits)) unit += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (unit.empty() || unit == "B") return number;
    for (const auto& [name, shift] : kUnits) {
        if (unit != name && unit != std::string(name) + "B" && unit != std::string(name) + "IB") continue;
        if (*number > (kNoMaximum >> shift)) return std::nullopt;
        return *number << shift;
    }
    return std::nullopt;
}

}  // namespace

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
    return CLI::Validator(
        [min, max](std::string& input) -> std::string {
            const auto value = parse_digits(input);
            if (!value || *value < min || *value > max)
                return fmt::format("must be a whole number {}, got '{}'", range_text(min, max), input);
            return {};
        },
        max == kNoMaximum ? fmt::format(">={}", min) : fmt::format("{}-{}", min, max));
}

CLI::Validator number_between(double min, double max) {
    return CLI::Validator(
        [min, max](std::string& input) -> std::string {
            double value = 0;
            const auto* end = input.data() + input.size();
            const auto [stop, error] = std::from_chars(input.data(), end, value);
            if (error != std::errc{} || stop != end || !(value >= min && value <= max))
                return fmt::format("must be a number from {} to {}, got '{}'", min, max, input);
            return {};
        },
        fmt::format("{}-{}", min, max));
}

CLI::Validator byte_size(std::uint64_t min, std::uint64_t max) {
    return CLI::Validator(
        [min, max](std::string& input) -> std::string {
            const auto value = parse_size(input);
            if (!value || *value < min || *value > max)
                return fmt::format("must be a size such as 64K, 256M or 2G ({} to {}), got '{}'", format_bytes(min),
                                   format_bytes(max), input);
            input = std::to_string(*value);
            return {};
        },
        "");
}

std::string format_bytes(std::uint64_t bytes) {
    static constexpr std::array<std::pair<std::string_view, int>, 4> kNames = {
        {{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}}};
    for (const auto& [name, shift] : kNames)
        if (bytes != 0 && bytes % (std::uint64_t{1} << shift) == 0)
            return fmt::format("{} {}", bytes >> shift, name);
    return fmt::format("{} bytes", bytes);
}

}  // namespace mancala::cli
