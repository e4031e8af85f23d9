// arena(): a tournament from Python with the command line's options (`mancala arena`),
// its results as the dict of results.json, every game as the journal writes it, and
// pandas DataFrames of both when pandas is there.

#include "agent_context.hpp"
#include "bindings.hpp"
#include "game_position.hpp"
#include "json_objects.hpp"

#include "arena/journal.hpp"
#include "arena/opening_book.hpp"
#include "arena/report.hpp"
#include "arena/time_control.hpp"
#include "arena/tournament.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

py::dict run_arena(const std::vector<std::string>& agent_specs, const py::object& rules, const py::object& games,
                   bool gauntlet, const py::object& openings_plies, const py::object& balanced_openings,
                   const std::optional<std::string>& openings, const py::object& seed, double move_time_limit,
                   const std::optional<std::string>& time_control, const py::object& jobs,
                   const std::optional<std::string>& out, bool fresh, const std::optional<std::string>& db) {
    arena::TournamentConfig config;
    config.rules = rules_from(rules);
    config.agents = agent_specs;
    if (config.agents.size() < 2)
        throw std::invalid_argument(
            fmt::format("agents needs at least two agent specs, got {}", config.agents.size()));
    config.format = gauntlet ? arena::Format::Gauntlet : arena::Format::RoundRobin;
    config.games_per_pairing = int_between(games, "games", 1, 1'000'000);
    config.opening_plies = int_between(openings_plies, "openings_plies", 0, 1000);
    if (!balanced_openings.is_none())
        config.balanced_within = int_between(balanced_openings, "balanced_openings", 0, 1000);
    if (openings) config.book = arena::read_opening_book(*openings, config.rules);
    config.seed = static_cast<std::uint64_t>(integer_between(seed, "seed", 0, 1'000'000'000'000'000'000LL));
    config.move_time_limit = duration_from(move_time_limit, "move_time_limit");
    if (time_control) config.time_control = arena::parse_time_control(*time_control);

    arena::RunOptions options;
    options.context = agent_context(db.value_or(""), std::nullopt);
    options.jobs = int_between(jobs, "jobs", 1, 256);
    options.fresh_journal = fresh;
    if (out) {
        std::filesystem::create_directories(*out);
        options.journal = std::filesystem::path(*out) / "journal.jsonl";
    }
    arena::make_plan(config, options.context);  // a bad spec or option is a ValueError before any game
    // Ctrl-C: no new game is started, those being played finish (the journal keeps them).
    std::atomic<bool> stop{false};
    options.stop = &stop;
    options.on_game = [&stop](const arena::GameRecord&, int, int) {
        const py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) {
            PyErr_Clear();
            stop = true;
        }
    };
    arena::TournamentResult result;
    {
        const py::gil_scoped_release release;
        result = arena::run_tournament(config, options);
    }
    if (stop) {
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        throw py::error_already_set();
    }

    const arena::TournamentReport report = arena::summarize(result);
    py::dict answer = python_object(arena::results_json(result, report));
    nlohmann::json games_played = nlohmann::json::array();
    for (const arena::GameRecord& record : result.games) games_played.push_back(arena::to_json(record));
    answer["games"] = python_object(games_played);
    if (out) answer["written"] = arena::write_report_files(*out, result, report);
    answer["standings_frame"] = data_frame_or_none(answer["standings"]);
    answer["games_frame"] = data_frame_or_none(answer["games"]);
    return answer;
}

}  // namespace

void bind_arena(py::module_& m) {
    m.def("arena", &run_arena, py::arg("agents"), py::arg("rules") = "kalah", py::arg("games") = 100,
          py::arg("gauntlet") = false, py::arg("openings_plies") = 0, py::arg("balanced_openings") = py::none(),
          py::arg("openings") = py::none(), py::arg("seed") = 1, py::arg("move_time_limit") = 10.0,
          py::arg("time_control") = py::none(), py::arg("jobs") = 1, py::arg("out") = py::none(),
          py::arg("fresh") = false, py::arg("db") = py::none(),
          "A tournament, as `mancala arena` plays it (docs/CLI.md): agents (at least two specs; cmd:PATH for "
          "a program), games per pairing, gauntlet (the first against each other) or round robin, openings "
          "(openings_plies random plies, balanced_openings=D within D stones, or a book file), seed, "
          "move_time_limit (seconds) or time_control ('60+0.5'), jobs (games at once), out (a folder: the "
          "journal, resumed when it is there unless fresh, and results.csv, results.json, games.csv, "
          "ratings.svg), db (endgame databases). Returns results.json's dict (standings with Elo and its 95% "
          "interval, pairwise, config) with 'games' (each as the journal writes it), and 'standings_frame' "
          "and 'games_frame': pandas DataFrames, or None without pandas. Ctrl-C finishes the games in "
          "progress and raises KeyboardInterrupt.");
}

}  // namespace mancala::python
