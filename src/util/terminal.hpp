#pragma once
// Facts about the terminal a front end talks to.

#include <cstdio>

namespace mancala {

/// True when `stream` is a terminal, not a file or a pipe.
bool is_terminal(std::FILE* stream);

/// True when output to `stream` should be coloured: it is a terminal and the
/// NO_COLOR convention (https://no-color.org: set and not empty) does not forbid it.
bool wants_color(std::FILE* stream);

}  // namespace mancala
