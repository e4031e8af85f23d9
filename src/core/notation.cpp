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

/// The counts of a field; a tuzdyk, `X`, is read as -1 where `tuzdyks` allows it.
std::vector<int> parse_counts(std::string_view field, std::string_view name, std::string_view text,
                              bool tuzdyks = false) {
    std::vector<int> counts;
    std::size_t i = 0;
    while (i < field.size()) {
        if (field[i] == ',' || std::isspace(static_cast<unsigned char>(field[i]))) {
            ++i;
            continue;
        }
        if (tuzdyks && field[i] == 'X' &&
            (i + 1 == field.size() || field[i + 1] == ',' ||
             std::isspace(static_cast<unsigned char>(field[i + 1])))) {
            counts.push_back(-1);
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

Position parse_position(std::string_view text, Direction direction) {
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
    std::vector<int> row_a = parse_counts(fields[0], kFields[0], text, true);
    std::vector<int> row_b = parse_counts(fields[1], kFields[1], text, true);
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
    // Rows in sowing order: South's left to right and North's right to left on a
    // counter-clockwise board, the other way round on a clockwise one.
    std::vector<int> south = row_b, north(row_a.rbegin(), row_a.rend());
    if (direction == Direction::Clockwise) {
        south.assign(row_b.rbegin(), row_b.rend());
        north = row_a;
    }
    int tuzdyk[2] = {-1, -1};  // by owner: a pit of the other row
    for (Side row : {Side::South, Side::North}) {
        std::vector<int>& counts = row == Side::South ? south : north;
        for (std::size_t i = 0; i < counts.size(); ++i) {
            if (counts[i] >= 0) continue;
            int& owner = tuzdyk[index_of(opponent(row))];
            if (owner >= 0)
                throw std::invalid_argument(fmt::format("position '{}': {} has two tuzdyks (X); a player makes one",
                                                        text, row == Side::South ? kFields[1] : kFields[0]));
            owner = static_cast<int>(i);
            counts[i] = 0;
        }
    }
    try {
        Position p = Position::from_counts(south, north, store_b[0], store_a[0], side);
        if (tuzdyk[0] >= 0 && tuzdyk[0] == tuzdyk[1])
            throw std::invalid_argument("the two tuzdyks (X) are pits of the same number");
        p.set_tuzdyk(Side::South, tuzdyk[0]);
        p.set_tuzdyk(Side::North, tuzdyk[1]);
        return p;
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("position '{}': {}", text, e.what()));
    }
}

Position parse_position(std::string_view text, const Rules& rules) {
    Position p = parse_position(text, rules.direction);
    if (p.pits() != rules.pits)
        throw std::invalid_argument(fmt::format("position '{}' has {} pits a side, but the game is played on {}",
                                                text, p.pits(), rules.pits));
    if (!rules.tuzdyk && (p.tuzdyk(Side::South) >= 0 || p.tuzdyk(Side::North) >= 0))
        throw std::invalid_argument(fmt::format("position '{}' has a tuzdyk (X), but the game has none", text));
    return p;
}

std::string to_notation(const Position& p, Direction direction) {
    const int n = p.pits();
    const bool ccw = direction == Direction::CounterClockwise;
    auto count = [&](Side side, int i) {
        return p.is_tuzdyk(side, i) ? std::string("X") : fmt::format("{}", p.pit(side, i));
    };
    std::string row_a, row_b;
    for (int col = 0; col < n; ++col) {
        row_a += fmt::format("{}{}", col ? "," : "", count(Side::North, ccw ? n - 1 - col : col));
        row_b += fmt::format("{}{}", col ? "," : "", count(Side::South, ccw ? col : n - 1 - col));
    }
    return fmt::format("{}/{}/{}/{}/{}", row_a, row_b, p.store(Side::North), p.store(Side::South),
                       p.to_move() == Side::South ? "S" : "N");
}

}  // namespace mancala
