#include "arena/opening_book.hpp"

#include "core/notation.hpp"
#include "util/read_file.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace mancala::arena {

namespace {

std::string_view trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r");
    return s.substr(first, last - first + 1);
}

}  // namespace

std::vector<Position> parse_opening_book(std::string_view text, const Rules& rules, std::string_view source) {
    const int stones = 2 * rules.pits * rules.seeds;
    std::vector<Position> book;
    int line_number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (const auto comment = line.find('#'); comment != std::string_view::npos) line = line.substr(0, comment);
        line = trimmed(line);
        if (line.empty()) continue;
        auto problem = [&](const std::string& what) {
            return std::invalid_argument(fmt::format("{} line {}: {}", source, line_number, what));
        };
        Position position;
        try {
            position = parse_position(line);
        } catch (const std::invalid_argument& e) {
            throw problem(e.what());
        }
        if (position.pits() != rules.pits)
            throw problem(
                fmt::format("a position of {} pits a side, for a game of {}", position.pits(), rules.pits));
        if (position.total_stones() != stones)
            throw problem(fmt::format("{} stones, where a game of {} pits and {} seeds has {}",
                                      position.total_stones(), rules.pits, rules.seeds, stones));
        if (position.is_terminal(rules)) throw problem("the game is over in this position");
        book.push_back(position);
    }
    if (book.empty()) throw std::invalid_argument(fmt::format("{} holds no opening", source));
    return book;
}

std::vector<Position> read_opening_book(const std::filesystem::path& path, const Rules& rules) {
    return parse_opening_book(read_small_file(path, kMaxOpeningBookBytes), rules, path.string());
}

}  // namespace mancala::arena
