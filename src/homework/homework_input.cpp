#include "homework/homework_input.hpp"

#include "core/pit_names.hpp"

#include <fmt/format.h>

#include <charconv>
#include <vector>

namespace mancala::homework {

namespace {

constexpr std::string_view kWhitespace = " \t\r\v\f";

constexpr std::string_view kLineNames[] = {
    "the task",
    "your player",
    "the cutoff depth",
    "player 2's pits (A2 ... A(N+1))",
    "player 1's pits (B2 ... B(N+1))",
    "player 2's mancala (A1)",
    "player 1's mancala (B(N+2))",
};
constexpr int kLines = 7;

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto end = text.find('\n');
        lines.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

std::vector<std::string_view> split_tokens(std::string_view line) {
    std::vector<std::string_view> tokens;
    for (;;) {
        const auto begin = line.find_first_not_of(kWhitespace);
        if (begin == std::string_view::npos) break;
        line.remove_prefix(begin);
        const auto end = line.find_first_of(kWhitespace);
        tokens.push_back(line.substr(0, end));
        if (end == std::string_view::npos) break;
        line.remove_prefix(end);
    }
    return tokens;
}

// A non-negative decimal integer of digits only.
int parse_count(std::string_view token, int line, std::string_view what) {
    int value = 0;
    const auto* last = token.data() + token.size();
    const auto [end, ec] = std::from_chars(token.data(), last, value);
    const bool digits_only = token.find_first_not_of("0123456789") == std::string_view::npos;
    if (ec == std::errc::result_out_of_range && digits_only)
        throw InputError(line, fmt::format("{} '{}' is too large", what, token));
    if (ec != std::errc{} || end != last || !digits_only) {
        if (!token.empty() && token[0] == '-' && ec == std::errc{} && end == last)
            throw InputError(line, fmt::format("{} must not be negative, got {}", what, token));
        throw InputError(line, fmt::format("{} must be a non-negative integer, got '{}'", what, token));
    }
    return value;
}

class Reader {
public:
    explicit Reader(std::string_view text) : lines_(split_lines(text)) {}

    std::vector<std::string_view> tokens(int line) const {
        const auto name = kLineNames[line - 1];
        if (line > static_cast<int>(lines_.size()))
            throw InputError(line, fmt::format("missing {}: the input ends after line {}", name, lines_.size()));
        auto tokens = split_tokens(lines_[static_cast<std::size_t>(line - 1)]);
        if (tokens.empty()) throw InputError(line, fmt::format("missing {}: the line is empty", name));
        return tokens;
    }

    int single(int line) const {
        const auto tokens = this->tokens(line);
        const auto name = kLineNames[line - 1];
        if (tokens.size() != 1)
            throw InputError(line, fmt::format("expected one number for {}, found {}", name, tokens.size()));
        return parse_count(tokens[0], line, name);
    }

    std::vector<int> row(int line) const {
        std::vector<int> counts;
        for (auto token : tokens(line)) counts.push_back(parse_count(token, line, "a pit count"));
        return counts;
    }

    void expect_end() const {
        for (auto line = static_cast<std::size_t>(kLines); line < lines_.size(); ++line)
            if (!split_tokens(lines_[line]).empty())
                throw InputError(static_cast<int>(line + 1),
                                 "unexpected content after the seven lines of the input");
    }

private:
    std::vector<std::string_view> lines_;
};

}  // namespace

Input parse_input(std::string_view text) {
    const Reader reader(text);
    Input input;

    const int task = reader.single(1);
    if (task < 1 || task > 4)
        throw InputError(1, fmt::format("the task must be 1 (Greedy), 2 (MiniMax), 3 (Alpha-Beta) or 4 "
                                        "(Competition), got {}",
                                        task));
    input.task = static_cast<Task>(task);

    const int player = reader.single(2);
    if (player != 1 && player != 2) throw InputError(2, fmt::format("your player must be 1 or 2, got {}", player));
    input.player = player == 1 ? Side::South : Side::North;

    input.cutoff = reader.single(3);
    if (input.cutoff < 1) throw InputError(3, "the cutoff depth must be at least 1");

    const std::vector<int> row_a = reader.row(4);  // A2 ... A(N+1): North's sowing order reversed
    if (row_a.size() > static_cast<std::size_t>(kMaxPits))
        throw InputError(4, fmt::format("a row may have at most {} pits, found {}", kMaxPits, row_a.size()));
    const std::vector<int> row_b = reader.row(5);
    if (row_b.size() != row_a.size())
        throw InputError(
            5, fmt::format("player 1's row has {} pits but player 2's has {}", row_b.size(), row_a.size()));
    const int store_a = reader.single(6);
    const int store_b = reader.single(7);
    reader.expect_end();

    const std::vector<int> north(row_a.rbegin(), row_a.rend());
    if (row_a.empty()) throw InputError(4, "a row needs at least one pit");
    input.rules = make_rules("homework", static_cast<int>(row_a.size()), 0);
    try {
        input.position = Position::from_counts(row_b, north, store_b, store_a, input.player);
    } catch (const std::invalid_argument& e) {
        throw InputError(4, e.what());
    }
    if (input.position.legal_moves(input.rules).empty()) {
        const int n = input.position.pits();
        const bool south = input.player == Side::South;
        throw InputError(south ? 5 : 4,
                         fmt::format("player {} has no legal move: every pit from {} to {} is empty",
                                     player_number(input.player), pit_name(n, input.player, south ? 0 : n - 1),
                                     pit_name(n, input.player, south ? n - 1 : 0)));
    }
    return input;
}

}  // namespace mancala::homework
