#include "util/terminal.hpp"

#include <unistd.h>

#include <cstdlib>

namespace mancala {

bool is_terminal(std::FILE* stream) { return ::isatty(::fileno(stream)) == 1; }

bool wants_color(std::FILE* stream) {
    const char* no_color = std::getenv("NO_COLOR");
    return is_terminal(stream) && (no_color == nullptr || *no_color == '\0');
}

}  // namespace mancala
