// solve() and Database: exact values. solve() is `mancala solve`'s solver, planned as
// the command plans it (solve/solve_plan.hpp, solve/game_solver.hpp): retrograde
// analysis of small games, otherwise a proof search with an endgame database at its
// leaves. Database reads the databases `mancala db build` writes. Solving and building
// release the GIL.

#include "bindings.hpp"
#include "game_position.hpp"

#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "search/engine.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/cyclic_start_solver.hpp"
#include "solve/endgame_db.hpp"
#include "solve/game_solver.hpp"
#include "solve/solve_plan.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <chrono>
#include <climits>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace mancala::python {

namespace {

// The games the databases of repeating games hold, as the refusals name them.
constexpr std::string_view kRepeatingGames =
    "oware, awari, bohnenspiel and vai-lung-thlan (by their databases) and on ";

struct Solution {
    int value = 0;              // the final margin of the side to move
    int bound = 0;              // a bound question's answer: +1 value is a lower bound, -1 an upper bound, 0 exact
    std::optional<bool> holds;  // with at_least: whether the margin is at least the bound asked
    std::vector<int> best_moves;
    std::vector<std::string> best_move_names;
    std::string method;
    std::uint64_t work = 0;  // positions solved (retrograde) or nodes searched
    double seconds = 0;
};

// max_memory=: the MiB a database of a repeating game may take at its peak, as --max-memory.
std::uint64_t max_memory_mb_from(const py::object& arg) {
    return arg.is_none() ? solve::default_build_memory_mb()
                         : static_cast<std::uint64_t>(integer_between(arg, "max_memory", 1, LLONG_MAX));
}

// A game whose positions repeat: its database, built in memory up to the position's seeds
// (solve/cyclic_start_solver.hpp), as `mancala solve` does.
Solution solve_by_database(const GamePosition& game, solve::SolveMethod method, int threads,
                           const py::object& hash_arg, const py::object& at_least_arg,
                           const py::object& max_memory_arg) {
    const std::string name = rules_string(game.rules);
    if (method == solve::SolveMethod::Search)
        throw std::invalid_argument(fmt::format(
            "{} is solved by its database (method 'auto' or 'retrograde'): a search proves no value where "
            "positions repeat",
            name));
    if (!at_least_arg.is_none() || !hash_arg.is_none())
        throw std::invalid_argument(
            fmt::format("at_least and hash are for Kalah-shaped games; {} is solved by its database", name));
    const std::uint64_t max_memory_mb = max_memory_mb_from(max_memory_arg);
    Solution s;
    {
        const py::gil_scoped_release release;
        const auto begin = std::chrono::steady_clock::now();
        solve::CyclicDatabase db(game.rules);
        const solve::CyclicSolution found =
            solve::solve_by_cyclic_database(game.rules, db, game.position, threads, max_memory_mb);
        s.value = found.margin;
        s.best_moves = found.best_moves;
        s.method = "database";
        s.work = found.built;
        s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    }
    for (const int move : s.best_moves)
        s.best_move_names.push_back(pit_name(game.rules, game.position.to_move(), move));
    return s;
}

Solution solve_position(const GamePosition& game, const std::string& method, const py::object& threads_arg,
                        const py::object& max_positions_arg, const py::object& hash_arg,
                        const py::object& at_least_arg, const py::object& max_memory_arg) {
    const Rules& rules = game.rules;
    const Position& start = game.position;
    const std::optional<solve::SolveMethod> by_name = solve::solve_method_by_name(method);
    if (!by_name)
        throw std::invalid_argument(fmt::format("method must be auto, retrograde or search, got '{}'", method));
    const int threads = threads_arg.is_none() ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
                                              : int_between(threads_arg, "threads", 1, 256);
    if (solve::cyclic_database_rules(rules))
        return solve_by_database(game, *by_name, threads, hash_arg, at_least_arg, max_memory_arg);
    require_kalah_shaped(rules, "solve works", kRepeatingGames);
    solve::SolveRequest request;
    request.rules = rules;
    request.start = start;
    solve::SolveOptions& options = request.options;
    options.method = *by_name;
    options.threads = threads;
    if (!max_positions_arg.is_none())
        options.max_positions =
            static_cast<std::uint64_t>(integer_between(max_positions_arg, "max_positions", 0, LLONG_MAX));
    options.hash_mb = hash_arg.is_none() ? 0 : static_cast<std::size_t>(int_between(hash_arg, "hash", 1, 65536));
    // at_least asks the side to move's margin, as Solution.value answers.
    request.margin_of = solve::MarginOf::SideToMove;
    if (!at_least_arg.is_none())
        request.bound =
            solve::BoundQuestion{true, int_between(at_least_arg, "at_least", -kMaxTotalStones, kMaxTotalStones)};
    const solve::SolvePlan plan = solve::plan_solve(request);  // SolveRefused is a ValueError
    Solution s;
    {
        const py::gil_scoped_release release;
        const auto begin = std::chrono::steady_clock::now();
        const solve::Solution found = solve::solve_position(rules, start, plan.options);
        const solve::SolveAnswer answer = plan.answer(found);
        s.value = answer.value;
        s.bound = answer.bound;
        s.holds = answer.holds;
        s.best_moves = found.best_moves;
        s.method = std::string(solve::to_string(found.method));
        s.work = found.work;
        s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    }
    for (const int move : s.best_moves) s.best_move_names.push_back(pit_name(rules, start.to_move(), move));
    return s;
}

// The databases under one folder, opened on first use per rule set: Kalah's
// (solve/endgame_db.hpp) or, for a game whose positions repeat, solve/cyclic_database.hpp,
// which answer alike. Python's GIL guards the map: it is only touched with the GIL held
// (a build runs without it, then swaps in).
class PyDatabase {
public:
    explicit PyDatabase(const std::string& dir) : dir_(dir) {
        if (!std::filesystem::is_directory(dir_))
            throw std::invalid_argument(fmt::format("db {}: not a folder", dir));
    }

