#include "arena/time_control.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <stdexcept>

namespace mancala::arena {

namespace {

constexpr std::int64_t kMaxMilliseconds = 24LL * 3600 * 1000;

std::string shown(std::string_view text) { return std::string(text.substr(0, 40)); }

// Decimal seconds with at most three decimals, as whole milliseconds.
std::int64_t milliseconds_of(std::string_view part, std::string_view whole, std::string_view what) {
    const auto bad = [&](std::string_view why) {
        return std::invalid_argument(fmt::format("time control '{}': the {} {}", shown(whole), what, why));
    };
    if (part.empty()) throw bad("is missing");
    std::int64_t ms = 0;
    int decimals = -1;  // -1: before the point
    for (char c : part) {
        if (c == '.') {
            if (decimals >= 0) throw bad(fmt::format("'{}' has two decimal points", shown(part)));
            decimals = 0;
            continue;
        }
        if (c < '0' || c > '9') throw bad(fmt::format("'{}' is not a number of seconds", shown(part)));
        if (decimals >= 3) throw bad(fmt::format("'{}' is finer than a millisecond", shown(part)));
        ms = ms * 10 + (c - '0');
        if (decimals >= 0) ++decimals;
        if (ms > kMaxMilliseconds * 1000) throw bad(fmt::format("'{}' is more than a day", shown(part)));
    }
    for (int d = decimals < 0 ? 0 : decimals; d < 3; ++d) ms *= 10;
    if (ms > kMaxMilliseconds) throw bad(fmt::format("'{}' is more than a day", shown(part)));
    return ms;
}

std::string seconds_text(std::chrono::milliseconds ms) {
    std::string text = fmt::format("{}.{:03d}", ms.count() / 1000, static_cast<int>(ms.count() % 1000));
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
    return text;
}

}  // namespace

TimeControl parse_time_control(std::string_view text) {
    const std::size_t plus = text.find('+');
    const std::string_view base = text.substr(0, plus);
    const std::string_view increment =
        plus == std::string_view::npos ? std::string_view("0") : text.substr(plus + 1);
    TimeControl control;
    control.base = std::chrono::milliseconds(milliseconds_of(base, text, "base time"));
    control.increment = std::chrono::milliseconds(milliseconds_of(increment, text, "increment"));
    if (control.base.count() == 0)
        throw std::invalid_argument(
            fmt::format("time control '{}': the base time must be above zero (e.g. 60+0.5)", shown(text)));
    return control;
}

std::string to_string(const TimeControl& control) {
    return seconds_text(control.base) + "+" + seconds_text(control.increment);
}

}  // namespace mancala::arena
