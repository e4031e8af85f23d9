// agent(spec): every player of the registry (agents/registry.hpp), as the command line
// and the server offer them. An agent thinks with the GIL released, so that other
// Python threads run meanwhile; its own lock keeps two threads from sharing its state.

#include "agent_context.hpp"
#include "bindings.hpp"
#include "game_position.hpp"

#include "agents/perfect_agent.hpp"
#include "agents/registry.hpp"
#include "core/pit_names.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

struct ChosenMove {
    int move = -1;
    std::string name;
    std::optional<double> score;
    bool exact = false;
    std::string summary;
};

struct ScoredMove {
    int move = -1;
    std::string name;
    double score = 0;
    bool exact = false;
    std::vector<int> pv;
    std::vector<std::string> pv_names;
    std::uint64_t visits = 0;
};

class PyAgent {
public:
    PyAgent(const std::string& spec, const std::filesystem::path& db, std::optional<std::uint64_t> seed)
        : agent_(agents::make_agent(spec, agent_context(db, seed))),
          spec_(agent_->spec()),
          perfect_(spec_.substr(0, spec_.find(':')) == "perfect") {}

    const std::string& spec() const { return spec_; }

    ChosenMove choose(const GamePosition& game, std::optional<double> time) {
        const agents::MoveBudget budget = budget_of(game, time);
        agents::Decision d;
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            d = agent_->choose(game.rules, game.position, budget);
        }
        if (!game.position.is_legal(game.rules,
                                    d.move))  // never expected: an agent's bug must not become a crash later
            throw std::runtime_error(fmt::format("agent {} chose pit {}, which is not legal", spec_, d.move));
        return {d.move, pit_name(game.rules, game.position.to_move(), d.move), d.score, d.exact, d.summary};
    }

    std::vector<ScoredMove> analyze(const GamePosition& game, std::optional<double> time) {
        const agents::MoveBudget budget = budget_of(game, time);
        std::vector<agents::MoveScore> scores;
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            scores = agent_->analyze(game.rules, game.position, budget);
        }
        std::vector<ScoredMove> out;
        for (const agents::MoveScore& s : scores)
            out.push_back({s.move, pit_name(game.rules, game.position.to_move(), s.move), s.score, s.exact, s.pv,
                           line_names(game, s.pv), s.visits});
        return out;
    }

    void new_game() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        agent_->new_game();
    }

    void prepare(const Rules& rules) {
        check_rules(rules);
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        agent_->prepare(rules);
    }

private:
    // The perfect agent plays the games its proofs and databases hold: others it refuses
    // before any work, with the agent's own words.
    void check_rules(const Rules& rules) const {
        if (perfect_) agents::require_perfect_play(rules);
    }

    agents::MoveBudget budget_of(const GamePosition& game, std::optional<double> time) const {
        check_rules(game.rules);
        if (game.position.is_terminal(game.rules) || game.position.legal_moves(game.rules).empty())
            throw std::invalid_argument("the game is over in this position: there is no move to choose");
        return time ? agents::MoveBudget::within(duration_from(*time, "time")) : agents::MoveBudget::unlimited();
    }

    std::unique_ptr<agents::Agent> agent_;
    std::string spec_;
    bool perfect_ = false;
    std::mutex mutex_;
};

std::string optional_score(const std::optional<double>& score) {
    return score ? fmt::format("{:g}", *score) : std::string("None");
}

}  // namespace

void bind_agents(py::module_& m) {
    py::class_<ChosenMove>(m, "Decision", "An agent's move and what it thinks of it.")
        .def_readonly("move", &ChosenMove::move, "the pit index played")
        .def_readonly("name", &ChosenMove::name, "its pit name, e.g. 'B3'")
        .def_readonly("score", &ChosenMove::score, "the agent's value for the mover in stones, or None")
        .def_readonly("exact", &ChosenMove::exact, "the score is a proven final margin")
        .def_readonly("summary", &ChosenMove::summary, "how it was found, e.g. 'depth 12, 1.2M nodes'")
        .def("__int__", [](const ChosenMove& d) { return d.move; })
        .def("__index__", [](const ChosenMove& d) { return d.move; })
        .def("__repr__", [](const ChosenMove& d) {
            return fmt::format("Decision(move={}, name='{}', score={}, exact={})", d.move, d.name,
                               optional_score(d.score), d.exact ? "True" : "False");
        });

    py::class_<ScoredMove>(m, "MoveScore", "One move's value in an agent's analysis.")
        .def_readonly("move", &ScoredMove::move)
        .def_readonly("name", &ScoredMove::name)
        .def_readonly("score", &ScoredMove::score, "for the mover, in stones (mcts: a win rate in [0, 1])")
        .def_readonly("exact", &ScoredMove::exact)
        .def_readonly("pv", &ScoredMove::pv, "the principal variation, starting with the move, if any")
        .def_readonly("pv_names", &ScoredMove::pv_names)
        .def_readonly("visits", &ScoredMove::visits, "playouts through the move (sampling agents)")
        .def("__repr__", [](const ScoredMove& s) {
            return fmt::format("MoveScore(move={}, name='{}', score={:g}, exact={})", s.move, s.name, s.score,
                               s.exact ? "True" : "False");
        });

    py::class_<PyAgent>(m, "Agent", "A player built from a spec string; see mancala.agent().")
        .def_property_readonly("spec", &PyAgent::spec, "the canonical spec that builds this agent again")
        .def("choose", &PyAgent::choose, py::arg("position"), py::arg("time") = py::none(),
             "a legal move for the side to move; `time` (seconds) caps the thinking on top of the spec's own "
             "limits. The GIL is released while it thinks.")
        .def("analyze", &PyAgent::analyze, py::arg("position"), py::arg("time") = py::none(),
             "every legal move's value (an empty list for agents without an analysis)")
        .def("new_game", &PyAgent::new_game, "forget what was learned in the last game")
        .def("prepare", &PyAgent::prepare, py::arg("rules"),
             "get ready to play under these Rules before timing the moves: the engine builds its own endgame "
             "database (about a second on Kalah(6,4), once a process), which an agent not prepared does in "
             "its first move. The GIL is released meanwhile.")
        .def("__repr__", [](const PyAgent& a) { return fmt::format("mancala.agent('{}')", a.spec()); });

    m.def(
        "agent",
        [](const std::string& spec, const std::optional<std::string>& db, const py::object& seed) {
            return std::make_unique<PyAgent>(spec, db.value_or(""), seed_from(seed));
        },
        py::arg("spec"), py::arg("db") = py::none(), py::arg("seed") = py::none(),
        "Builds the agent `spec` names (e.g. 'engine:time=100ms', 'mcts:iterations=2000', 'perfect'), as the "
        "command line does. `db`: a folder of endgame databases (mancala db build) for agents that take exact "
        "values; `seed`: for seeded agents whose spec names none. ValueError for a bad spec.");

    m.def(
        "agents",
        [] {
            py::list out;
            for (const agents::AgentKind& k : agents::agent_kinds()) {
                py::dict d;
                d["name"] = std::string(k.name);
                d["summary"] = std::string(k.summary);
                d["options"] = std::string(k.options);
                d["example"] = std::string(k.example);
                out.append(d);
            }
            return out;
        },
        "every kind of agent: name, summary, options with their defaults, an example spec");
}

}  // namespace mancala::python
