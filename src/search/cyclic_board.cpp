#include "search/cyclic_board.hpp"

#include <vector>

namespace mancala::search {

bool cyclic_shaped(const Rules& r) {
    if (rule::sows_own_store(r) || r.sowing != SowingRule::Single || r.tuzdyk || rule::earns_extra_turn(r))
        return false;
    // Every dimension the board reads, put back to its default: what is left must be
    // the default rules, so that a dimension added to Rules later, and set, is refused.
    Rules rest = r;
    const Rules defaults;
    rest.pits = defaults.pits;
    rest.seeds = defaults.seeds;
    rest.capture = defaults.capture;
    rest.end = defaults.end;
    rest.extra_turn = defaults.extra_turn;
    rest.direction = defaults.direction;  // names and drawings only
    rest.names = defaults.names;
    rest.stores_on_ring = defaults.stores_on_ring;
    rest.start = defaults.start;
    rest.skip_start = defaults.skip_start;
    rest.capture_takes_last = defaults.capture_takes_last;
    rest.capture_counts = defaults.capture_counts;
    rest.capture_side = defaults.capture_side;
    rest.capture_chain = defaults.capture_chain;
    rest.grand_slam = defaults.grand_slam;
    rest.must_feed = defaults.must_feed;
    rest.leftovers = defaults.leftovers;
    rest.majority = defaults.majority;
    rest.repetition = defaults.repetition;  // the search's path, not the board
    return rest == defaults;
}

CyclicRules::CyclicRules(const Rules& r) : rules(r), n(r.pits), key_words((2 * r.pits + 2 + 3) / 4) {
    MANCALA_ASSERT(n >= 1 && n <= CyclicBoard::kMaxPits, "a cyclic board's rules are of its size");
    MANCALA_ASSERT(cyclic_shaped(r), "a cyclic board plays rules of its shape only");
    // The sowing order is Position's, cell by cell, from South's side, each cell filed
    // at its mover-relative byte; North's sowings are the mirror image.
    const int ring = 2 * n + 2;
    const int skipped = rule::skipped_cell(n, Side::South);
    const int own_store = n;  // never sown: rule::sows_own_store is false for these rules
    for (int i = 0; i < n; ++i) {
        row |= std::uint64_t{0xFF} << (8 * i);
        ones |= std::uint64_t{1} << (8 * i);
    }
    captures_opposite = rule::captures(r.capture, 1);  // any opposite capture takes a pit of stones
    const bool skip = rule::skips_origin(r);
    lap = 2 * n - (skip ? 1 : 0);
    auto byte_of = [this](int cell) { return cell < n ? cell : kBytes + cell - n - 1; };
    auto mirrored = [this, ring](int cell) { return (cell + n + 1) % ring; };
    for (int b = 0; b < n; ++b) {
        cell_of[0][static_cast<std::size_t>(b)] = static_cast<std::int8_t>(b);
        cell_of[0][static_cast<std::size_t>(kBytes + b)] = static_cast<std::int8_t>(n + 1 + b);
        cell_of[1][static_cast<std::size_t>(b)] = static_cast<std::int8_t>(n + 1 + b);
        cell_of[1][static_cast<std::size_t>(kBytes + b)] = static_cast<std::int8_t>(b);
    }
    for (int own_row = 0; own_row < 2; ++own_row)
        for (int stones = 0; stones < 256; ++stones)
            count_takes[static_cast<std::size_t>(own_row)][static_cast<std::size_t>(stones)] =
                rule::count_captures(r, own_row == 1, stones);
    int most_taken = -1;  // from a pit of the opponent's row by a count capture
    for (int stones = 1; stones < 256; ++stones)
        if (count_takes[0][static_cast<std::size_t>(stones)]) most_taken = stones;
    screens_slams = !captures_opposite && most_taken < 0x7F;
    if (screens_slams) slam_screen = ones * static_cast<std::uint64_t>(0x7F - most_taken);
    for (int start = 0; start < n; ++start) {
        auto sown = [&](int c) { return c != skipped && c != own_store && !(skip && c == start); };
        auto next = [&](int c) {
            do c = c + 1 == ring ? 0 : c + 1;
            while (!sown(c));
            return c;
        };
        auto previous = [&](int c) {
            do c = c == 0 ? ring - 1 : c - 1;
            while (!sown(c));
            return c;
        };
        lap_own[static_cast<std::size_t>(start)] = ones & ~(skip ? std::uint64_t{0xFF} << (8 * start) : 0);
        auto& from_start = spans[static_cast<std::size_t>(start)];
        // Whole laps alone end where a lap does: in the lifted pit, or the cell before it when it is skipped.
        const int whole = sown(start) ? start : previous(start);
        from_start[0].last = static_cast<std::uint8_t>(byte_of(whole));
        from_start[0].last_cell = {static_cast<std::int8_t>(whole), static_cast<std::int8_t>(mirrored(whole))};
        std::uint64_t add[2] = {0, 0};
        int cell = start;
        for (int rest = 1; rest < lap; ++rest) {
            cell = next(cell);
            const int b = byte_of(cell);
            add[b / kBytes] += std::uint64_t{1} << (8 * (b % kBytes));
            Span& span = from_start[static_cast<std::size_t>(rest)];
            span.own = add[0];
            span.opp = add[1];
            span.last = static_cast<std::uint8_t>(b);
            span.last_cell = {static_cast<std::int8_t>(cell), static_cast<std::int8_t>(mirrored(cell))};
        }
    }
}

CyclicBoard CyclicBoard::from(const Position& p) {
    MANCALA_ASSERT(fits(p), "a cyclic board holds at most 7 pits a side, 255 stones and no tuzdyk");
    CyclicBoard b;
    b.n_ = static_cast<std::uint8_t>(p.pits());
    b.to_move_ = p.to_move();
    for (Side side : {Side::South, Side::North}) {
        std::uint64_t w = static_cast<std::uint64_t>(p.store(side)) << (8 * kStoreByte);
        for (int i = 0; i < p.pits(); ++i) w |= static_cast<std::uint64_t>(p.pit(side, i)) << (8 * i);
        b.w_[static_cast<std::size_t>(index_of(side))] = w;
    }
    MANCALA_ASSERT(b.is_consistent() && b.to_position() == p, "a cyclic board is its position, cell for cell");
    return b;
}

Position CyclicBoard::to_position() const {
    std::vector<int> south, north;
    for (int i = 0; i < n_; ++i) {
        south.push_back(pit(Side::South, i));
        north.push_back(pit(Side::North, i));
    }
    return Position::from_counts(south, north, store(Side::South), store(Side::North), to_move_);
}

bool CyclicBoard::is_consistent() const {
    if (n_ < 1 || n_ > kMaxPits) return false;
    if (to_move_ != Side::South && to_move_ != Side::North) return false;
    for (const std::uint64_t w : w_)
        for (int i = n_; i < kStoreByte; ++i)
            if (((w >> (8 * i)) & 0xFF) != 0) return false;
    int total = 0;
    for (const std::uint64_t w : w_)
        for (int i = 0; i < kBytes; ++i) total += static_cast<int>((w >> (8 * i)) & 0xFF);
    return total <= 255;
}

// Steps 3.4 to 3.7 (core/apply_move.cpp): the opposite capture, else the count capture
// and its chain back from the last stone, then the grand slam.
void CyclicBoard::capture(const Packed& r, Side mover, std::uint64_t& own, std::uint64_t& opp, int last,
                          MoveResult& result) {
    const std::uint64_t own_before = own, opp_before = opp;
    const auto m = static_cast<std::size_t>(index_of(mover));
    int from_opponent = 0, captured = 0;
    std::uint64_t cells = 0;
    auto at = [&](int b) { return static_cast<int>(((b < kBytes ? own : opp) >> (8 * (b % kBytes))) & 0xFF); };
    auto take = [&](int b) {
        const int stones = at(b);
        if (b >= kBytes) from_opponent += stones;
        captured += stones;
        cells |= std::uint64_t{1} << r.cell_of[m][static_cast<std::size_t>(b)];
        (b < kBytes ? own : opp) &= ~(std::uint64_t{0xFF} << (8 * (b % kBytes)));
    };
    // The pit before mover-relative byte b in sowing order, stores skipped.
    auto previous_pit = [&](int b) {
        if (b % kBytes > 0) return b - 1;
        return (b < kBytes ? kBytes : 0) + r.n - 1;
    };
    const bool own_row = last < kBytes;
    const int landed = at(last);
    const int opposite = kBytes + r.n - 1 - last;  // a byte of the opponent's word, when last is the mover's
    if (own_row && rule::landed_in_empty_pit(landed) && rule::captures(r.rules.capture, at(opposite))) {
        take(opposite);
        if (r.rules.capture_takes_last) take(last);
    } else if (rule::count_captures(r.rules, own_row, landed)) {
        take(last);
        if (r.rules.capture_chain)
            for (int b = previous_pit(last);
                 b != last && r.count_takes[b < kBytes ? 1 : 0][static_cast<std::size_t>(at(b))];
                 b = previous_pit(b))
                take(b);
    }
    own += static_cast<std::uint64_t>(captured) << (8 * kStoreByte);
    result.capture = captured > 0;
    result.captured = static_cast<std::uint16_t>(captured);
    result.captured_cells = cells;
    if (rule::is_grand_slam(from_opponent, (opp & r.row) == 0)) {
        result.grand_slam = true;
        if (rule::grand_slam_captures_nothing(r.rules)) {
            own = own_before;
            opp = opp_before;
            result.capture = false;
            result.captured = 0;
            result.captured_cells = 0;
        }
    }
}

unsigned CyclicBoard::filtered_moves(const Packed& r, unsigned pits, bool feeding) const {
    const Side mover = to_move_;
    const bool forbidden = rule::grand_slam_forbidden(r.rules);
    unsigned allowed = 0, slams = 0;
    for (unsigned left = pits; left != 0; left &= left - 1) {
        const int move = std::countr_zero(left);
        std::uint64_t own = word(mover), opp = word(opponent(mover));
        const MoveResult played = sow_and_capture(r, mover, own, opp, move);
        if (feeding && (opp & r.row) == 0) continue;
        (forbidden && played.grand_slam ? slams : allowed) |= 1u << move;
    }
    return allowed != 0 ? allowed : slams;
}

}  // namespace mancala::search
