#pragma once
// The moves of a board as the databases of repeating games play them, forwards and
// backwards (solve/cyclic_tier_solver.hpp, solve/cyclic_counting_solver.hpp). A tier's
// board is its counts seen from the side to move: the mover's word and the opponent's,
// South to move on the cyclic board (search/cyclic_board.hpp).
//
// Backwards, the boards that lead to a board by a move that captures nothing are found
// by taking a sowing back: a sowing of k seeds from a pit adds the same seeds to the same
// cells whatever the board holds, so the board before it is the board after, less that
// pattern, with the pit holding k again. Each such candidate is kept only if playing the
// move forwards leads back to the board: what the backward step proposes, the forward
// move decides (must-feed, grand slams, captures, the end of the game).

#include "core/rule_decisions.hpp"
#include "core/rules.hpp"
#include "search/cyclic_board.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace mancala::solve {

/// A side's word of the cyclic board from `n` counts.
inline std::uint64_t cyclic_word(const int* counts, int n) {
    std::uint64_t w = 0;
    for (int i = 0; i < n; ++i) w |= static_cast<std::uint64_t>(counts[i]) << (8 * i);
    return w;
}

/// The counts of a side's word into `counts`.
inline void cyclic_counts(std::uint64_t word, int n, int* counts) {
    for (int i = 0; i < n; ++i) counts[i] = static_cast<int>((word >> (8 * i)) & 0xFF);
}

/// The legal moves of the board (South to move) as the tiers play them: none when the
/// end rule stops the game before a move.
inline unsigned database_moves(const search::CyclicRules& packed, const search::CyclicBoard& board) {
    const std::uint64_t own = board.word(Side::South) & packed.row, opp = board.word(Side::North) & packed.row;
    if (rule::game_over(packed.rules.end, own == 0, opp == 0)) return 0;
    return board.movable(packed);
}

/// Seeds the mover of a board with no legal move ends up with: the game is over, the
/// rules' leftovers decide, and the last move was the opponent's. `cells`: the mover's
/// counts, then the opponent's.
inline int terminal_share(const Rules& rules, const int* cells) {
    const int n = rules.pits;
    int own = 0, other = 0;
    for (int i = 0; i < n; ++i) {
        own += cells[i];
        other += cells[n + i];
    }
    const auto taker = rule::leftovers_taker(rules.leftovers, Side::North, own == 0, other == 0);
    if (!taker) return own;
    return *taker == Side::South ? own + other : 0;
}

/// The boards of a tier that lead to a given one by a move that captures nothing.
class CyclicUnmoves {
public:
    /// For boards of up to `max_stones` seeds (at most 127) under `packed`'s rules.
    CyclicUnmoves(const search::CyclicRules& packed, int max_stones) : r_(packed), max_(max_stones) {
        MANCALA_ASSERT(max_stones >= 0 && max_stones <= 127, "a count fits a byte's low seven bits");
        patterns_.resize(static_cast<std::size_t>(r_.n) * static_cast<std::size_t>(max_ + 1));
        for (int pit = 0; pit < r_.n; ++pit)
            for (int k = 1; k <= max_; ++k) {
                Pattern& p = pattern(pit, k);
                int stones = k;
                if (rule::first_stone_back(r_.rules, stones)) {
                    p.own += std::uint64_t{1} << (8 * pit);
                    --stones;
                }
                int rest = stones;
                if (stones >= r_.lap) {
                    const auto laps = static_cast<std::uint64_t>(stones / r_.lap);
                    rest = stones % r_.lap;
                    p.own += laps * r_.lap_own[static_cast<std::size_t>(pit)];
                    p.opp += laps * r_.ones;
                }
                const auto& span = r_.spans[static_cast<std::size_t>(pit)][static_cast<std::size_t>(rest)];
                p.own += span.own;
                p.opp += span.opp;
                p.origin = static_cast<std::uint8_t>((p.own >> (8 * pit)) & 0xFF);
                p.own &= ~(std::uint64_t{0xFF} << (8 * pit));
            }
        for (int pit = 0; pit < r_.n; ++pit)
            for (int k = 1; k <= max_; ++k)
                if (pattern(pit, k).origin < 64)
                    origins_[static_cast<std::size_t>(pit)] |= std::uint64_t{1} << pattern(pit, k).origin;
        // Every cell but the lifted pit gains seeds as k grows, so a pattern that does not
        // fit a board is followed by none that does: the search over k can stop there.
        for (int pit = 0; pit < r_.n; ++pit)
            for (int k = 2; k <= max_; ++k) monotone_ = monotone_ && covers(pattern(pit, k), pattern(pit, k - 1));
    }

