#pragma once
// The options every game-playing subcommand shares: the rules (a preset, optionally
// refined: core/rules_string.hpp), the board size and an optional starting position.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <CLI/CLI.hpp>

#include <string>

namespace mancala::cli {

struct RulesOptions {
    std::string rules = "kalah";  ///< a rules string, e.g. "kalah:capture=always,extra-turn=no"
    int pits = 6;                 ///< read only when --pits is given: the game's own otherwise
    int seeds = 4;                ///< read only when --seeds is given
    std::string position;         ///< empty: the start position

    /// Adds --rules, --pits, --seeds and (if `with_position`) --position to
    /// `cmd`, and the games to its --help footer.
    void add_to(CLI::App& cmd, bool with_position = true);
    /// The rules given; with --position, the position's number of pits unless --pits is
    /// given, and its stones per pit at the start unless --seeds is (when they divide evenly).
    /// Throws std::invalid_argument with a clear message on bad values.
    Rules parsed_rules() const;
    /// The start position, or the --position given (checked against --pits).
    Position start(const Rules& rules) const;

    CLI::Option* pits_option = nullptr;
    CLI::Option* seeds_option = nullptr;
    CLI::Option* position_option = nullptr;  ///< nullptr without `with_position`
};

/// The help text on rules: the grammar and every game.
std::string rules_help();

}  // namespace mancala::cli
