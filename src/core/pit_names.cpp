#include "core/pit_names.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>

namespace mancala {

std::string pit_name(int pits, Side side, int index) {
    return side == Side::South ? fmt::format("B{}", index + 2) : fmt::format("A{}", pits + 1 - index);
}

std::string store_name(int pits, Side side) { return side == Side::South ? fmt::format("B{}", pits + 2) : "A1"; }

std::optional<int> parse_pit_name(int pits, Side side, std::string_view name) {
    if (name.size() < 2) return std::nullopt;
    const char row = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    if (row != (side == Side::South ? 'B' : 'A')) return std::nullopt;
    int number = 0;
    const auto* first = name.data() + 1;
    const auto* last = name.data() + name.size();
    auto [end, ec] = std::from_chars(first, last, number);
    // Bounded before the arithmetic below: "B-2147483648" must not overflow an int.
    if (ec != std::errc{} || end != last || number < 0 || number > pits + 2) return std::nullopt;
    const int index = side == Side::South ? number - 2 : pits + 1 - number;
    if (index < 0 || index >= pits) return std::nullopt;
    return index;
}

}  // namespace mancala
