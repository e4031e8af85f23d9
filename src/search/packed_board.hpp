#pragma once
// The engine's compact board: one word a side, its pits in the low bytes and its
// store in the top byte, so that stores, rows and a side's legal moves are each a
// shift or a mask of one word. No byte can overflow into its neighbour (at most
// 255 stones), so a whole sowing is a few adds of precomputed masks (laps x "every
// cell the mover sows", plus "the next r cells after the start"), and row sums,
// sweeps and keys are O(1) word tricks. Two widths: a 64-bit word a side for the
// usual boards (PackedBoard, at most 7 pits a side) and a 128-bit one for the big
// ones (WidePackedBoard, at most 15), which would otherwise be played on Position.

#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "util/assert.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace mancala::search {

__extension__ typedef unsigned __int128 Word128;

/// What the two widths of word share: bytes, constants, and the few operations
/// that need the halves of a 128-bit word.
template <class Word>
struct PackedWord {
    static constexpr int kBytes = static_cast<int>(sizeof(Word));  ///< bytes a side: pits, then the store
    static constexpr int kMaxPits = kBytes - 1;
    static constexpr int kStoreByte = kBytes - 1;
    static constexpr Word kOnes = ~Word{0} / 0xFF;  ///< a byte 1 in every byte

    static std::uint64_t low(Word w) { return static_cast<std::uint64_t>(w); }
    static std::uint64_t high(Word w) {
        if constexpr (kBytes == 8)
            return 0;
        else
            return static_cast<std::uint64_t>(w >> 64);
    }
    /// The sum of a word's bytes (at most 255: the stones of a board).
    static int byte_sum(Word w) {
        constexpr std::uint64_t kOnes64 = 0x0101010101010101ULL;
        return static_cast<int>(((low(w) * kOnes64) >> 56) + ((high(w) * kOnes64) >> 56));
    }
    /// Bit i set when bit 7 of byte i is (bytes holding 0x80 or 0).
    static unsigned top_bits(Word w) {
        constexpr std::uint64_t kGather = 0x0102040810204080ULL;
        return static_cast<unsigned>((((low(w) >> 7) * kGather) >> 56) | ((((high(w) >> 7) * kGather) >> 56) << 8));
    }
    static int popcount(Word w) { return std::popcount(low(w)) + std::popcount(high(w)); }
};

/// Masks and tables for one Rules; built once per search. A sowing is described
/// from the mover's side (the two sides mirror each other): "own" is the mover's
/// word, "opp" the opponent's, and a byte index b (0 .. 2 * kBytes - 1) is byte
/// b % kBytes of own (b < kBytes) or of opp.
template <class Word>
struct BasicPackedRules {
    using Bytes = PackedWord<Word>;
    explicit BasicPackedRules(const Rules& rules);

    Rules rules;
    int n = 0;
    int loop = 0;           ///< cells one lap of a sowing visits: all but the opponent's store
    Word row = 0;           ///< 0xFF over the pits of a side's word (the same for both)
    Word sown_own = 0;      ///< a byte 1 in every cell of the mover's word a lap sows
    Word sown_opp = 0;      ///< the same in the opponent's word (its store skipped)
    Word to_store = 0;      ///< byte i: the stones whose sowing from pit i ends in the mover's store
    Word to_store_lap = 0;  ///< the same, a whole lap more
    struct Span {
        Word own = 0;                            ///< a byte 1 in each of the next r cells, the mover's word
        Word opp = 0;                            ///< the same, the opponent's word
        std::int8_t last = 0;                    ///< the mover-relative byte where the r-th stone falls
        std::array<std::int8_t, 2> last_cell{};  ///< [mover]: the same cell in Position's layout
    };
    /// [start pit of the mover][r], r < loop: a sowing starts from an own pit, a relay too.
    std::array<std::array<Span, 2 * Bytes::kBytes>, Bytes::kBytes> spans{};
};

/// A side's word holds its pits in bytes 0 .. n-1 (pit i in byte i) and its
/// store in its top byte: a byte index b is word b / kBytes, byte b % kBytes.
template <class Word>
class BasicPackedBoard {
public:
    using Bytes = PackedWord<Word>;
    using Packed = BasicPackedRules<Word>;  ///< its masks and tables for one Rules
    static constexpr int kBytes = Bytes::kBytes;
    static constexpr int kMaxPits = Bytes::kMaxPits;
    static constexpr int kStoreByte = Bytes::kStoreByte;