    const std::filesystem::path& dir() const { return dir_; }

    int max_stones(const Rules& rules) {
        require_database_rules(rules);
        const auto db = find(rules);
        return db ? held(*db) : -1;
    }

    int value(const GamePosition& game) {
        return std::visit([&](const auto& d) { return d->final_margin(game.position); }, covering(game));
    }

    std::map<int, int> move_values(const GamePosition& game) {
        const Kept db = covering(game);
        std::map<int, int> values;
        if (game.position.is_terminal(game.rules)) return values;
        for (const int move : game.position.legal_moves(game.rules))
            values[move] =
                std::visit([&](const auto& d) { return d->final_margin_after(game.position, move); }, db);
        return values;
    }

    int build(const Rules& rules, const py::object& max_stones_arg, const py::object& threads_arg,
              const py::object& max_memory_arg) {
        require_database_rules(rules);
        const int threads = int_between(threads_arg, "threads", 1, 256);
        if (solve::cyclic_database_rules(rules)) {
            const int max_stones = int_between(max_stones_arg, "max_stones", 0, solve::CyclicDatabase::kMaxStones);
            const std::uint64_t bound_mb = max_memory_mb_from(max_memory_arg);
            std::shared_ptr<solve::CyclicDatabase> db;
            {
                const py::gil_scoped_release release;
                db = std::make_shared<solve::CyclicDatabase>(rules, dir_);
                solve::require_build_memory(rules, *db, max_stones, false, bound_mb);
                db->build(max_stones, threads);
            }
            open_[key(rules)] = std::shared_ptr<const solve::CyclicDatabase>(db);
            return db->max_stones();
        }
        if (!max_memory_arg.is_none())
            throw std::invalid_argument("max_memory is for the games whose positions repeat (oware, awari, ...)");
        const int max_stones = int_between(max_stones_arg, "max_stones", 0, solve::EndgameDatabase::kMaxStones);
        std::shared_ptr<solve::EndgameDatabase> db;
        {
            const py::gil_scoped_release release;
            db = std::make_shared<solve::EndgameDatabase>(rules, dir_);
            db->build(max_stones, threads);
        }
        open_[key(rules)] = std::shared_ptr<const solve::EndgameDatabase>(db);
        return db->max_stones();
    }

private:
    using Kept =
        std::variant<std::shared_ptr<const solve::EndgameDatabase>, std::shared_ptr<const solve::CyclicDatabase>>;

