// mancala: engine, solver and game server for Kalah and the mancala family.

#include "cli/commands.hpp"
#include "cli/parse_errors.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <exception>

int main(int argc, char** argv) {
    CLI::App app{"mancala: engine, solver and game server for Kalah and the wider mancala family", "mancala"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "mancala 0.1.0");
    mancala::cli::add_homework_command(app);
    mancala::cli::add_analyze_command(app);
    mancala::cli::add_bench_command(app);
    mancala::cli::add_play_command(app);
    mancala::cli::add_arena_command(app);
    mancala::cli::add_solve_command(app);
    mancala::cli::add_db_command(app);
    mancala::cli::add_review_command(app);
    mancala::cli::add_serve_command(app);
    mancala::cli::add_engine_command(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // One line naming the offending word; CLI11's own report takes two and may name none.
        fmt::print(stderr, "mancala: error: {}\n", mancala::cli::describe_parse_error(app, e));
        return 2;
    } catch (const mancala::cli::Interrupted& e) {
        fmt::print(stderr, "mancala: interrupted: {}\n", e.what());
        return 130;
    } catch (const std::invalid_argument& e) {  // UsageError and every rejected input
        fmt::print(stderr, "mancala: error: {}\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "mancala: failed: {}\n", e.what());
        return 1;
    }
    return 0;
}
