#pragma once
// The engine's compact board for small games (at most 7 pits a side and 255
// stones): the 16 cells as bytes in two 64-bit words, in Position's layout. No
// byte can overflow into its neighbour, so a whole sowing is a few 64-bit adds
// of precomputed masks (laps x "every cell the mover sows", plus "the next r
// cells after the start"), and row sums, sweeps and keys are O(1) word tricks.

#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "util/assert.hpp"

#include <array>
#include <cstdint>

namespace mancala::search {

/// Masks and tables for one Rules; built once per search.
struct PackedRules {
    explicit PackedRules(const Rules& rules);

    Rules rules;
    int n = 0;
    int loop = 0;  ///< cells one lap of a sowing visits: all but the opponent's store
    std::array<std::array<std::uint64_t, 2>, 2> sown{};  ///< [mover][word]: a byte 1 in every cell it sows
    std::array<std::array<std::uint64_t, 2>, 2> row{};   ///< [side][word]: 0xFF over the side's pits
    std::array<std::uint64_t, 2> stores{};               ///< [word]: 0xFF over both stores
    struct Span {
        std::array<std::uint64_t, 2> add{};  ///< a byte 1 in each of the next r cells (opponent's store skipped)
        std::int8_t last = 0;                ///< where the r-th stone falls
    };
    std::array<std::array<std::array<Span, 16>, 16>, 2> spans{};  ///< [mover][start cell][r], r < loop
};

class PackedBoard {
public:
    static bool fits(const Position& p) { return p.pits() <= 7 && p.total_stones() <= 255; }
    static PackedBoard from(const Position& p);

    int pits() const { return n_; }
    Side to_move() const { return to_move_; }
    int cell(int c) const { return static_cast<int>((w_[c >> 3] >> (8 * (c & 7))) & 0xFF); }
    int first_pit(Side side) const { return side == Side::South ? 0 : n_ + 1; }
    int store_cell(Side side) const { return side == Side::South ? n_ : 2 * n_ + 1; }
    int pit(Side side, int i) const { return cell(first_pit(side) + i); }
    int store(Side side) const { return cell(store_cell(side)); }
    int store_difference(Side side) const { return store(side) - store(opponent(side)); }
    bool is_legal(int pit) const { return pit >= 0 && pit<n_&& this->pit(to_move_, pit)> 0; }

    int row_stones(const PackedRules& r, Side side) const {
        constexpr std::uint64_t kBytes = 0x0101010101010101ULL;
        const auto s = static_cast<std::size_t>(index_of(side));
        return static_cast<int>((((w_[0] & r.row[s][0]) * kBytes) >> 56) +
                                (((w_[1] & r.row[s][1]) * kBytes) >> 56));
    }

    /// Same rules and result as Position::apply. Precondition: is_legal(pit).
    MoveResult apply(const PackedRules& r, int pit);

    /// The transposition key: pits and side to move, stores left out.
    std::uint64_t key(const PackedRules& r) const {
        std::uint64_t h = (w_[0] & ~r.stores[0]) * 0x9E3779B97F4A7C15ULL;
        h ^= ((w_[1] & ~r.stores[1]) + (to_move_ == Side::South ? 0x5555 : 0xAAAA)) * 0xC2B2AE3D27D4EB4FULL;
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 32;
        return h;
    }

    Position to_position() const;

    /// The invariants every packed board keeps (debug builds assert them around
    /// each move): 1..7 pits a side, no stone in a byte past the board's cells
    /// (a byte that overflowed would carry into its neighbour), at most 255 stones.
    bool is_consistent() const;

    /// Every stone on the board, pits and stores; O(cells), for the checks.
    int total_stones() const;

private:
    void set_cell(int c, int value) {
        const int shift = 8 * (c & 7);
        w_[c >> 3] = (w_[c >> 3] & ~(0xFFULL << shift)) | (static_cast<std::uint64_t>(value) << shift);
    }
    void sweep_rows(const PackedRules& r);

    std::array<std::uint64_t, 2> w_{};
    std::uint8_t n_ = 0;
    Side to_move_ = Side::South;
};

inline MoveResult PackedBoard::apply(const PackedRules& r, int pit_index) {
    MANCALA_ASSERT(is_consistent(), "a packed board is consistent before a move");
    MANCALA_ASSERT(r.n == n_, "a packed board is played by rules of its own size");
    MANCALA_ASSERT(is_legal(pit_index), "a move is a non-empty pit of the side to move");
    [[maybe_unused]] const int stones_before = util::kAssertionsOn ? total_stones() : 0;
    MoveResult result;
    const Side mover = to_move_;
    const auto m = static_cast<std::size_t>(index_of(mover));
    const int n = n_;
    const int base = first_pit(mover);
    const int own_store = store_cell(mover);
    int start = base + pit_index;
    for (;;) {
        const int stones = cell(start);
        set_cell(start, 0);
        // Most sowings are shorter than a lap: spare them the divisions.
        const int laps = stones < r.loop ? 0 : stones / r.loop;
        const int rest = stones < r.loop ? stones : stones % r.loop;
        const auto& span = r.spans[m][static_cast<std::size_t>(start)][static_cast<std::size_t>(rest)];
        const auto lap_count = static_cast<std::uint64_t>(laps);
        w_[0] += lap_count * r.sown[m][0] + span.add[0];
        w_[1] += lap_count * r.sown[m][1] + span.add[1];
        const int last = rest == 0 ? start : span.last;
        result.last_cell = static_cast<std::int8_t>(last);

        if (last == own_store) {
            result.extra_turn = rule::earns_extra_turn(r.rules);
            break;
        }
        if (last < base || last >= base + n) break;
        if (rule::landed_in_empty_pit(cell(last))) {
            const int opposite = 2 * n - last;
            const int across = cell(opposite);
            if (rule::captures(r.rules.capture, across)) {
                result.capture = true;
                result.captured = static_cast<std::uint16_t>(1 + across);
                set_cell(own_store, cell(own_store) + 1 + across);
                set_cell(last, 0);
                set_cell(opposite, 0);
            }
            break;
        }
        if (!rule::sows_on(r.rules.sowing)) break;
        ++result.relays;  // ends: see the bound in core/apply_move.cpp
        start = last;
    }

    Side next = result.extra_turn ? mover : opponent(mover);
    const bool south_empty = row_stones(r, Side::South) == 0;
    const bool north_empty = row_stones(r, Side::North) == 0;
    switch (rule::after_move(r.rules.end, next, south_empty, north_empty)) {
        case rule::AfterMove::GameOver:
            sweep_rows(r);
            result.game_over = true;
            break;
        case rule::AfterMove::Passes:
            next = opponent(next);
            result.passed = true;
            break;
        case rule::AfterMove::Continues:
            break;
    }
    to_move_ = next;
    MANCALA_ASSERT(total_stones() == stones_before, "a move conserves the stones");
    MANCALA_ASSERT(is_consistent(), "a packed board is consistent after a move");
    return result;
}

}  // namespace mancala::search
