#pragma once
// The engine's compact board for the games whose stores are off the sowing ring
// (Oware, Awari, Bohnenspiel, Vai Lung Thlan, and every rule set of their shape): a
// sowing goes round the 2N pits alone, so it never ends in a store, the mover never
// moves again, and a position can come back. One 64-bit word a side, its pits in the
// low bytes and its store in the top byte, as on the Kalah board (packed_board.hpp):
// a sowing is a few adds of precomputed masks, seen from the mover's side in two
// registers; a count capture and its chain walk the bytes back from the last stone;
// the legal moves are the non-empty pits' mask unless must-feed or a forbidden grand
// slam asks more; and the key is position_key's, computed from the words. Every
// decision is core/rule_decisions.hpp's, and the tests play it against Position::apply.

#include "core/position.hpp"
#include "core/rule_decisions.hpp"
#include "search/packed_board.hpp"
#include "util/assert.hpp"

#include <array>
#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace mancala::search {

/// True when CyclicBoard plays `rules` (on boards of at most 7 pits a side and 255
/// stones): no store on the ring, single sowing, no tuzdyk, no extra turn; any start,
/// skip of the lifted pit, opposite capture, count captures (counts, side, chain),
/// grand-slam rule, must-feed, end, leftovers, majority and repetition. A dimension
/// this board does not read, set away from its default, takes the game to the core board.
bool cyclic_shaped(const Rules& rules);

/// Masks and tables for one Rules; built once per search. As on the Kalah board a
/// sowing is described from the mover's side: "own" is the mover's word, "opp" the
/// opponent's, and a mover-relative byte b (0 .. 15) is byte b % 8 of own (b < 8) or of opp.
struct CyclicRules {
    static constexpr int kBytes = 8;
    explicit CyclicRules(const Rules& rules);

    Rules rules;
    int n = 0;
    int lap = 0;                     ///< cells a lap sows: every pit, less the lifted one with skip-start
    int key_words = 0;               ///< 64-bit words position_key hashes: (2n + 2 + 3) / 4
    std::uint64_t row = 0;           ///< 0xFF over the pits of a side's word
    std::uint64_t ones = 0;          ///< a byte 1 in every pit of a side's word
    bool captures_opposite = false;  ///< the rules have an opposite capture
    /// A forbidden grand slam's quick screen: no capture takes more than K stones from a
    /// pit of the opponent's row (K the largest count a count capture takes there), so a
    /// pit holding more can be neither taken nor emptied, and no move is a grand slam.
    /// 0x7F - K in each pit's byte sets bit 7 of such a pit's byte; screens_slams is false
    /// where an opposite capture can take any pit (or K is too large for a byte's test).
    bool screens_slams = false;
    std::uint64_t slam_screen = 0;
    /// [start pit]: a byte 1 in every pit of the mover's word one lap sows.
    std::array<std::uint64_t, kBytes> lap_own{};
    struct Span {
        std::uint64_t own = 0;                   ///< a byte 1 in each of the next r cells, the mover's word
        std::uint64_t opp = 0;                   ///< the same, the opponent's word
        std::uint8_t last = 0;                   ///< the mover-relative byte where the r-th stone falls
        std::array<std::int8_t, 2> last_cell{};  ///< [mover]: the same cell in Position's layout
    };
    /// [start pit of the mover][r], r < lap; r = 0: whole laps, ending where the last lap did.
    std::array<std::array<Span, 2 * kBytes>, kBytes> spans{};
    /// [own row][stones]: rule::count_captures of a pit that holds `stones`.
    std::array<std::array<bool, 256>, 2> count_takes{};
    /// [mover][mover-relative byte]: the cell of Position's layout.
    std::array<std::array<std::int8_t, 2 * kBytes>, 2> cell_of{};
};

