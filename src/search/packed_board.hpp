#pragma once
// The engine's compact board for small games (at most 7 pits a side and 255
// stones): one 64-bit word a side, its pits in the low bytes and its store in the
// top byte, so that stores, rows and a side's legal moves are each a shift or a
// mask of one word. No byte can overflow into its neighbour, so a whole sowing
// is a few 64-bit adds of precomputed masks (laps x "every cell the mover sows",
// plus "the next r cells after the start"), and row sums, sweeps and keys are
// O(1) word tricks.

#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "util/assert.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace mancala::search {

/// Masks and tables for one Rules; built once per search. A sowing is described
/// from the mover's side (the two sides mirror each other): "own" is the mover's
/// word, "opp" the opponent's, and a byte index b (0..15) is byte b & 7 of own
/// (b < 8) or of opp (b >= 8).
struct PackedRules {
    explicit PackedRules(const Rules& rules);

    Rules rules;
    int n = 0;
    int loop = 0;                ///< cells one lap of a sowing visits: all but the opponent's store
    std::uint64_t row = 0;       ///< 0xFF over the pits of a side's word (the same for both)
    std::uint64_t sown_own = 0;  ///< a byte 1 in every cell of the mover's word a lap sows
    std::uint64_t sown_opp = 0;  ///< the same in the opponent's word (its store skipped)
    struct Span {
        std::uint64_t own = 0;                   ///< a byte 1 in each of the next r cells, the mover's word
        std::uint64_t opp = 0;                   ///< the same, the opponent's word
        std::int8_t last = 0;                    ///< the mover-relative byte where the r-th stone falls
        std::array<std::int8_t, 2> last_cell{};  ///< [mover]: the same cell in Position's layout
    };
    /// [start pit of the mover][r], r < loop: a sowing starts from an own pit, a relay too.
    std::array<std::array<Span, 16>, 8> spans{};
};

/// A side's word holds its pits in bytes 0 .. n-1 (pit i in byte i) and its
/// store in byte 7: a byte index b (0..15) is word b >> 3, byte b & 7.
class PackedBoard {
public:
    static constexpr int kStoreByte = 7;
    static constexpr std::uint64_t kBytes = 0x0101010101010101ULL;

    static bool fits(const Position& p) { return p.pits() <= 7 && p.total_stones() <= 255; }
    static PackedBoard from(const Position& p);
    /// The byte index of a cell of Position's layout on a board of `pits` pits a side.
    static int byte_of_cell(int cell, int pits) {
        if (cell < pits) return cell;
        if (cell == pits) return kStoreByte;
        if (cell < 2 * pits + 1) return 8 + cell - pits - 1;
        return 8 + kStoreByte;
    }

    int pits() const { return n_; }
    Side to_move() const { return to_move_; }
    /// A cell of Position's layout (for conversions and checks).
    int cell(int c) const { return byte(byte_of_cell(c, n_)); }
    int pit(Side side, int i) const { return byte(8 * index_of(side) + i); }
    int store(Side side) const { return static_cast<int>(w_[static_cast<std::size_t>(index_of(side))] >> 56); }
    int store_difference(Side side) const { return store(side) - store(opponent(side)); }
    /// A side's word: its pits in bytes 0 .. n-1, its store in byte 7.
    std::uint64_t word(Side side) const { return w_[static_cast<std::size_t>(index_of(side))]; }
    bool is_legal(int pit) const { return pit >= 0 && pit<n_&& this->pit(to_move_, pit)> 0; }
    /// Bit i set when pit i of the side to move holds stones: its legal moves.
    unsigned movable(const PackedRules& r) const {
        return static_cast<unsigned>(((nonempty_pits(r) >> 7) * 0x0102040810204080ULL) >> 56);
    }
    /// How many legal moves the side to move has: popcount(movable), one step shorter.
    int move_count(const PackedRules& r) const { return std::popcount(nonempty_pits(r)); }

    int row_stones(const PackedRules& r, Side side) const {
        return static_cast<int>(((w_[static_cast<std::size_t>(index_of(side))] & r.row) * kBytes) >> 56);
    }
    bool row_empty(const PackedRules& r, Side side) const {
        return (w_[static_cast<std::size_t>(index_of(side))] & r.row) == 0;
    }
    /// Stones in both rows.
    int pit_stones(const PackedRules& r) const {
        return static_cast<int>(((w_[0] & r.row) * kBytes >> 56) + ((w_[1] & r.row) * kBytes >> 56));
    }

