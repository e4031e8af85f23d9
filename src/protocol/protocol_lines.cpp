#include "protocol/protocol_lines.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace mancala::protocol {

namespace {

std::string shown(std::string_view word) {
    return word.size() <= 40 ? std::string(word) : std::string(word.substr(0, 40)) + "...";
}

template <class Int>
Int integer_after(const std::vector<std::string_view>& words, std::size_t& i, std::string_view what, Int max) {
    if (++i >= words.size()) throw std::invalid_argument(fmt::format("'{}' needs a number after it", what));
    Int value{};
    const std::string_view word = words[i];
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc{} || end != word.data() + word.size() || value < 0 || value > max)
        throw std::invalid_argument(
            fmt::format("'{}' needs a whole number from 0 to {}, not '{}'", what, max, shown(word)));
    return value;
}

constexpr std::int64_t kMaxMilliseconds = 1'000'000'000;  // 11 days: more is a mistake

}  // namespace

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

GoCommand parse_go(const std::vector<std::string_view>& words) {
    GoCommand go;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string_view word = words[i];
        const auto ms = [&] { return std::chrono::milliseconds(integer_after(words, i, word, kMaxMilliseconds)); };
        if (word == "movetime")
            go.movetime = ms();
        else if (word == "time")
            go.time = ms();
        else if (word == "inc")
            go.inc = ms();
        else
            throw std::invalid_argument(
                fmt::format("unknown word '{}' in go (known: movetime, time, inc)", shown(word)));
    }
    return go;
}

std::string format_go(const GoCommand& go) {
    std::string line = "go";
    if (go.movetime) line += fmt::format(" movetime {}", go.movetime->count());
    if (go.time) line += fmt::format(" time {} inc {}", go.time->count(), go.inc.count());
    return line;
}

InfoLine parse_info(const std::vector<std::string_view>& words, std::string_view line) {
    InfoLine info;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string_view word = words[i];
        if (word == "string") {
            const std::size_t at = line.find("string");
            info.text = std::string(line.substr(std::min(line.size(), at + 7)));
            return info;
        }
        if (word == "depth") {
            info.depth = integer_after(words, i, word, 100'000);
        } else if (word == "nodes") {
            info.nodes = integer_after(words, i, word, std::uint64_t{1} << 62);
        } else if (word == "time") {
            info.time_ms = integer_after(words, i, word, kMaxMilliseconds);
        } else if (word == "score") {
            if (i + 1 < words.size() && words[i + 1] == "exact") {
                info.exact = true;
                ++i;
            }
            if (++i >= words.size()) throw std::invalid_argument("'score' needs a number after it");
            double value = 0;
            const std::string_view text = words[i];
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc{} || end != text.data() + text.size() || !(value > -1e9 && value < 1e9))
                throw std::invalid_argument(fmt::format("'score' needs a number, not '{}'", shown(text)));
            info.score = value;
        } else if (word == "pv") {
            for (++i; i < words.size(); ++i) info.pv.emplace_back(words[i]);
        } else {
            throw std::invalid_argument(fmt::format(
                "unknown word '{}' in info (known: depth, score, nodes, time, pv, string)", shown(word)));
        }
    }
    return info;
}

std::string format_info(const InfoLine& info) {
    if (info.text) return "info string " + *info.text;
    std::string line = "info";
    if (info.depth) line += fmt::format(" depth {}", *info.depth);
    if (info.score) line += fmt::format(" score {}{}", info.exact ? "exact " : "", *info.score);
    if (info.nodes) line += fmt::format(" nodes {}", *info.nodes);
    if (info.time_ms) line += fmt::format(" time {}", *info.time_ms);
    if (!info.pv.empty()) line += " pv " + fmt::format("{}", fmt::join(info.pv, " "));
    return line;
}

}  // namespace mancala::protocol