/// A side's word holds its pits in bytes 0 .. n-1 (pit i in byte i) and its store in
/// its top byte; no byte can overflow into its neighbour (at most 255 stones).
class CyclicBoard {
public:
    using Packed = CyclicRules;  ///< its masks and tables for one Rules
    using Bytes = PackedWord<std::uint64_t>;
    static constexpr int kBytes = 8;
    static constexpr int kMaxPits = kBytes - 1;
    static constexpr int kStoreByte = kBytes - 1;

    static bool fits(const Position& p) {
        return p.pits() <= kMaxPits && p.total_stones() <= 255 && p.tuzdyk(Side::South) < 0 &&
               p.tuzdyk(Side::North) < 0;
    }
    /// The board's predicate: the engine searches `p` under `rules` on this board.
    static bool plays(const Rules& rules, const Position& p) { return cyclic_shaped(rules) && fits(p); }
    static CyclicBoard from(const Position& p);
    /// The board of `pits` pits a side whose words are `south` and `north` (each side's
    /// pits in its low bytes, its store in the top byte), `to_move` to play: the
    /// databases' sweeps build boards from counts without a Position.
    static CyclicBoard from_words(int pits, std::uint64_t south, std::uint64_t north, Side to_move) {
        CyclicBoard b;
        b.n_ = static_cast<std::uint8_t>(pits);
        b.w_ = {south, north};
        b.to_move_ = to_move;
        MANCALA_ASSERT(b.is_consistent(), "a cyclic board built from words is consistent");
        return b;
    }

    int pits() const { return n_; }
    Side to_move() const { return to_move_; }
    int pit(Side side, int i) const { return static_cast<int>((word(side) >> (8 * i)) & 0xFF); }
    int store(Side side) const { return static_cast<int>(word(side) >> (8 * kStoreByte)); }
    int store_difference(Side side) const { return store(side) - store(opponent(side)); }
    /// A side's word: its pits in bytes 0 .. n-1, its store in the top byte.
    std::uint64_t word(Side side) const { return w_[static_cast<std::size_t>(index_of(side))]; }

    /// Bit i set when pit i of the side to move is a legal move: a pit holding stones
    /// that must-feed and a forbidden grand slam allow (as Position::legal_moves).
    [[gnu::always_inline]] unsigned movable(const Packed& r) const {
        const std::uint64_t own = word(to_move_), opp = word(opponent(to_move_));
        const unsigned pits = Bytes::top_bits(nonzero_bytes(own & r.row));
        const bool feeding = rule::must_feed_now(r.rules, (opp & r.row) == 0);
        if (!feeding && !(rule::grand_slam_forbidden(r.rules) && may_slam(r, opp))) return pits;
        return filtered_moves(r, pits, feeding);
    }
    int move_count(const Packed& r) const { return std::popcount(movable(r)); }
    bool is_legal(const Packed& r, int pit) const { return pit >= 0 && pit < n_ && (movable(r) >> pit & 1u) != 0; }
    int row_stones(const Packed& r, Side side) const { return Bytes::byte_sum(word(side) & r.row); }

    /// Same rules and result as Position::apply. Precondition: pit `pit` of the side to
    /// move holds stones (legal, as the search takes it).
    [[gnu::always_inline]] MoveResult apply(const Packed& r, int pit);

    /// The transposition key: position_key of the same position (pits, no tuzdyk, side
    /// to move; stores left out), so that tables, table files and the repetitions along
    /// a path are those of the core board.
    std::uint64_t key(const Packed& r) const;

    Position to_position() const;

