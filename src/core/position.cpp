#include "core/position.hpp"

#include "core/rule_decisions.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala {

Position Position::start(const Rules& rules) {
    validate(rules);
    Position p;
    p.n_ = static_cast<std::uint8_t>(rules.pits);
    for (Side side : {Side::South, Side::North})
        for (int i = 0; i < rules.pits; ++i)
            p.cells_[static_cast<std::size_t>(p.first_pit(side) + i)] = static_cast<Count>(rules.seeds);
    return p;
}

Position Position::from_counts(std::span<const int> south_pits, std::span<const int> north_pits, int south_store,
                               int north_store, Side to_move) {
    if (south_pits.size() != north_pits.size())
        throw std::invalid_argument(
            fmt::format("the rows have different lengths ({} and {} pits)", south_pits.size(), north_pits.size()));
    const auto n = static_cast<int>(south_pits.size());
    if (n < 1 || n > kMaxPits)
        throw std::invalid_argument(fmt::format("a row must have between 1 and {} pits, got {}", kMaxPits, n));
    Position p;
    p.n_ = static_cast<std::uint8_t>(n);
    p.to_move_ = to_move;
    long long total = 0;
    auto put = [&](int cell, int count, const char* what) {
        if (count < 0) throw std::invalid_argument(fmt::format("{} has a negative count ({})", what, count));
        total += count;
        if (total > kMaxTotalStones)
            throw std::invalid_argument(
                fmt::format("the board holds more than {} stones in total", kMaxTotalStones));
        p.cells_[static_cast<std::size_t>(cell)] = static_cast<Count>(count);
    };
    for (int i = 0; i < n; ++i) {
        put(p.first_pit(Side::South) + i, south_pits[static_cast<std::size_t>(i)], "a south pit");
        put(p.first_pit(Side::North) + i, north_pits[static_cast<std::size_t>(i)], "a north pit");
    }
    put(p.store_cell(Side::South), south_store, "the south store");
    put(p.store_cell(Side::North), north_store, "the north store");
    return p;
}

int Position::row_stones(Side side) const {
    int sum = 0;
    for (int i = 0; i < n_; ++i) sum += pit(side, i);
    return sum;
}

int Position::total_stones() const { return stones_in_pits() + store(Side::South) + store(Side::North); }

bool Position::is_terminal(const Rules& rules) const {
    if (rule::majority_reached(rules, store(Side::South), store(Side::North), total_stones())) return true;
    if (rules.end == EndRule::NoMove) return legal_moves(rules).empty();
    return rule::game_over(rules.end, row_stones(Side::South) == 0, row_stones(Side::North) == 0);
}

bool Position::is_consistent() const {
    if (n_ < 1 || n_ > kMaxPits) return false;
    if (to_move_ != Side::South && to_move_ != Side::North) return false;
    for (int c = cell_count(); c < static_cast<int>(cells_.size()); ++c)
        if (cells_[static_cast<std::size_t>(c)] != 0) return false;
    for (Side owner : {Side::South, Side::North}) {
        const int t = tuzdyk(owner);
        if (t < -1 || t >= n_ || (t >= 0 && pit(opponent(owner), t) != 0)) return false;
    }
    if (tuzdyk(Side::South) >= 0 && tuzdyk(Side::South) == tuzdyk(Side::North)) return false;
    return total_stones() <= kMaxTotalStones;
}

void Position::sweep_rows() {
    for (Side side : {Side::South, Side::North}) {
        int swept = 0;
        for (int i = 0; i < n_; ++i) {
            swept += pit(side, i);
            cells_[static_cast<std::size_t>(first_pit(side) + i)] = 0;
        }
        cells_[static_cast<std::size_t>(store_cell(side))] += static_cast<Count>(swept);
    }
}

void Position::sweep_rows_to(Side side) {
    int swept = 0;
    for (Side row : {Side::South, Side::North})
        for (int i = 0; i < n_; ++i) {
            swept += pit(row, i);
            cells_[static_cast<std::size_t>(first_pit(row) + i)] = 0;
        }
    cells_[static_cast<std::size_t>(store_cell(side))] += static_cast<Count>(swept);
}

std::string to_string(const Position& p) {
    auto row = [&](Side side) {
        std::string s;
        for (int i = 0; i < p.pits(); ++i)
            s += p.is_tuzdyk(side, i) ? fmt::format("{}X", i ? " " : "")
                                      : fmt::format("{}{}", i ? " " : "", p.pit(side, i));
        return s;
    };
    return fmt::format("S[{}]({}) N[{}]({}) {} to move", row(Side::South), p.store(Side::South), row(Side::North),
                       p.store(Side::North), to_string(p.to_move()));
}

}  // namespace mancala