    /// Same rules and result as Position::apply. Precondition: is_legal(pit).
    MoveResult apply(const PackedRules& r, int pit);

    /// The transposition key: pits and side to move, stores left out. It hashes the
    /// pits as Position's layout places them (South's, a gap for its store, North's),
    /// so keys, table files and the bench's node signature are those of before
    /// this layout.
    std::uint64_t key(const PackedRules&) const {
        constexpr std::uint64_t kPits = 0x00FFFFFFFFFFFFFFULL;
        __extension__ using U128 = unsigned __int128;
        const U128 x = static_cast<U128>(w_[0] & kPits) | (static_cast<U128>(w_[1] & kPits) << (8 * (n_ + 1)));
        std::uint64_t h = static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ULL;
        h ^= (static_cast<std::uint64_t>(x >> 64) + (to_move_ == Side::South ? 0x5555 : 0xAAAA)) *
             0xC2B2AE3D27D4EB4FULL;
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 32;
        return h;
    }

    Position to_position() const;

    /// The invariants every packed board keeps (debug builds assert them around
    /// each move): 1..7 pits a side, no stone in a byte past the pits but the
    /// stores (a byte that overflowed would carry into its neighbour), at most 255 stones.
    bool is_consistent() const;

    /// Every stone on the board, pits and stores; O(cells), for the checks.
    int total_stones() const;

private:
    /// Bit 7 of each pit's byte of the side to move: set when the pit holds stones
    /// (no carry crosses bytes).
    std::uint64_t nonempty_pits(const PackedRules& r) const {
        const std::uint64_t row = w_[static_cast<std::size_t>(index_of(to_move_))] & r.row;
        return (((row & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | row) & 0x8080808080808080ULL;
    }
    int byte(int b) const {
        return static_cast<int>((w_[static_cast<std::size_t>(b >> 3)] >> (8 * (b & 7))) & 0xFF);
    }
    void add_to_store(Side side, int stones) {
        w_[static_cast<std::size_t>(index_of(side))] += static_cast<std::uint64_t>(stones) << 56;
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
    // The two words in registers, seen from the mover's side: every byte a move reads
    // or clears is then a shift of a known word, never an indexed load.
    std::uint64_t own = w_[m];
    std::uint64_t opp = w_[1 - m];
    int start = pit_index;  // always an own pit: a relay goes on only from one
    for (;;) {
        const int shift = 8 * start;
        const int stones = static_cast<int>((own >> shift) & 0xFF);
        own &= ~(0xFFULL << shift);
        int rest = stones;
        if (stones >= r.loop) {  // most sowings are shorter than a lap: spare them the division
            const auto laps = static_cast<std::uint64_t>(stones / r.loop);
            rest = stones % r.loop;
            own += laps * r.sown_own;
            opp += laps * r.sown_opp;
        }
        const PackedRules::Span& span = r.spans[static_cast<std::size_t>(start)][static_cast<std::size_t>(rest)];
        own += span.own;
        opp += span.opp;
        const int last = span.last;  // rest 0: a whole number of laps ends where it began
        result.last_cell = span.last_cell[m];

        if (last == kStoreByte) {
            result.extra_turn = rule::earns_extra_turn(r.rules);
            break;
        }
        if (last >= 8) break;  // the opponent's side
        const int landed = static_cast<int>((own >> (8 * last)) & 0xFF);
        if (rule::landed_in_empty_pit(landed)) {
            const int opposite = n_ - 1 - last;  // a byte of the opponent's word
            const int across = static_cast<int>((opp >> (8 * opposite)) & 0xFF);
            if (rule::captures(r.rules.capture, across)) {
                result.capture = true;
                result.captured = static_cast<std::uint16_t>(1 + across);
                own &= ~(0xFFULL << (8 * last));
                opp &= ~(0xFFULL << (8 * opposite));
                own += static_cast<std::uint64_t>(1 + across) << (8 * kStoreByte);
            }
            break;
        }
        if (!rule::sows_on(r.rules.sowing)) break;
        ++result.relays;  // ends: see the bound in core/apply_move.cpp
        start = last;
    }
    w_[m] = own;
    w_[1 - m] = opp;

    Side next = result.extra_turn ? mover : opponent(mover);
    switch (rule::after_move(r.rules.end, next, row_empty(r, Side::South), row_empty(r, Side::North))) {
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
