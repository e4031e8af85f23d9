#pragma once
// One game of a batch (playouts(), VectorEnv): a position played move by move without a
// history, except under rules where a repeated position ends the game (Oware), whose
// session keeps what it must compare; and a random player cheap enough to play a
// hundred thousand games a second.

#include "core/move_list.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"
#include "play/game_session.hpp"

#include <cstdint>
#include <optional>

namespace mancala::python {

/// The plies after which a game that may go on for ever (Rules.can_repeat without
/// Rules.repetition) is cut short by Env, VectorEnv and playouts(), as the arena's are.
inline constexpr int kDefaultMaxPlies = 10'000;

/// The cut: `given` if any, else kDefaultMaxPlies for a game that may go on for ever, else 0 (none).
inline int max_plies_for(const Rules& rules, std::optional<int> given) {
    if (given) return *given;
    return can_repeat(rules) && !rules.repetition ? kDefaultMaxPlies : 0;
}

class BatchGame {
public:
    BatchGame(const Rules& rules, Side first) : position_(Position::start(rules)) {
        position_.set_to_move(first);
        if (rules.repetition) session_.emplace(rules, position_);
    }

    const Position& position() const { return session_ ? session_->position() : position_; }
    Side to_move() const { return position().to_move(); }
    int plies() const { return plies_; }
    bool over(const Rules& rules) const { return session_ ? session_->is_over() : position_.is_terminal(rules); }
    bool repeated() const { return session_ && session_->ended_by_repetition(); }
    MoveList legal_moves(const Rules& rules) const { return position().legal_moves(rules); }

    /// Plays `pit`. Precondition: the game is not over and `pit` is legal.
    MoveResult play(const Rules& rules, int pit) {
        ++plies_;
        if (session_) return session_->play(pit).result;
        return position_.apply(rules, pit);
    }

    /// `side`'s stones less the other's, as GameSession::score counts them: the final margin
    /// once over (a row left on the board is its owner's), the stores' difference before.
    int margin(const Rules& rules, Side side) const {
        const play::Score score = session_ ? session_->score() : score_of_position(rules);
        return score.of(side) - score.of(opponent(side));
    }

private:
    play::Score score_of_position(const Rules& rules) const {
        Position counted = position_;
        if (counted.is_terminal(rules)) counted.sweep_rows();
        return play::Score{counted.store(Side::South), counted.store(Side::North)};
    }

    Position position_;
    std::optional<play::GameSession> session_;
    int plies_ = 0;
};

/// A uniform choice among a few items: xoshiro256** with Lemire's multiply-shift range.
class FastRandom {
public:
    explicit FastRandom(std::uint64_t seed) {
        for (std::uint64_t& word : state_) word = splitmix(seed);
    }
    /// An integer in 0..count-1. Precondition: count > 0.
    int below(int count) { return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(count)) >> 32); }
    std::uint64_t next() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t splitmix(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::uint64_t state_[4];
};

}  // namespace mancala::python
