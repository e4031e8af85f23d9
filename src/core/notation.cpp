#include "core/notation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>
#include <vector>

namespace mancala {

namespace {

constexpr std::string_view kFields[] = {"row A", "row B", "A1", "B(N+2)", "side to move"};

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::vector<int> parse_counts(std::string_view field, std::string_view name, std::string_view text) {
    std::vector<int> counts;
    std::size_t i = 0;
    while (i < field.size()) {
        if (field[i] == ',' || std::isspace(static_cast<unsigned char>(field[i]))) {
            ++i;
            continue;
        }
        int value = 0;
        const auto [end, ec] = std::from_chars(field.data() + i, field.data() + field.size(), value);
        const auto stop = static_cast<std::size_t>(end - field.data());
        const bool separated =
            stop == field.size() || field[stop] == ',' || std::isspace(static_cast<unsigned char>(field[stop]));
        if (ec != std::errc{} || !separated || value < 0 || field[i] == '-')
            throw std::invalid_argument(fmt::format("position '{}': {} must hold non-negative integers, found '{}'",
                                                    text, name,
                                                    trim(field.substr(i, field.find_first_of(", ", i) - i))));
        counts.push_back(value);
        i = stop;
    }
    if (counts.empty()) throw std::invalid_argument(fmt::format("position '{}': {} is empty", text, name));
    return counts;
}

}  // namespace

Side parse_side(std::string_view text) {
    std::string lower(trim(text));
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "s" || lower == "south" || lower == "1") return Side::South;
    if (lower == "n" || lower == "north" || lower == "2") return Side::North;
    throw std::invalid_argument(fmt::format("'{}' is not a side (S, N, south, north, 1 or 2)", text));
}

Position parse_position(std::string_view text) {
    std::vector<std::string_view> fields;
    for (std::string_view rest = text;;) {
        const auto slash = rest.find('/');
        fields.push_back(rest.substr(0, slash));
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
    if (fields.size() != 5)
        throw std::invalid_argument(
            fmt::format("position '{}' has {} fields; expected 5: row A / row B / A1 / B(N+2) / side to move", text,
                        fields.size()));
    const std::vector<int> row_a = parse_counts(fields[0], kFields[0], text);
    const std::vector<int> row_b = parse_counts(fields[1], kFields[1], text);
    const std::vector<int> store_a = parse_counts(fields[2], kFields[2], text);
    const std::vector<int> store_b = parse_counts(fields[3], kFields[3], text);
    if (store_a.size() != 1 || store_b.size() != 1)
        throw std::invalid_argument(fmt::format("position '{}': each store holds one number", text));
    Side side;
    try {
        side = parse_side(fields[4]);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("position '{}': {}", text, e.what()));
    }
    const std::vector<int> north(row_a.rbegin(), row_a.rend());
    try {
        return Position::from_counts(row_b, north, store_b[0], store_a[0], side);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("position '{}': {}", text, e.what()));
    }
}

std::string to_notation(const Position& p) {
    const int n = p.pits();
    std::string row_a, row_b;
    for (int col = 0; col < n; ++col) {
        row_a += fmt::format("{}{}", col ? "," : "", p.pit(Side::North, n - 1 - col));
        row_b += fmt::format("{}{}", col ? "," : "", p.pit(Side::South, col));
    }
    return fmt::format("{}/{}/{}/{}/{}", row_a, row_b, p.store(Side::North), p.store(Side::South),
                       p.to_move() == Side::South ? "S" : "N");
}

}  // namespace mancala
