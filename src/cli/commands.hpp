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

void add_homework_command(CLI::App& app);
void add_analyze_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_play_command(CLI::App& app);

}  // namespace mancala::cli
