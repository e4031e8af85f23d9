#include "arena/games_csv.hpp"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>
#include <vector>

namespace mancala::arena {

namespace {

// One line of RFC 4180 CSV as csv_field writes it: fields quoted when they hold a
// comma or a quote, quotes doubled inside. Quoted fields never hold a line break here.
std::vector<std::string> split_csv_line(std::string_view line, int number) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c != '"') {
                fields.back() += c;
            } else if (i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else {
                quoted = false;
            }
        } else if (c == '"' && fields.back().empty()) {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    if (quoted) throw std::invalid_argument(fmt::format("games.csv line {}: a quoted field is not closed", number));
    return fields;
}

std::size_t column(const std::vector<std::string>& header, std::string_view name) {
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return i;
    throw std::invalid_argument(fmt::format(
        "games.csv has no '{}' column (files written before the arena kept the moves cannot be reviewed)", name));
}

}  // namespace

GamesCsvRow read_games_csv_row(std::string_view csv, int game) {
    std::vector<std::string> header;
    std::size_t game_col = 0, opening_col = 0, rules_col = 0, moves_col = 0;
    int number = 0;
    while (!csv.empty()) {
        const std::size_t end = csv.find('\n');
        const std::string_view line = csv.substr(0, end);
        csv = end == std::string_view::npos ? std::string_view{} : csv.substr(end + 1);
        ++number;
        if (line.empty() || line == "\r") continue;
        std::vector<std::string> fields = split_csv_line(line, number);
        if (header.empty()) {
            header = std::move(fields);
            game_col = column(header, "game");
            opening_col = column(header, "opening_position");
            rules_col = column(header, "rules");
            moves_col = column(header, "moves");
            continue;
        }
        if (fields.size() != header.size())
            throw std::invalid_argument(fmt::format("games.csv line {}: {} fields, the header has {}", number,
                                                    fields.size(), header.size()));
        int value = 0;
        const std::string& text = fields[game_col];
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc{} || ptr != text.data() + text.size())
            throw std::invalid_argument(fmt::format("games.csv line {}: the game number is not a number", number));
        if (value == game)
            return {value, std::move(fields[opening_col]), std::move(fields[rules_col]),
                    std::move(fields[moves_col])};
    }
    if (header.empty()) throw std::invalid_argument("games.csv is empty");
    throw std::invalid_argument(fmt::format("games.csv has no game {}", game));
}

}  // namespace mancala::arena
