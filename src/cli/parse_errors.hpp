#pragma once
// A command-line parse error from CLI11, said in the one line `mancala: error: ...`
// prints: naming the command it is about and the offending word or option.

#include <CLI/CLI.hpp>

#include <string>

namespace mancala::cli {

/// The message for `error`, thrown while `app` parsed: one line, no prefix.
/// `app` is the one that was parsing (its parsed subcommands say where it stopped).
std::string describe_parse_error(CLI::App& app, const CLI::ParseError& error);

}  // namespace mancala::cli
