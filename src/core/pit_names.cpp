#include "core/pit_names.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>

namespace mancala {

namespace {

/// The column, 0 at the left as South sees the board, of `side`'s pit `index`.
int column(const Rules& rules, Side side, int index) {
    const bool mirrored = (side == Side::North) == (rules.direction == Direction::CounterClockwise);
    return mirrored ? rules.pits - 1 - index : index;
}

}  // namespace

int pit_at_column(const Rules& rules, Side side, int column) { return mancala::column(rules, side, column); }

std::string pit_name(const Rules& rules, Side side, int index) {
    if (rules.names == PitNaming::Letters)
        return std::string(1, static_cast<char>((side == Side::South ? 'A' : 'a') + index));
    return fmt::format("{}{}", side == Side::South ? 'B' : 'A', column(rules, side, index) + 2);
}

std::string store_name(const Rules& rules, Side side) {
    if (rules.names == PitNaming::Letters) return side == Side::South ? "South's store" : "North's store";
    return store_name(rules.pits, side);
}

std::string store_label(const Rules& rules, Side side) {
    if (rules.names == PitNaming::Letters) return side == Side::South ? "S" : "N";
    return store_name(rules.pits, side);
}

std::optional<int> parse_pit_name(const Rules& rules, Side side, std::string_view name) {
    if (rules.names == PitNaming::Letters) {
        if (name.size() != 1) return std::nullopt;
        const char first = side == Side::South ? 'A' : 'a';
        const int index = name[0] - first;
        if (index < 0 || index >= rules.pits) return std::nullopt;
        return index;
    }
    if (name.size() < 2) return std::nullopt;
    const char row = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    if (row != (side == Side::South ? 'B' : 'A')) return std::nullopt;
    int number = 0;
    const auto* first = name.data() + 1;
    const auto* last = name.data() + name.size();
    auto [end, ec] = std::from_chars(first, last, number);
    // Bounded before the arithmetic below: "B-2147483648" must not overflow an int.
    if (ec != std::errc{} || end != last || number < 2 || number > rules.pits + 1) return std::nullopt;
    const int col = number - 2;
    return column(rules, side, col);  // the mapping is its own inverse
}

std::string pit_name(int pits, Side side, int index) {
    Rules rules;
    rules.pits = pits;
    return pit_name(rules, side, index);
}

std::string store_name(int pits, Side side) { return side == Side::South ? fmt::format("B{}", pits + 2) : "A1"; }

std::optional<int> parse_pit_name(int pits, Side side, std::string_view name) {
    Rules rules;
    rules.pits = pits;
    return parse_pit_name(rules, side, name);
}

}  // namespace mancala
