#include "search/packed_board.hpp"

#include <vector>

namespace mancala::search {

namespace {

template <class Word>
void set_byte(std::array<Word, 2>& words, int b, Word value) {
    constexpr int kBytes = PackedWord<Word>::kBytes;
    words[static_cast<std::size_t>(b / kBytes)] |= value << (8 * (b % kBytes));
}

}  // namespace

template <class Word>
BasicPackedRules<Word>::BasicPackedRules(const Rules& r) : rules(r), n(r.pits), loop(rule::lap_cells(r.pits)) {
    using Board = BasicPackedBoard<Word>;
    MANCALA_ASSERT(n >= 1 && n <= Board::kMaxPits, "a packed board's rules are of its size");
    MANCALA_ASSERT(kalah_shaped(r), "a packed board plays Kalah-shaped rules only");
    // The sowing order is Position's, cell by cell, from South's side; each cell is
    // then filed at its byte. North's sowings are the mirror image: the same bytes of
    // the mover's and the opponent's words, and only the cells of Position's layout differ.
    const int ring = 2 * n + 2;
    for (int i = 0; i < n; ++i) row |= Word{0xFF} << (8 * i);
    // South's words are [own, opp] = [0, 1]; byte b of them is b (own) or b (opp, + kBytes).
    std::array<Word, 2> lap{};
    const int skipped = rule::skipped_cell(n, Side::South);
    for (int c = 0; c < ring; ++c)
        if (c != skipped) set_byte(lap, Board::byte_of_cell(c, n), Word{1});
    sown_own = lap[0];
    sown_opp = lap[1];
    // The cell of Position's layout that North's sowing reaches where South's reaches `cell`.
    auto mirrored = [this, ring](int cell) { return (cell + n + 1) % ring; };
    for (int start = 0; start < n; ++start) {
        auto& from_start = spans[static_cast<std::size_t>(start)];
        from_start[0].last = static_cast<std::int8_t>(start);
        from_start[0].last_cell = {static_cast<std::int8_t>(start), static_cast<std::int8_t>(mirrored(start))};
        std::array<Word, 2> add{};
        int cell = start;
        for (int rest = 1; rest < loop; ++rest) {
            cell = rule::next_sown_cell(cell, ring, skipped);
            set_byte(add, Board::byte_of_cell(cell, n), Word{1});
            Span& span = from_start[static_cast<std::size_t>(rest)];
            span.own = add[0];
            span.opp = add[1];
            span.last = static_cast<std::int8_t>(Board::byte_of_cell(cell, n));
            span.last_cell = {static_cast<std::int8_t>(cell), static_cast<std::int8_t>(mirrored(cell))};
            if (span.last == Board::kStoreByte) {
                const auto shift = 8 * start;
                // At most 15 + 31 stones: a byte holds it, and no byte of a pit is left 0,
                // which an empty pit would match.
                MANCALA_ASSERT(rest + loop <= 255, "a lap more than a pit's distance fits a byte");
                to_store |= static_cast<Word>(rest) << shift;
                to_store_lap |= static_cast<Word>(rest + loop) << shift;
            }
        }
    }
}

template <class Word>
BasicPackedBoard<Word> BasicPackedBoard<Word>::from(const Position& p) {
    MANCALA_ASSERT(fits(p), kBytes == 8 ? "a packed board holds at most 7 pits a side and 255 stones"
                                        : "a wide packed board holds at most 15 pits a side and 255 stones");
    BasicPackedBoard b;
    b.n_ = static_cast<std::uint8_t>(p.pits());
    b.to_move_ = p.to_move();
    for (int c = 0; c < p.cell_count(); ++c) set_byte(b.w_, byte_of_cell(c, b.n_), static_cast<Word>(p.cell(c)));
    MANCALA_ASSERT(b.is_consistent() && b.to_position() == p, "a packed board is its position, cell for cell");
    return b;
}

template <class Word>
bool BasicPackedBoard<Word>::is_consistent() const {
    if (n_ < 1 || n_ > kMaxPits) return false;
    for (int side = 0; side < 2; ++side)
        for (int i = n_; i < kStoreByte; ++i)
            if (byte(kBytes * side + i) != 0) return false;
    return total_stones() <= 255;
}

template <class Word>
int BasicPackedBoard<Word>::total_stones() const {
    int total = 0;
    for (int b = 0; b < 2 * kBytes; ++b) total += byte(b);
    return total;
}

template <class Word>
Position BasicPackedBoard<Word>::to_position() const {
    std::vector<int> south, north;
    for (int i = 0; i < n_; ++i) {
        south.push_back(pit(Side::South, i));
        north.push_back(pit(Side::North, i));
    }
    return Position::from_counts(south, north, store(Side::South), store(Side::North), to_move_);
}

template <class Word>
void BasicPackedBoard<Word>::sweep_rows(const Packed& r) {
    for (Side side : {Side::South, Side::North}) {
        const int left = row_stones(r, side);
        w_[static_cast<std::size_t>(index_of(side))] &= ~r.row;
        add_to_store(side, left);
    }
}

template struct BasicPackedRules<std::uint64_t>;
template struct BasicPackedRules<Word128>;
template class BasicPackedBoard<std::uint64_t>;
template class BasicPackedBoard<Word128>;

}  // namespace mancala::search
