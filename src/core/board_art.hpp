#pragma once
// The board drawn for people, in plain ASCII, as the homework lays it out: row A
// (North) on top from A2 on the left, its store A1 on the left end; row B (South)
// below from B2, its store B(N+2) on the right end. Other games are drawn as they
// are played: their pit names, a clockwise board mirrored (South's store on the
// left), a tuzdyk as X.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <string>

namespace mancala {

struct BoardArtStyle {
    bool color = false;       ///< ANSI colours, for a terminal that wants them
    int highlight_cell = -1;  ///< a board cell to mark (Position's layout), e.g. the pit just played; -1: none
};

/// The board in seven lines, each ending in '\n'. Every column has the same width,
/// wide enough for the longest pit name and for the total number of stones, so the
/// drawing keeps its shape for the whole game. Without colour the highlighted
/// pit's count is followed by '*'; with colour it is shown in reverse video.
std::string board_art(const Position& position, const Rules& rules, const BoardArtStyle& style = {});
/// The same with the homework's names, on a counter-clockwise board.
std::string board_art(const Position& position, const BoardArtStyle& style = {});

}  // namespace mancala
