// Engine(...).search(...): the strong engine (search/engine.hpp) with its settings and
// limits, and its report. The GIL is released while it searches; each engine has a lock,
// since its transposition table is one search's at a time.

#include "agent_context.hpp"
#include "bindings.hpp"
#include "game_position.hpp"

#include "core/pit_names.hpp"
#include "search/engine.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

constexpr long long kMaxNodes = 1'000'000'000'000'000;

struct MoveLine {
    int move = -1;
    std::string name;
    double score = 0;  // stones
    bool proven = false;
    std::vector<int> pv;
    std::vector<std::string> pv_names;
};

struct Report {
    int best_move = -1;
    std::string best_move_name;
    double score = 0;  // stones, for the side to move
    std::string score_text;
    bool proven = false;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t nps = 0;
    std::vector<int> pv;
    std::vector<std::string> pv_names;
    std::vector<MoveLine> moves;
};

search::SearchMode mode_from(const std::string& mode, const py::object& multipv) {
    if (!multipv.is_none()) {
        if (mode != "every-move") throw std::invalid_argument("multipv goes with mode='every-move'");
        return search::SearchMode::best_moves(int_between(multipv, "multipv", 1, kMaxPits));
    }
    if (mode == "best-move") return {};
    if (mode == "every-move") return search::SearchMode::every_move();
    if (mode == "proof") return search::SearchMode::proof();
    throw std::invalid_argument(fmt::format("mode must be best-move, every-move or proof, got '{}'", mode));
}

Report report_of(const GamePosition& game, const search::SearchReport& r) {
    const Side mover = game.position.to_move();
    Report out{r.best_move,
               r.best_move >= 0 ? pit_name(game.rules, mover, r.best_move) : std::string(),
               r.stones(),
               search::format_score(r.score, r.proven),
               r.proven,
               r.depth,
               r.nodes,
               r.seconds,
               r.nodes_per_second(),
               r.pv,
               line_names(game, r.pv),
               {}};
    for (const search::MoveAnalysis& a : r.moves)
        out.moves.push_back(
            {a.move, pit_name(game.rules, mover, a.move), a.stones(), a.proven, a.pv, line_names(game, a.pv)});
    return out;
}

class PyEngine {
public:
    PyEngine(const py::object& hash, const py::object& threads, const std::string& heuristic,
             const std::optional<std::string>& db)
        : db_(db.value_or("")) {
        settings_.hash_mb = static_cast<std::size_t>(int_between(hash, "hash", 1, 65536));
        settings_.threads = int_between(threads, "threads", 1, 256);
        settings_.heuristic = search::heuristic_by_name(heuristic);
        if (!db_.empty()) agent_context(db_, std::nullopt);  // checks the folder
        engine_ = std::make_unique<search::Engine>(settings_);
    }

    Report search(const GamePosition& game, const py::object& depth, const std::optional<double>& time,
                  const py::object& nodes, const std::string& mode, const py::object& multipv) {
        if (game.position.is_terminal(game.rules) || game.position.legal_moves(game.rules).empty())
            throw std::invalid_argument("the game is over in this position: there is nothing to analyse");
        const search::SearchMode search_mode = mode_from(mode, multipv);
        search::SearchLimits limits;
        if (!depth.is_none()) limits.depth = int_between(depth, "depth", 1, search::kMaxDepth);
        if (time) limits.move_time = duration_from(*time, "time");
        if (!nodes.is_none())
            limits.nodes = static_cast<std::uint64_t>(integer_between(nodes, "nodes", 1, kMaxNodes));
        // As `mancala analyze`: a second unless a limit is given; a proof runs to its end.
        if (!limits.depth && !limits.move_time && !limits.nodes &&
            search_mode.goal != search::SearchMode::Goal::Proof)
            limits.move_time = std::chrono::seconds(1);
        search::SearchReport r;
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            // The database of these rules, if the folder holds one; kept while the search reads it.
            std::shared_ptr<const search::EndgameOracle> oracle;
            if (!db_.empty() && kalah_shaped(game.rules)) oracle = database_cache()->find(game.rules, db_);
            search::EngineSettings settings = settings_;
            settings.endgame = oracle.get();
            engine_->configure(settings);
            r = engine_->search(game.rules, game.position, limits, search_mode);
            settings.endgame = nullptr;
            engine_->configure(settings);
        }
        return report_of(game, r);
    }

    void new_game() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        engine_->new_game();
    }

    const search::EngineSettings& settings() const { return settings_; }

