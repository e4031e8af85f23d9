// mancala: engine, solver and game server for Kalah and the mancala family.

#include "cli/commands.hpp"
#include "cli/parse_errors.hpp"
#include "cluster/communicator.hpp"
#include "core/game_catalogue.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace {

// "mancala", or in an MPI job "mancala (rank 1 of 3)": whose message it is.
std::string who() {
    const auto& world = mancala::cluster::Communicator::world();
    return world.distributed() ? fmt::format("mancala (rank {} of {})", world.rank(), world.size()) : "mancala";
}

// One process of several failed: the others would wait for it forever, so end them all.
int failed(int code) {
    const auto& world = mancala::cluster::Communicator::world();
    if (world.distributed()) world.abort(code);
    return code;
}

// Under mpirun only the commands that share their work among the processes run;
// any other would run once per process.
bool shares_work(int argc, char** argv) {
    const std::vector<std::string_view> words(argv + 1, argv + argc);
    if (words.empty()) return true;  // the usage message
    return words[0] == "solve" || (words[0] == "db" && words.size() > 1 && words[1] == "build") ||
           words[0].starts_with("-");
}

}  // namespace

int main(int argc, char** argv) {
    try {
        mancala::cluster::Communicator::world();  // joins the MPI job when mpirun started this process
    } catch (const std::exception& e) {
        fmt::print(stderr, "mancala: error: {}\n", e.what());
        return 2;
    }
    if (const auto& world = mancala::cluster::Communicator::world();
        world.distributed() && !shares_work(argc, argv)) {
        if (world.leader())
            fmt::print(stderr,
                       "mancala: error: under mpirun only `solve` and `db build` run, sharing their work among the "
                       "processes; run `{}{}` without mpirun\n",
                       argv[1], std::string_view(argv[1]) == "db" && argc > 2 ? fmt::format(" {}", argv[2]) : "");
        return 2;
    }
    CLI::App app{
        "mancala: engine, solver and game server for Kalah and the wider mancala family: Oware, Awari, "
        "Bohnenspiel, Congklak, Toguz Kumalak and more (`mancala games` lists them)",
        "mancala"};
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
    mancala::cli::add_games_command(app);
    mancala::cli::add_perft_command(app);
    mancala::cli::add_book_command(app);
    // A user's own games, loaded as soon as the option is read, so that every subcommand
    // (and its --rules) knows them.
    app.add_option_function<std::vector<std::string>>(
           "--games",
           [](const std::vector<std::string>& files) {
               for (const std::string& file : files) mancala::load_games_file(file);
           },
           "add the games of an INI file (sections [name] or [name:parent]; `mancala games --help` lists the "
           "keys)")
        ->trigger_on_parse()
        ->type_name("FILE");

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // One line naming the offending word; CLI11's own report takes two and may name none.
        fmt::print(stderr, "{}: error: {}\n", who(), mancala::cli::describe_parse_error(app, e));
        return failed(2);
    } catch (const mancala::cli::Interrupted& e) {
        fmt::print(stderr, "{}: interrupted: {}\n", who(), e.what());
        return failed(130);
    } catch (const std::invalid_argument& e) {  // UsageError and every rejected input
        fmt::print(stderr, "{}: error: {}\n", who(), e.what());
        return failed(2);
    } catch (const std::exception& e) {
        fmt::print(stderr, "{}: failed: {}\n", who(), e.what());
        return failed(1);
    }
    return 0;
}
