#pragma once
// What a move did, told for people: where the stones went and what followed
// (capture, extra turn, pass, end of the game).

#include "play/game_session.hpp"

#include <string>

namespace mancala::play {

/// "South" or "North", for the start of a sentence.
std::string_view side_title(Side side);

/// The name of a board cell (Position's layout): a pit ("B4", "c") or a store ("A1").
std::string cell_name(const Rules& rules, int cell);
/// The same with the homework's names, on a board of `pits` pits a side.
std::string cell_name(int pits, int cell);

/// The path of the sowing in one phrase, e.g. "4 stones from B4, the last into the store B8",
/// or "3 stones from A5, relayed 2 times, the last into A2".
std::string sowing_path(const Rules& rules, const PlayedMove& move);

/// One to three sentences for the whole move, e.g.
///   "South played B4: 4 stones from B4, the last into the store B8. Extra turn: South moves again."
///   "South played B2: 1 stone from B2, the last into B3. South captures 4 stones: the last stone in B3
///    and 3 from A3."
///   "South played F: 5 stones from F, the last into d. South captures 5 stones: b, c and d."
std::string describe_move(const Rules& rules, const PlayedMove& move);

}  // namespace mancala::play