private:
    std::filesystem::path db_;
    search::EngineSettings settings_;
    std::unique_ptr<search::Engine> engine_;
    std::mutex mutex_;
};

}  // namespace

void bind_search(py::module_& m) {
    py::class_<MoveLine>(m, "MoveAnalysis", "One root move's value in an every-move search.")
        .def_readonly("move", &MoveLine::move)
        .def_readonly("name", &MoveLine::name)
        .def_readonly("score", &MoveLine::score, "the mover's final margin with this move, in stones")
        .def_readonly("proven", &MoveLine::proven)
        .def_readonly("pv", &MoveLine::pv)
        .def_readonly("pv_names", &MoveLine::pv_names)
        .def("__repr__", [](const MoveLine& l) {
            return fmt::format("MoveAnalysis(move={}, name='{}', score={:g}, proven={})", l.move, l.name, l.score,
                               l.proven ? "True" : "False");
        });

    py::class_<Report>(m, "SearchReport", "What a search found.")
        .def_readonly("best_move", &Report::best_move)
        .def_readonly("best_move_name", &Report::best_move_name)
        .def_readonly("score", &Report::score, "the side to move's predicted final margin, in stones")
        .def_readonly("score_text", &Report::score_text, "'+2.3', or once proven 'win by 10', 'draw', 'loss by 4'")
        .def_readonly("proven", &Report::proven, "the score is the exact game value")
        .def_readonly("depth", &Report::depth, "deepest completed iteration, in plies")
        .def_readonly("nodes", &Report::nodes)
        .def_readonly("seconds", &Report::seconds)
        .def_readonly("nps", &Report::nps, "nodes per second")
        .def_readonly("pv", &Report::pv, "principal variation (pit indices, each of its mover)")
        .def_readonly("pv_names", &Report::pv_names)
        .def_readonly("moves", &Report::moves,
                      "every legal move, or the best `multipv`, best first (mode 'every-move'); empty otherwise")
        .def("__repr__", [](const Report& r) {
            return fmt::format("SearchReport(best_move_name='{}', score={:g}, proven={}, depth={}, nodes={})",
                               r.best_move_name, r.score, r.proven ? "True" : "False", r.depth, r.nodes);
        });

    py::class_<PyEngine>(
        m, "Engine",
        "The strong engine: iterative deepening, MTD(f), a transposition table of `hash` MiB, "
        "Lazy SMP `threads`, a leaf `heuristic` (fitted, weighted, store-diff, side-diff, ...), exact "
        "values from the endgame databases under `db` if given.")
        .def(
            py::init<const py::object&, const py::object&, const std::string&, const std::optional<std::string>&>(),
            py::arg("hash") = 64, py::arg("threads") = 1, py::arg("heuristic") = "learned",
            py::arg("db") = py::none())
        .def("search", &PyEngine::search, py::arg("position"), py::arg("depth") = py::none(),
             py::arg("time") = py::none(), py::arg("nodes") = py::none(), py::arg("mode") = "best-move",
             py::arg("multipv") = py::none(),
             "Searches `position` to `depth` plies, for `time` seconds or about `nodes` nodes (1 s when no limit "
             "is given, as `mancala analyze`). mode: 'best-move', 'every-move' (each root move's value; with "
             "multipv=N the best N only, as `mancala analyze --multipv N`), or 'proof' (the exact value; no limit "
             "by default). The GIL is released while it searches.")
        .def("new_game", &PyEngine::new_game, "clear the transposition table")
        .def_property_readonly("hash", [](const PyEngine& e) { return e.settings().hash_mb; })
        .def_property_readonly("threads", [](const PyEngine& e) { return e.settings().threads; })
        .def_property_readonly(
            "heuristic", [](const PyEngine& e) { return std::string(search::to_string(e.settings().heuristic)); });
}

}  // namespace mancala::python