    static int held(const Kept& db) {
        return std::visit([](const auto& d) { return d->max_stones(); }, db);
    }

    static void require_database_rules(const Rules& rules) {
        if (!solve::cyclic_database_rules(rules))
            require_kalah_shaped(rules, "the endgame databases work", kRepeatingGames);
    }

    static std::string key(const Rules& rules) { return fmt::format("{}/{}", rules_string(rules), rules.pits); }

    std::optional<Kept> find(const Rules& rules) {
        const auto it = open_.find(key(rules));
        if (it != open_.end()) return it->second;
        // Opening a folder without tiers would create it: look first (as DatabaseCache does).
        Kept db;
        if (solve::cyclic_database_rules(rules)) {
            if (!std::filesystem::exists(solve::CyclicDatabase::folder(dir_, rules) / "tier-000.mdb")) return {};
            db = std::make_shared<const solve::CyclicDatabase>(rules, dir_);
        } else {
            if (!std::filesystem::exists(solve::EndgameDatabase::folder(dir_, rules) / "tier-000.mdb")) return {};
            db = std::make_shared<const solve::EndgameDatabase>(rules, dir_);
        }
        open_[key(rules)] = db;
        return db;
    }

    // The database that holds `game`, with the messages of `mancala db query`.
    Kept covering(const GamePosition& game) {
        require_database_rules(game.rules);
        const std::optional<Kept> db = find(game.rules);
        if (!db)
            throw std::invalid_argument(
                fmt::format("no database for {} with {} pits under {} (build it with `mancala db build`)",
                            rules_string(game.rules), game.rules.pits, dir_.string()));
        const int stones = game.position.stones_in_pits();
        if (stones > held(*db))
            throw std::invalid_argument(
                fmt::format("the position has {} stones in its pits; the database under {} holds up to {}", stones,
                            dir_.string(), held(*db)));
        return *db;
    }

    std::filesystem::path dir_;
    std::map<std::string, Kept> open_;
};

}  // namespace

