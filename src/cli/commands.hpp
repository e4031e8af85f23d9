#pragma once
// Each subcommand of `mancala` registers itself on the application here.

#include <CLI/CLI.hpp>

#include <stdexcept>
#include <string>

namespace mancala::cli {

/// Bad input from the user (arguments, files): reported in one line, exit code 2.
class UsageError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The run was interrupted (Ctrl-C) after saving what it could: exit code 130.
class Interrupted : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

void add_homework_command(CLI::App& app);
void add_analyze_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_arena_command(CLI::App& app);
void add_db_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_review_command(CLI::App& app);
void add_engine_command(CLI::App& app);
void add_games_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_book_command(CLI::App& app);

}  // namespace mancala::cli