    /// Calls `f(own, opp, same_mover)` for every board (words of the mover and the opponent,
    /// South to move) of the same seeds in the pits whose move leads to the board `own`,
    /// `opp` (its mover's and its opponent's words) without a capture and without ending the
    /// game; `same_mover` when the opponent had to pass, so that the mover moves on. A board
    /// with two such moves is met twice.
    template <class F>
    void for_each(std::uint64_t own, std::uint64_t opp, F&& f) const {
        // The opponent moved last, or the mover did and the opponent, its row empty, passed.
        for_each_by(opp, own, false, f);
        if ((opp & r_.row) == 0) for_each_by(own, opp, true, f);
    }

private:
    struct Pattern {
        std::uint64_t own = 0, opp = 0;  ///< the seeds sown, the lifted pit left out
        std::uint8_t origin = 0;         ///< the seeds in the lifted pit after the sowing
    };
    Pattern& pattern(int pit, int k) {
        return patterns_[static_cast<std::size_t>(pit) * static_cast<std::size_t>(max_ + 1) +
                         static_cast<std::size_t>(k)];
    }
    const Pattern& pattern(int pit, int k) const {
        return patterns_[static_cast<std::size_t>(pit) * static_cast<std::size_t>(max_ + 1) +
                         static_cast<std::size_t>(k)];
    }
    static constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
    /// Whether every byte of `a` is at least `b`'s (bytes below 128).
    static bool at_least(std::uint64_t a, std::uint64_t b) { return (((a | kHigh) - b) & kHigh) == kHigh; }
    static bool covers(const Pattern& a, const Pattern& b) {
        return at_least(a.own, b.own) && at_least(a.opp, b.opp);
    }

    /// The boards whose mover's word became `mover` and whose opponent's became `other`
    /// by one of the mover's moves, with `same_mover` telling who is due after it.
    template <class F>
    void for_each_by(std::uint64_t mover, std::uint64_t other, bool same_mover, F&& f) const {
        const int seeds = std::min(
            max_, search::CyclicBoard::Bytes::byte_sum(mover) + search::CyclicBoard::Bytes::byte_sum(other));
        for (int pit = 0; pit < r_.n; ++pit) {
            const auto origin = static_cast<std::uint8_t>((mover >> (8 * pit)) & 0xFF);
            // Most sowings leave the lifted pit empty: a pit holding seeds was seldom the one played.
            if (origin >= 64 || (origins_[static_cast<std::size_t>(pit)] >> origin & 1u) == 0) continue;
            for (int k = 1; k <= seeds; ++k) {
                const Pattern& p = pattern(pit, k);
                if (!at_least(mover, p.own) || !at_least(other, p.opp)) {
                    if (monotone_) break;
                    continue;
                }
                if (origin != p.origin) continue;
                const std::uint64_t before_own =
                    (mover - p.own) + (static_cast<std::uint64_t>(k - origin) << (8 * pit));
                const std::uint64_t before_opp = other - p.opp;
                // The forward move decides.
                search::CyclicBoard board =
                    search::CyclicBoard::from_words(r_.n, before_own, before_opp, Side::South);
                if ((database_moves(r_, board) >> pit & 1u) == 0) continue;
                const MoveResult result = board.apply(r_, pit);
                if (result.game_over) continue;
                if (board.to_move() != (same_mover ? Side::South : Side::North) ||
                    board.word(Side::South) != mover || board.word(Side::North) != other)
                    continue;
                f(before_own, before_opp, same_mover);
            }
        }
    }

    const search::CyclicRules& r_;
    int max_;
    bool monotone_ = true;
    std::vector<Pattern> patterns_;
    std::array<std::uint64_t, search::CyclicBoard::kMaxPits>
        origins_{};  ///< [pit]: bit c when some sowing leaves c there
};

}  // namespace mancala::solve