void bind_solve(py::module_& m) {
    py::class_<Solution>(m, "Solution", "The exact value of a position.")
        .def_readonly("value", &Solution::value,
                      "the side to move's final margin under perfect play (at a start, south's: what `mancala "
                      "solve` prints)")
        .def_readonly("bound", &Solution::bound,
                      "with at_least: +1 when `value` is a proven lower bound of the margin (the bound holds), -1 "
                      "when it is an upper bound (refuted), 0 when exact (retrograde answers with the value)")
        .def_readonly("holds", &Solution::holds,
                      "with at_least=V: True when the margin is at least V, False when not; None without")
        .def_readonly("best_moves", &Solution::best_moves, "moves that keep the value (search: one of them)")
        .def_readonly("best_move_names", &Solution::best_move_names)
        .def_readonly("method", &Solution::method,
                      "'retrograde' or 'search' (Kalah-shaped games), 'database' (games whose positions repeat)")
        .def_readonly("work", &Solution::work, "positions solved (retrograde) or nodes searched")
        .def_readonly("seconds", &Solution::seconds)
        .def("__repr__", [](const Solution& s) {
            // A bound proven reads as one: "value" alone would pass for the exact margin.
            const std::string value = s.bound > 0   ? fmt::format("at_least={}", s.value)
                                      : s.bound < 0 ? fmt::format("at_most={}", s.value)
                                                    : fmt::format("value={}", s.value);
            const std::string holds = s.holds ? fmt::format(", holds={}", *s.holds ? "True" : "False") : "";
            return fmt::format("Solution({}{}, best_move_names={}, method='{}')", value, holds,
                               py::str(py::cast(s.best_move_names)).cast<std::string>(), s.method);
        });

    const char* solve_doc =
        "The exact value of a Position (or of a Rules' start) by `method`: 'retrograde' (every position of every "
        "tier up to its stones), 'search' (a proof with an endgame database at the leaves), or 'auto' "
        "(while the tiers hold at most `max_positions` positions, the search for as long as retrograde analysis is "
        "expected to take, then the analysis; past that, the search), "
        "as `mancala solve`. at_least=V asks instead whether the side to move's margin is at least V (see "
        "Solution.bound). For small games: Kalah(6,4) takes seconds to a minute and gigabytes. threads: default "
        "all cores. The GIL is released. Kalah-shaped rules (Rules.kalah_shaped: kalah, homework, relay and their "
        "refinements) and the games whose positions repeat (oware, awari, bohnenspiel, vai-lung-thlan and their "
        "refinements), which are solved by their database built in memory up to the position's seeds (method "
        "'database'; the margin with every seed played out, Oware's majority rule leaves the winner the same; "
        "max_memory: refuse a database expected to take more MiB at its peak, default three quarters of the "
        "machine's memory); ValueError for others.";
    m.def("solve", &solve_position, py::arg("position"), py::arg("method") = "auto",
          py::arg("threads") = py::none(), py::arg("max_positions") = solve::SolveOptions{}.max_positions,
          py::arg("hash") = py::none(), py::arg("at_least") = py::none(), py::arg("max_memory") = py::none(),
          solve_doc);
    m.def(
        "solve",
        [](const Rules& rules, const std::string& method, const py::object& threads,
           const py::object& max_positions, const py::object& hash, const py::object& at_least,
           const py::object& max_memory) {
            return solve_position({rules, Position::start(rules)}, method, threads, max_positions, hash, at_least,
                                  max_memory);
        },
        py::arg("rules"), py::arg("method") = "auto", py::arg("threads") = py::none(),
        py::arg("max_positions") = solve::SolveOptions{}.max_positions, py::arg("hash") = py::none(),
        py::arg("at_least") = py::none(), py::arg("max_memory") = py::none(), solve_doc);

    py::class_<PyDatabase>(m, "Database",
                           "The endgame databases under a folder (as `mancala db build --out DIR` writes them): "
                           "exact values of positions with few enough stones in the pits. Kalah-shaped rules "
                           "(Rules.kalah_shaped) and the games whose positions repeat (oware, awari, "
                           "bohnenspiel, vai-lung-thlan: a play that never ends counts as ending where it "
                           "started, each side taking its own row, and every seed is played out, Oware's "
                           "majority rule left to the engine; docs/SOLVING.md); ValueError for others.")
        .def(py::init<const std::string&>(), py::arg("dir"))
        .def_property_readonly("dir", [](const PyDatabase& d) { return d.dir().string(); })
        .def("value", &PyDatabase::value, py::arg("position"),
             "the final margin of the side to move under perfect play (stores included), as `mancala db query`")
        .def("move_values", &PyDatabase::move_values, py::arg("position"),
             "{move: the mover's final margin if it plays move} for every legal move")
        .def("max_stones", &PyDatabase::max_stones, py::arg("rules"),
             "the most stones in the pits this folder's database of `rules` holds, -1 if none")
        .def("build", &PyDatabase::build, py::arg("rules"), py::arg("max_stones"), py::arg("threads") = 1,
             py::arg("max_memory") = py::none(),
             "builds the tiers up to `max_stones` that are missing, as `mancala db build`; the GIL is released. "
             "max_memory (games whose positions repeat): refuse a build expected to take more MiB at its peak, "
             "default three quarters of the machine's memory")
        .def("__repr__",
             [](const PyDatabase& d) { return fmt::format("mancala.Database('{}')", d.dir().string()); });
}

}  // namespace mancala::python
