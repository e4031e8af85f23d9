// solve() and Database: exact values. solve() picks its method as `mancala solve` does
// (cli/solve_command.cpp): retrograde analysis of every tier when they fit, otherwise a
// proof search with an endgame database at its leaves. Database reads the databases
// `mancala db build` writes. Solving and building release the GIL.

#include "bindings.hpp"
#include "game_position.hpp"

#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "search/engine.hpp"
#include "solve/endgame_db.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <chrono>
#include <climits>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace mancala::python {

namespace {

// The command line's defaults (cli/solve_command.cpp), so that both choose alike.
constexpr std::uint64_t kDbBudget = 1'500'000'000;  // positions of the database a proof search builds
constexpr int kBigGameStones = 56;
constexpr std::size_t kBigGameHashMb = 2048;
constexpr long long kDefaultMaxPositions = 100'000'000;

struct Solution {
    int value = 0;  // the final margin of the side to move
    std::vector<int> best_moves;
    std::vector<std::string> best_move_names;
    std::string method;
    std::uint64_t work = 0;  // positions solved (retrograde) or nodes searched
    double seconds = 0;
};

int pit_stones(const Position& p) { return p.row_stones(Side::South) + p.row_stones(Side::North); }

Solution by_retrograde(const Rules& rules, const Position& start, int threads) {
    const int stones = pit_stones(start);
    solve::EndgameDatabase db(rules);
    db.build(stones, threads);
    Solution s{db.final_margin(start), {}, {}, "retrograde", db.positions_up_to(stones), 0};
    for (const int move : start.legal_moves())
        if (db.final_margin_after(start, move) == s.value) s.best_moves.push_back(move);
    return s;
}

Solution by_search(const Rules& rules, const Position& start, int threads, std::size_t hash_mb) {
    const int stones = pit_stones(start);
    solve::EndgameDatabase db(rules);
    int want = 0;  // as the command line: half the stones less six, within the budget
    while (want < stones / 2 - 6 && want < solve::EndgameDatabase::kMaxStones &&
           db.positions_up_to(want + 1) <= kDbBudget)
        ++want;
    db.build(want, threads);
    if (hash_mb == 0) hash_mb = start.total_stones() >= kBigGameStones ? kBigGameHashMb : 256;
    search::EngineSettings settings{search::Heuristic::StoreDiff, hash_mb, threads};
    settings.endgame = &db;
    settings.endgame_stones = db.max_stones();
    search::Engine engine(settings);
    const auto report = engine.search(rules, start, {}, search::SearchMode::proof());
    if (!report.proven) throw std::runtime_error("the search stopped before proving the value");
    return {static_cast<int>(std::lround(report.stones())), {report.best_move}, {}, "search", report.nodes, 0};
}

Solution solve_position(const GamePosition& game, const std::string& method, const py::object& threads_arg,
                        const py::object& max_positions_arg, const py::object& hash_arg) {
    const Rules& rules = game.rules;
    const Position& start = game.position;
    if (method != "auto" && method != "retrograde" && method != "search")
        throw std::invalid_argument(fmt::format("method must be auto, retrograde or search, got '{}'", method));
    const int threads = threads_arg.is_none() ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
                                              : int_between(threads_arg, "threads", 1, 256);
    const long long max_positions = max_positions_arg.is_none()
                                        ? kDefaultMaxPositions
                                        : integer_between(max_positions_arg, "max_positions", 0, LLONG_MAX);
    const std::size_t hash_mb =
        hash_arg.is_none() ? 0 : static_cast<std::size_t>(int_between(hash_arg, "hash", 1, 65536));
    if (start.is_terminal(rules) || start.legal_moves().empty())
        throw std::invalid_argument("the game is already over in this position");
    const int stones = pit_stones(start);
    if (method == "retrograde" && stones > solve::EndgameDatabase::kMaxStones)
        throw std::invalid_argument(
            fmt::format("retrograde analysis holds up to {} stones in the pits; the "
                        "position has {}",
                        solve::EndgameDatabase::kMaxStones, stones));
    Solution s;
    {
        const py::gil_scoped_release release;
        const auto begin = std::chrono::steady_clock::now();
        bool small = method == "retrograde";
        if (method == "auto" && stones <= solve::EndgameDatabase::kMaxStones) {
            try {
                small = solve::EndgameDatabase(rules).positions_up_to(stones) <=
                        static_cast<std::uint64_t>(max_positions);
            } catch (const std::overflow_error&) {
                small = false;
            }
        }
        s = small ? by_retrograde(rules, start, threads) : by_search(rules, start, threads, hash_mb);
        s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    }
    for (const int move : s.best_moves) s.best_move_names.push_back(pit_name(rules.pits, start.to_move(), move));
    return s;
}

// The databases under one folder, opened on first use per rule set. Python's GIL guards
// the map: it is only touched with the GIL held (a build runs without it, then swaps in).
class PyDatabase {
public:
    explicit PyDatabase(const std::string& dir) : dir_(dir) {
        if (!std::filesystem::is_directory(dir_))
            throw std::invalid_argument(fmt::format("db {}: not a folder", dir));
    }

    const std::filesystem::path& dir() const { return dir_; }

    int max_stones(const Rules& rules) {
        const auto db = find(rules);
        return db ? db->max_stones() : -1;
    }

    int value(const GamePosition& game) { return covering(game)->final_margin(game.position); }

