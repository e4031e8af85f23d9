#include "core/board_art.hpp"

#include "core/pit_names.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mancala {

namespace {

constexpr std::string_view kHighlight = "\x1b[1;7m";  // bold, reverse video
constexpr std::string_view kDim = "\x1b[2m";
constexpr std::string_view kReset = "\x1b[0m";

int digits(int value) { return static_cast<int>(fmt::formatted_size("{}", value)); }

// Draws a board of `pits` columns between two store columns, each `width` wide inside.
class BoardDrawing {
public:
    BoardDrawing(const Position& position, const Rules& rules, const BoardArtStyle& style)
        : p_(position), rules_(rules), style_(style), n_(position.pits()) {
        const int names = rules.names == PitNaming::Letters ? 1 : digits(n_ + 1) + 1;  // A(N+1) or B(N+1)
        width_ = std::max(names, digits(position.total_stones()));
        margin_ = static_cast<int>(store_label(left_store()).size()) + 1;
    }

    std::string draw() const {
        std::string out;
        const std::string border = std::string(static_cast<std::size_t>(margin_), ' ') + border_line();
        const bool ccw = rules_.direction == Direction::CounterClockwise;
        out += names_line(Side::North, ccw ? "<- north" : "north ->");
        out += border + '\n';
        out += pits_line(Side::North);
        out += middle_line();
        out += pits_line(Side::South);
        out += border + '\n';
        out += names_line(Side::South, ccw ? "south ->" : "<- south");
        return out;
    }

private:
    std::string dashes() const { return std::string(static_cast<std::size_t>(width_ + 2), '-'); }
    std::string blank() const { return std::string(static_cast<std::size_t>(width_ + 2), ' '); }
    std::string indent() const { return std::string(static_cast<std::size_t>(margin_), ' '); }

    // On a counter-clockwise board row A is drawn from A2 (North's last pit in sowing
    // order) to A(N+1), row B from B2; a clockwise board is its mirror image.
    int cell_at_column(Side side, int column) const {
        return p_.first_pit(side) + pit_at_column(rules_, side, column);
    }
    /// The store drawn at the left end: North's, or South's on a clockwise board.
    Side left_store() const { return rules_.direction == Direction::CounterClockwise ? Side::North : Side::South; }
    std::string store_label(Side side) const { return mancala::store_label(rules_, side); }

    std::string border_line() const {
        std::string line = "+";
        for (int c = 0; c < n_ + 2; ++c) line += dashes() + "+";
        return line;
    }

    // One count, padded to the column: " 12 ", " 12*" when highlighted without colour.
    std::string count_cell(int cell) const {
        const bool store = cell == p_.store_cell(Side::South) || cell == p_.store_cell(Side::North);
        const Side row = cell < n_ ? Side::South : Side::North;
        const bool tuzdyk = !store && p_.is_tuzdyk(row, cell - p_.first_pit(row));
        const std::string count =
            tuzdyk ? fmt::format("{:>{}}", "X", width_) : fmt::format("{:>{}}", p_.cell(cell), width_);
        if (cell != style_.highlight_cell) return " " + count + " ";
        if (style_.color) return fmt::format(" {}{}{} ", kHighlight, count, kReset);
        return " " + count + "*";
    }

    std::string names_line(Side side, std::string_view caption) const {
        std::string line = indent() + " " + blank();
        for (int column = 0; column < n_; ++column) {
            const int index = cell_at_column(side, column) - p_.first_pit(side);
            const std::string name = fmt::format("{:>{}}", pit_name(rules_, side, index), width_);
            line += style_.color ? fmt::format("  {}{}{} ", kDim, name, kReset) : "  " + name + " ";
        }
        line += " " + blank() + "  " + std::string(caption);
        return line + '\n';
    }

    std::string pits_line(Side side) const {
        std::string line = indent() + "|" + blank();
        for (int column = 0; column < n_; ++column) line += "|" + count_cell(cell_at_column(side, column));
        return line + "|" + blank() + "|\n";
    }

    std::string middle_line() const {
        const Side left = left_store(), right = opponent(left);
        std::string line =
            fmt::format("{:>{}} |", store_label(left), margin_ - 1) + count_cell(p_.store_cell(left)) + "|";
        for (int column = 0; column < n_; ++column) line += dashes() + (column + 1 < n_ ? "+" : "");
        return line + "|" + count_cell(p_.store_cell(right)) + "| " + store_label(right) + '\n';
    }

    const Position& p_;
    const Rules& rules_;
    const BoardArtStyle& style_;
    int n_;
    int width_ = 2;
    int margin_ = 3;
};

}  // namespace

std::string board_art(const Position& position, const Rules& rules, const BoardArtStyle& style) {
    return BoardDrawing(position, rules, style).draw();
}

std::string board_art(const Position& position, const BoardArtStyle& style) {
    Rules rules;
    rules.pits = position.pits();
    return BoardDrawing(position, rules, style).draw();
}

}  // namespace mancala