    /// The invariants every board keeps (debug builds assert them around each move):
    /// 1..kMaxPits pits a side, no stone in a byte past the pits but the stores, at most 255 stones.
    bool is_consistent() const;
    /// Every stone on the board, pits and stores.
    int total_stones() const { return Bytes::byte_sum(w_[0]) + Bytes::byte_sum(w_[1]); }

private:
    /// Bit 7 of each byte of `w` that is not 0, and no other bit (no carry crosses bytes).
    static std::uint64_t nonzero_bytes(std::uint64_t w) {
        constexpr std::uint64_t kLow7 = Bytes::kOnes * 0x7F, kHigh = Bytes::kOnes * 0x80;
        return (((w & kLow7) + kLow7) | w) & kHigh;
    }
    /// False when no move can take every stone of the opponent's row (the word `opp`):
    /// one of its pits holds more stones than any capture takes (CyclicRules::slam_screen).
    static bool may_slam(const Packed& r, std::uint64_t opp) {
        if (!r.screens_slams) return true;
        constexpr std::uint64_t kLow7 = Bytes::kOnes * 0x7F, kHigh = Bytes::kOnes * 0x80;
        const std::uint64_t pits = opp & r.row;
        return ((((pits & kLow7) + r.slam_screen) | pits) & kHigh) == 0;
    }
    /// Steps 2 and 3 of a move by `mover` from pit `pit` on the words `own` and `opp`
    /// (the sowing, the captures, the grand slam), without the end of the game.
    [[gnu::always_inline]] static MoveResult sow_and_capture(const Packed& r, Side mover, std::uint64_t& own,
                                                             std::uint64_t& opp, int pit);
    /// Captures after the last stone fell in mover-relative byte `last`.
    static void capture(const Packed& r, Side mover, std::uint64_t& own, std::uint64_t& opp, int last,
                        MoveResult& result);
    /// `pits` less the moves that do not feed (when `feeding`) and the forbidden grand slams.
    [[gnu::noinline]] unsigned filtered_moves(const Packed& r, unsigned pits, bool feeding) const;
    /// Whether the side to move has a legal move (the no-move end).
    bool has_legal_move(const Packed& r) const {
        const std::uint64_t due = word(to_move_) & r.row, other = word(opponent(to_move_)) & r.row;
        if (due == 0) return false;
        // A forbidden grand slam is played when every move is one: only feeding can leave none.
        if (!rule::must_feed_now(r.rules, other == 0)) return true;
        return filtered_moves(r, Bytes::top_bits(nonzero_bytes(due)), true) != 0;
    }

    std::array<std::uint64_t, 2> w_{};
    std::uint8_t n_ = 0;
    Side to_move_ = Side::South;

public:
    /// The same cells and side to move.
    friend bool operator==(const CyclicBoard& a, const CyclicBoard& b) {
        return a.w_[0] == b.w_[0] && a.w_[1] == b.w_[1] && a.to_move_ == b.to_move_ && a.n_ == b.n_;
    }
};

inline MoveResult CyclicBoard::sow_and_capture(const Packed& r, Side mover, std::uint64_t& own, std::uint64_t& opp,
                                               int pit) {
    MoveResult result;
    const int shift = 8 * pit;
    int stones = static_cast<int>((own >> shift) & 0xFF);
    own &= ~(std::uint64_t{0xFF} << shift);
    if (rule::first_stone_back(r.rules, stones)) {
        own += std::uint64_t{1} << shift;
        --stones;
    }
    int rest = stones;
    if (stones >= r.lap) {  // most sowings are shorter than a lap: spare them the division
        const auto laps = static_cast<std::uint64_t>(stones / r.lap);
        rest = stones % r.lap;
        own += laps * r.lap_own[static_cast<std::size_t>(pit)];
        opp += laps * r.ones;
    }
    const CyclicRules::Span& span = r.spans[static_cast<std::size_t>(pit)][static_cast<std::size_t>(rest)];
    own += span.own;
    opp += span.opp;
    result.last_cell = span.last_cell[static_cast<std::size_t>(index_of(mover))];
    const unsigned last = span.last;
    const bool own_row = last < kBytes;
    const int landed = static_cast<int>(((own_row ? own : opp) >> (8 * (last & (kBytes - 1)))) & 0xFF);
    // Steps 3.4 and 3.6: only a last stone that may capture goes further.
    const bool opposite_may = r.captures_opposite && own_row && rule::landed_in_empty_pit(landed);
    if (opposite_may || r.count_takes[own_row ? 1 : 0][static_cast<std::size_t>(landed)])
        capture(r, mover, own, opp, static_cast<int>(last), result);
    return result;
}

