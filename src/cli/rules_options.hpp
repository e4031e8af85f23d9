#pragma once
// The options every game-playing subcommand shares: rules preset, board size and
// an optional starting position.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace mancala::cli {

struct RulesOptions {
    std::string preset = "kalah";
    int pits = 6;
    int seeds = 4;
    std::string position;  ///< empty: the start position

    /// Adds --rules, --pits, --seeds and (if `with_position`) --position to `cmd`.
    void add_to(CLI::App& cmd, bool with_position = true);
    /// Throws std::invalid_argument with a clear message on bad values.
    Rules rules() const;
    /// The start position, or the --position given (checked against --pits).
    Position start(const Rules& rules) const;
};

}  // namespace mancala::cli