    std::map<int, int> move_values(const GamePosition& game) {
        const auto db = covering(game);
        std::map<int, int> values;
        if (game.position.is_terminal(game.rules)) return values;
        for (const int move : game.position.legal_moves())
            values[move] = db->final_margin_after(game.position, move);
        return values;
    }

    int build(const Rules& rules, const py::object& max_stones_arg, const py::object& threads_arg) {
        const int max_stones = int_between(max_stones_arg, "max_stones", 0, solve::EndgameDatabase::kMaxStones);
        const int threads = int_between(threads_arg, "threads", 1, 256);
        std::shared_ptr<solve::EndgameDatabase> db;
        {
            const py::gil_scoped_release release;
            db = std::make_shared<solve::EndgameDatabase>(rules, dir_);
            db->build(max_stones, threads);
        }
        open_[key(rules)] = db;
        return db->max_stones();
    }

private:
    static std::string key(const Rules& rules) { return fmt::format("{}/{}", rules_string(rules), rules.pits); }

    std::shared_ptr<const solve::EndgameDatabase> find(const Rules& rules) {
        const auto it = open_.find(key(rules));
        if (it != open_.end()) return it->second;
        // Opening a folder without tiers would create it: look first (as DatabaseCache does).
        if (!std::filesystem::exists(solve::EndgameDatabase::folder(dir_, rules) / "tier-000.mdb")) return nullptr;
        auto db = std::make_shared<const solve::EndgameDatabase>(rules, dir_);
        open_[key(rules)] = db;
        return db;
    }

    // The database that holds `game`, with the messages of `mancala db query`.
    std::shared_ptr<const solve::EndgameDatabase> covering(const GamePosition& game) {
        auto db = find(game.rules);
        if (!db)
            throw std::invalid_argument(
                fmt::format("no database for {} with {} pits under {} (build it with `mancala db build`)",
                            rules_string(game.rules), game.rules.pits, dir_.string()));
        const int stones = pit_stones(game.position);
        if (stones > db->max_stones())
            throw std::invalid_argument(
                fmt::format("the position has {} stones in its pits; the database under {} holds up to {}", stones,
                            dir_.string(), db->max_stones()));
        return db;
    }

    std::filesystem::path dir_;
    std::map<std::string, std::shared_ptr<const solve::EndgameDatabase>> open_;
};

}  // namespace

void bind_solve(py::module_& m) {
    py::class_<Solution>(m, "Solution", "The exact value of a position.")
        .def_readonly("value", &Solution::value,
                      "the side to move's final margin under perfect play (at a start, south's: what `mancala "
                      "solve` prints)")
        .def_readonly("best_moves", &Solution::best_moves, "moves that keep the value (search: one of them)")
        .def_readonly("best_move_names", &Solution::best_move_names)
        .def_readonly("method", &Solution::method, "'retrograde' or 'search'")
        .def_readonly("work", &Solution::work, "positions solved (retrograde) or nodes searched")
        .def_readonly("seconds", &Solution::seconds)
        .def("__repr__", [](const Solution& s) {
            return fmt::format("Solution(value={}, best_move_names={}, method='{}')", s.value,
                               py::str(py::cast(s.best_move_names)).cast<std::string>(), s.method);
        });

    const char* solve_doc =
        "The exact value of a Position (or of a Rules' start) by `method`: 'retrograde' (every position of every "
        "tier up to its stones), 'search' (a proof with an endgame database at the leaves), or 'auto' "
        "(retrograde while the tiers hold at most `max_positions` positions), as `mancala solve`. For small "
        "games: Kalah(6,4) takes minutes and gigabytes. threads: default all cores. The GIL is released.";
    m.def("solve", &solve_position, py::arg("position"), py::arg("method") = "auto",
          py::arg("threads") = py::none(), py::arg("max_positions") = kDefaultMaxPositions,
          py::arg("hash") = py::none(), solve_doc);
    m.def(
        "solve",
        [](const Rules& rules, const std::string& method, const py::object& threads,
           const py::object& max_positions, const py::object& hash) {
            return solve_position({rules, Position::start(rules)}, method, threads, max_positions, hash);
        },
        py::arg("rules"), py::arg("method") = "auto", py::arg("threads") = py::none(),
        py::arg("max_positions") = kDefaultMaxPositions, py::arg("hash") = py::none(), solve_doc);

    py::class_<PyDatabase>(m, "Database",
                           "The endgame databases under a folder (as `mancala db build --out DIR` writes them): "
                           "exact values of positions with few enough stones in the pits.")
        .def(py::init<const std::string&>(), py::arg("dir"))
        .def_property_readonly("dir", [](const PyDatabase& d) { return d.dir().string(); })
        .def("value", &PyDatabase::value, py::arg("position"),
             "the final margin of the side to move under perfect play (stores included), as `mancala db query`")
        .def("move_values", &PyDatabase::move_values, py::arg("position"),
             "{move: the mover's final margin if it plays move} for every legal move")
        .def("max_stones", &PyDatabase::max_stones, py::arg("rules"),
             "the most stones in the pits this folder's database of `rules` holds, -1 if none")
        .def("build", &PyDatabase::build, py::arg("rules"), py::arg("max_stones"), py::arg("threads") = 1,
             "builds the tiers up to `max_stones` that are missing, as `mancala db build`; the GIL is released")
        .def("__repr__",
             [](const PyDatabase& d) { return fmt::format("mancala.Database('{}')", d.dir().string()); });
}

}  // namespace mancala::python
