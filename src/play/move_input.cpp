#include "play/move_input.hpp"

#include "core/pit_names.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <stdexcept>

namespace mancala::play {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

}  // namespace

std::string move_choices(const Rules& rules, Side side) {
    const int pits = rules.pits;
    // Letters in sowing order (A..F); the homework's names as drawn, left to right.
    if (rules.names == PitNaming::Letters)
        return fmt::format("{}..{} or 1..{}", pit_name(rules, side, 0), pit_name(rules, side, pits - 1), pits);
    return fmt::format("{}..{} or 1..{}", pit_name(rules, side, pit_at_column(rules, side, 0)),
                       pit_name(rules, side, pit_at_column(rules, side, pits - 1)), pits);
}

int parse_move(const Rules& rules, Side side, std::string_view text) {
    const int pits = rules.pits;
    text = trim(text);
    int number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (!text.empty() && ec == std::errc{} && end == text.data() + text.size()) {
        if (number < 1 || number > pits)
            throw std::invalid_argument(
                fmt::format("there is no pit {}: {} plays {}", number, to_string(side), move_choices(rules, side)));
        return number - 1;
    }
    if (const auto index = parse_pit_name(rules, side, text)) return *index;
    if (const auto index = parse_pit_name(rules, opponent(side), text))
        throw std::invalid_argument(fmt::format("{} is {}'s pit: {} plays {}",
                                                pit_name(rules, opponent(side), *index), to_string(opponent(side)),
                                                to_string(side), move_choices(rules, side)));
    for (const Side owner : {Side::South, Side::North})
        if (same_ignoring_case(text, store_name(rules, owner)))
            throw std::invalid_argument(fmt::format("{} is {}'s store: {} plays {}", store_name(rules, owner),
                                                    to_string(owner), to_string(side), move_choices(rules, side)));
    throw std::invalid_argument(
        fmt::format("'{}' is not a move: {} plays {}", text, to_string(side), move_choices(rules, side)));
}

namespace {

Rules homework_board(int pits) {
    Rules rules;
    rules.pits = pits;
    return rules;
}

}  // namespace

int parse_move(int pits, Side side, std::string_view text) { return parse_move(homework_board(pits), side, text); }

std::string move_choices(int pits, Side side) { return move_choices(homework_board(pits), side); }

}  // namespace mancala::play
