#include "search/packed_board.hpp"

#include <vector>

namespace mancala::search {

namespace {

void set_byte(std::array<std::uint64_t, 2>& words, int c, std::uint64_t value) {
    words[static_cast<std::size_t>(c >> 3)] |= value << (8 * (c & 7));
}

}  // namespace

PackedRules::PackedRules(const Rules& r) : rules(r), n(r.pits), loop(rule::lap_cells(r.pits)) {
    const int ring = 2 * n + 2;
    for (Side side : {Side::South, Side::North}) {
        const auto s = static_cast<std::size_t>(index_of(side));
        const int first = side == Side::South ? 0 : n + 1;
        const int skipped = rule::skipped_cell(n, side);
        for (int i = 0; i < n; ++i) set_byte(row[s], first + i, 0xFF);
        for (int c = 0; c < ring; ++c)
            if (c != skipped) set_byte(sown[s], c, 1);
        for (int start = 0; start < ring; ++start) {
            int cell = start;
            for (int rest = 1; rest < loop; ++rest) {
                cell = rule::next_sown_cell(cell, ring, skipped);
                Span& span = spans[s][static_cast<std::size_t>(start)][static_cast<std::size_t>(rest)];
                span.add = spans[s][static_cast<std::size_t>(start)][static_cast<std::size_t>(rest - 1)].add;
                set_byte(span.add, cell, 1);
                span.last = static_cast<std::int8_t>(cell);
            }
        }
    }
    set_byte(stores, n, 0xFF);
    set_byte(stores, 2 * n + 1, 0xFF);
}

PackedBoard PackedBoard::from(const Position& p) {
    MANCALA_ASSERT(fits(p), "a packed board holds at most 7 pits a side and 255 stones");
    PackedBoard b;
    b.n_ = static_cast<std::uint8_t>(p.pits());
    b.to_move_ = p.to_move();
    for (int c = 0; c < p.cell_count(); ++c) b.set_cell(c, p.cell(c));
    MANCALA_ASSERT(b.is_consistent() && b.to_position() == p, "a packed board is its position, cell for cell");
    return b;
}

bool PackedBoard::is_consistent() const {
    if (n_ < 1 || n_ > 7) return false;
    for (int c = 2 * n_ + 2; c < 16; ++c)
        if (cell(c) != 0) return false;
    return total_stones() <= 255;
}

int PackedBoard::total_stones() const {
    int total = 0;
    for (int c = 0; c < 16; ++c) total += cell(c);
    return total;
}

Position PackedBoard::to_position() const {
    std::vector<int> south, north;
    for (int i = 0; i < n_; ++i) {
        south.push_back(pit(Side::South, i));
        north.push_back(pit(Side::North, i));
    }
    return Position::from_counts(south, north, store(Side::South), store(Side::North), to_move_);
}

void PackedBoard::sweep_rows(const PackedRules& r) {
    const int south = row_stones(r, Side::South);
    const int north = row_stones(r, Side::North);
    for (std::size_t k = 0; k < 2; ++k) w_[k] &= ~(r.row[0][k] | r.row[1][k]);
    set_cell(store_cell(Side::South), store(Side::South) + south);
    set_cell(store_cell(Side::North), store(Side::North) + north);
}

}  // namespace mancala::search