    static bool fits(const Position& p) { return p.pits() <= kMaxPits && p.total_stones() <= 255; }
    static BasicPackedBoard from(const Position& p);
    /// The byte index of a cell of Position's layout on a board of `pits` pits a side.
    static int byte_of_cell(int cell, int pits) {
        if (cell < pits) return cell;
        if (cell == pits) return kStoreByte;
        if (cell < 2 * pits + 1) return kBytes + cell - pits - 1;
        return kBytes + kStoreByte;
    }

    int pits() const { return n_; }
    Side to_move() const { return to_move_; }
    /// A cell of Position's layout (for conversions and checks).
    int cell(int c) const { return byte(byte_of_cell(c, n_)); }
    int pit(Side side, int i) const { return byte(kBytes * index_of(side) + i); }
    int store(Side side) const {
        return static_cast<int>(w_[static_cast<std::size_t>(index_of(side))] >> (8 * kStoreByte));
    }
    int store_difference(Side side) const { return store(side) - store(opponent(side)); }
    /// A side's word: its pits in bytes 0 .. n-1, its store in the top byte.
    Word word(Side side) const { return w_[static_cast<std::size_t>(index_of(side))]; }
    bool is_legal(int pit) const { return pit >= 0 && pit<n_&& this->pit(to_move_, pit)> 0; }
    /// Bit i set when pit i of the side to move holds stones: its legal moves.
    unsigned movable(const Packed& r) const { return Bytes::top_bits(nonempty_pits(r)); }
    /// The pit nearest the store whose sowing ends in the mover's store (it holds its
    /// distance to the store, or that and a lap), or -1: a move that earns an extra
    /// turn where the rules give one, found from the counts without playing it.
    int store_ending_pit(const Packed& r) const {
        const Word row = w_[static_cast<std::size_t>(index_of(to_move_))] & r.row;
        // A pit's byte is 0 in one difference or the other: bit 7 set in neither word.
        const Word misses = nonzero_bytes(row ^ r.to_store) & nonzero_bytes(row ^ r.to_store_lap);
        const unsigned pits = Bytes::top_bits(~misses & r.row & (Bytes::kOnes * 0x80));
        return pits == 0 ? -1 : std::bit_width(pits) - 1;
    }
    /// How many legal moves the side to move has: popcount(movable), one step shorter.
    int move_count(const Packed& r) const { return Bytes::popcount(nonempty_pits(r)); }

    int row_stones(const Packed& r, Side side) const {
        return Bytes::byte_sum(w_[static_cast<std::size_t>(index_of(side))] & r.row);
    }
    /// Stones in both rows.
    int pit_stones(const Packed& r) const {
        return Bytes::byte_sum(w_[0] & r.row) + Bytes::byte_sum(w_[1] & r.row);
    }

    /// Same rules and result as Position::apply. Precondition: is_legal(pit).
    MoveResult apply(const Packed& r, int pit);

    /// The transposition key: pits and side to move, stores left out. The 64-bit
    /// board hashes the pits as Position's layout places them (South's, a gap for its
    /// store, North's), so keys, table files and the bench's node signature are those
    /// of before this layout; the wide board has keys of its own.
    std::uint64_t key(const Packed&) const {
        if constexpr (kBytes == 8) {
            constexpr std::uint64_t kPits = 0x00FFFFFFFFFFFFFFULL;
            const Word128 x =
                static_cast<Word128>(w_[0] & kPits) | (static_cast<Word128>(w_[1] & kPits) << (8 * (n_ + 1)));
            std::uint64_t h = static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ULL;
            h ^= (static_cast<std::uint64_t>(x >> 64) + (to_move_ == Side::South ? 0x5555 : 0xAAAA)) *
                 0xC2B2AE3D27D4EB4FULL;
            return mix(h);
        } else {
            constexpr Word kPits = ~Word{0} >> 8;
            const Word south = w_[0] & kPits, north = w_[1] & kPits;
            std::uint64_t h = Bytes::low(south) * 0x9E3779B97F4A7C15ULL;
            h ^= Bytes::high(south) * 0xC2B2AE3D27D4EB4FULL;
            h = mix(h) ^ (Bytes::low(north) * 0x94D049BB133111EBULL);
            h ^= (Bytes::high(north) + (to_move_ == Side::South ? 0x5555 : 0xAAAA)) * 0xD6E8FEB86659FD93ULL;
            return mix(h);
        }
    }

    Position to_position() const;

    /// The invariants every packed board keeps (debug builds assert them around
    /// each move): 1..kMaxPits pits a side, no stone in a byte past the pits but the
    /// stores (a byte that overflowed would carry into its neighbour), at most 255 stones.
    bool is_consistent() const;