inline MoveResult CyclicBoard::apply(const Packed& r, int pit_index) {
    MANCALA_ASSERT(is_consistent(), "a cyclic board is consistent before a move");
    MANCALA_ASSERT(r.n == n_, "a cyclic board is played by rules of its own size");
    MANCALA_ASSERT(pit_index >= 0 && pit_index < n_ && pit(to_move_, pit_index) > 0,
                   "a move is a non-empty pit of the side to move");
    [[maybe_unused]] const int stones_before = util::kAssertionsOn ? total_stones() : 0;
    const Side mover = to_move_;
    const auto m = static_cast<std::size_t>(index_of(mover));
    std::uint64_t own = w_[m], opp = w_[1 - m];
    MoveResult result = sow_and_capture(r, mover, own, opp, pit_index);
    w_[m] = own;
    w_[1 - m] = opp;

    // Step 4: who is due, and the end of the game. No sowing ends in a store: no extra turn.
    Side next = opponent(mover);
    const bool own_empty = (own & r.row) == 0, opp_empty = (opp & r.row) == 0;
    const bool south_empty = m == 0 ? own_empty : opp_empty;
    const bool north_empty = m == 0 ? opp_empty : own_empty;
    bool over = rule::majority_reached(r.rules, store(Side::South), store(Side::North), total_stones());
    if (!over) switch (rule::after_move(r.rules.end, next, south_empty, north_empty)) {
            case rule::AfterMove::GameOver:
                over = true;
                break;
            case rule::AfterMove::Passes:
                next = opponent(next);
                result.passed = true;
                break;
            case rule::AfterMove::Continues:
                break;
        }
    to_move_ = next;
    if (!over && rule::ends_without_a_move(r.rules.end)) over = !has_legal_move(r);
    if (over) {
        if (const auto taker = rule::leftovers_taker(r.rules.leftovers, mover, south_empty, north_empty)) {
            const int left = row_stones(r, Side::South) + row_stones(r, Side::North);
            w_[0] &= ~r.row;
            w_[1] &= ~r.row;
            w_[static_cast<std::size_t>(index_of(*taker))] += static_cast<std::uint64_t>(left) << (8 * kStoreByte);
        } else {
            for (std::uint64_t& w : w_)
                w = (w & ~r.row) + (static_cast<std::uint64_t>(Bytes::byte_sum(w & r.row)) << (8 * kStoreByte));
        }
        result.game_over = true;
    }
    MANCALA_ASSERT(total_stones() == stones_before, "a move conserves the stones");
    MANCALA_ASSERT(is_consistent(), "a cyclic board is consistent after a move");
    return result;
}

inline std::uint64_t CyclicBoard::key(const Packed& r) const {
    // position_key hashes the cells as 16-bit counts in Position's layout, four to a
    // word: South's pits, 0 for its store (no tuzdyk), North's pits, 0, zeros after.
    // Here the same cells a byte each (at most 16), then each four bytes spread to a word.
    const Word128 cells =
        static_cast<Word128>(w_[0] & r.row) | (static_cast<Word128>(w_[1] & r.row) << (8 * (n_ + 1)));
    auto spread = [](std::uint64_t x) {  // bytes 0..3 of x into the four 16-bit lanes of a word
#if defined(__BMI2__)
        return _pdep_u64(x, 0x00FF00FF00FF00FFULL);
#else
        x &= 0xFFFFFFFFULL;
        x = (x | (x << 16)) & 0x0000FFFF0000FFFFULL;
        return (x | (x << 8)) & 0x00FF00FF00FF00FFULL;
#endif
    };
    const auto low = static_cast<std::uint64_t>(cells), high = static_cast<std::uint64_t>(cells >> 64);
    const std::uint64_t words[4] = {spread(low), spread(low >> 32), spread(high), spread(high >> 32)};
    std::uint64_t h = 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(to_move_ == Side::South ? 1 : 2);
    for (int i = 0; i < r.key_words; ++i) {
        h ^= words[i] + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
    }
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    h ^= h >> 29;
    return h;
}

}  // namespace mancala::search
