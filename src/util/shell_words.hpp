#pragma once
// Splits a command line into words as a POSIX shell would, without running one:
// blanks separate words; 'single quotes' keep everything; "double quotes" keep
// everything but a backslash before ", \, $ or `; a backslash outside quotes keeps
// the next character. No expansions ($VAR, globs, ~) and no operators (|, ;, >):
// what is written is what the program gets.

#include <string>
#include <string_view>
#include <vector>

namespace mancala {

/// The words of `line`; throws std::invalid_argument for an unclosed quote, a
/// trailing backslash or a NUL byte, naming the column.
std::vector<std::string> split_shell_words(std::string_view line);

/// `words` quoted so that split_shell_words gives them back (for messages and logs).
std::string join_shell_words(const std::vector<std::string>& words);

}  // namespace mancala