    /// Every stone on the board, pits and stores; O(cells), for the checks.
    int total_stones() const;

private:
    static std::uint64_t mix(std::uint64_t h) {
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 32;
        return h;
    }
    /// Bit 7 of each pit's byte of the side to move: set when the pit holds stones
    /// (no carry crosses bytes).
    Word nonempty_pits(const Packed& r) const {
        return nonzero_bytes(w_[static_cast<std::size_t>(index_of(to_move_))] & r.row);
    }
    /// Bit 7 of each byte of `w` that is not 0, and no other bit (no carry crosses bytes).
    static Word nonzero_bytes(Word w) {
        constexpr Word kLow7 = Bytes::kOnes * 0x7F, kHigh = Bytes::kOnes * 0x80;
        return (((w & kLow7) + kLow7) | w) & kHigh;
    }
    int byte(int b) const {
        return static_cast<int>((w_[static_cast<std::size_t>(b / kBytes)] >> (8 * (b % kBytes))) & 0xFF);
    }
    void add_to_store(Side side, int stones) {
        w_[static_cast<std::size_t>(index_of(side))] += static_cast<Word>(stones) << (8 * kStoreByte);
    }
    void sweep_rows(const Packed& r);

    std::array<Word, 2> w_{};
    std::uint8_t n_ = 0;
    Side to_move_ = Side::South;

public:
    /// The same cells and side to move.
    friend bool operator==(const BasicPackedBoard& a, const BasicPackedBoard& b) {
        return a.w_[0] == b.w_[0] && a.w_[1] == b.w_[1] && a.to_move_ == b.to_move_ && a.n_ == b.n_;
    }
};

using PackedBoard = BasicPackedBoard<std::uint64_t>;
using PackedRules = BasicPackedRules<std::uint64_t>;
using WidePackedBoard = BasicPackedBoard<Word128>;
using WidePackedRules = BasicPackedRules<Word128>;

template <class Word>
inline MoveResult BasicPackedBoard<Word>::apply(const Packed& r, int pit_index) {
    MANCALA_ASSERT(is_consistent(), "a packed board is consistent before a move");
    MANCALA_ASSERT(r.n == n_, "a packed board is played by rules of its own size");
    MANCALA_ASSERT(is_legal(pit_index), "a move is a non-empty pit of the side to move");
    [[maybe_unused]] const int stones_before = util::kAssertionsOn ? total_stones() : 0;
    MoveResult result;
    const Side mover = to_move_;
    const auto m = static_cast<std::size_t>(index_of(mover));
    // The two words in registers, seen from the mover's side: every byte a move reads
    // or clears is then a shift of a known word, never an indexed load.
    Word own = w_[m];
    Word opp = w_[1 - m];
    int start = pit_index;  // always an own pit: a relay goes on only from one
    for (;;) {
        const int shift = 8 * start;
        const int stones = static_cast<int>((own >> shift) & 0xFF);
        own &= ~(Word{0xFF} << shift);
        int rest = stones;
        if (stones >= r.loop) {  // most sowings are shorter than a lap: spare them the division
            const auto laps = static_cast<Word>(stones / r.loop);
            rest = stones % r.loop;
            own += laps * r.sown_own;
            opp += laps * r.sown_opp;
        }
        const typename Packed::Span& span =
            r.spans[static_cast<std::size_t>(start)][static_cast<std::size_t>(rest)];
        own += span.own;
        opp += span.opp;
        const int last = span.last;  // rest 0: a whole number of laps ends where it began
        result.last_cell = span.last_cell[m];

        if (last == kStoreByte) {
            result.extra_turn = rule::earns_extra_turn(r.rules);
            break;
        }
        if (last >= kBytes) break;  // the opponent's side
        const int landed = static_cast<int>((own >> (8 * last)) & 0xFF);
        if (rule::landed_in_empty_pit(landed)) {
            const int opposite = n_ - 1 - last;  // a byte of the opponent's word
            const int across = static_cast<int>((opp >> (8 * opposite)) & 0xFF);
            if (rule::captures(r.rules.capture, across)) {
                result.capture = true;
                result.captured = static_cast<std::uint16_t>(1 + across);
                own &= ~(Word{0xFF} << (8 * last));
                opp &= ~(Word{0xFF} << (8 * opposite));
                own += static_cast<Word>(1 + across) << (8 * kStoreByte);
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
    // The rows' emptiness from the words still in registers, not read back by side.
    const bool own_empty = (own & r.row) == 0, opp_empty = (opp & r.row) == 0;
    const bool south_empty = m == 0 ? own_empty : opp_empty;
    const bool north_empty = m == 0 ? opp_empty : own_empty;
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

extern template struct BasicPackedRules<std::uint64_t>;
extern template struct BasicPackedRules<Word128>;
extern template class BasicPackedBoard<std::uint64_t>;
extern template class BasicPackedBoard<Word128>;

}  // namespace mancala::search
