#pragma once
// A finished (or unfinished) game as a reviewer reads it: the rules, the position
// it started from and its moves, written as a person or the arena writes them
// ("B2 A5 B7 ...": pit names, or numbers counted from the mover's left).

#include "core/position.hpp"
#include "core/rules.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace mancala::review {

/// At most this many moves in a game to review (the arena's longest game is 10,000 plies).
inline constexpr std::size_t kMaxReviewMoves = 10'000;

struct GameMoves {
    Rules rules;
    Position start;
    std::vector<int> moves;  ///< pit indices, each in its mover's sowing order
};

/// Reads `text` (moves separated by spaces, commas or new lines) as the moves of a game
/// from `start`. Throws std::invalid_argument naming the first bad move by its number and
/// text: not a pit of the side to move, an empty pit, a move after the game ended, or more
/// than kMaxReviewMoves moves.
GameMoves parse_game_moves(const Rules& rules, const Position& start, std::string_view text);

/// The moves of `game` written back as pit names ("B2 A5 ..."), which parse_game_moves reads.
std::string format_game_moves(const GameMoves& game);

}  // namespace mancala::review
