// Env: a game against any agent, in the shape reinforcement-learning code expects
// (Gymnasium's reset() -> (observation, info) and step(action) -> (observation, reward,
// terminated, truncated, info)), with the legal actions as a mask. The learner's moves
// come from Python; the opponent's are played inside step() and reset() with the GIL
// released, every turn of theirs (extra turns included) until the learner is to move.

#include "agent_context.hpp"
#include "bindings.hpp"
#include "game_position.hpp"
#include "observation.hpp"

#include "agents/registry.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

enum class Reward { Win, Margin };

// What one reset() or step() did, gathered without the GIL and turned into Python objects after.
struct Outcome {
    GamePosition game;
    Side learner = Side::South;
    bool extra_turn = false;
    bool capture = false;
    std::vector<int> opponent_moves;
    double reward = 0;
    bool terminated = false;
};

class Environment {
public:
    Environment(const py::object& rules, const std::string& opponent, const std::string& learner,
                const std::string& reward, const std::optional<std::string>& db, const py::object& seed,
                const std::optional<double>& opponent_time)
        : rules_(rules_from(rules, 6, 4)), opponent_spec_(opponent), db_(db.value_or("")) {
        if (learner != "south" && learner != "north" && learner != "random")
            throw std::invalid_argument(fmt::format("learner must be south, north or random, got '{}'", learner));
        learner_choice_ = learner;
        if (reward == "win")
            reward_ = Reward::Win;
        else if (reward == "margin")
            reward_ = Reward::Margin;
        else
            throw std::invalid_argument(fmt::format("reward must be win or margin, got '{}'", reward));
        if (opponent_time) opponent_time_ = duration_from(*opponent_time, "opponent_time");
        reseed(seed_from(seed));
        game_ = {rules_, Position::start(rules_)};
        over_ = true;  // until reset()
    }

    py::tuple reset(const py::object& seed) {
        const std::optional<std::uint64_t> new_seed = seed_from(seed);
        Outcome o;
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            if (new_seed) reseed(new_seed);
            opponent_->new_game();
            side_ = learner_choice_ == "random" ? (coin_(rng_) ? Side::North : Side::South)
                                                : side_from(learner_choice_);
            game_ = {rules_, Position::start(rules_)};
            o.opponent_moves = opponent_plays();
            o.game = game_;
            o.learner = side_;
            o.terminated = over_ = game_.position.is_terminal(rules_);
            o.reward = o.terminated ? final_reward() : 0;
        }
        py::dict info = info_of(o);
        return py::make_tuple(observation_for(o.game.position, o.learner), info);
    }

    py::tuple step(const py::object& action) {
        // The action's range is checked with the GIL (it is a Python object); its legality under the lock.
        const int pit = int_between(action, "action", 0, rules_.pits - 1);
        Outcome o;
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            if (over_) throw std::invalid_argument("the game is over: call reset()");
            Position& p = game_.position;
            if (!p.is_legal(pit))
                throw std::invalid_argument(fmt::format("{} is empty", pit_name(p.pits(), p.to_move(), pit)));
            const MoveResult r = p.apply(rules_, pit);
            o.extra_turn = r.extra_turn;
            o.capture = r.capture;
            o.opponent_moves = opponent_plays();
            o.game = game_;
            o.learner = side_;
            o.terminated = over_ = p.is_terminal(rules_);
            o.reward = o.terminated ? final_reward() : 0;
        }
        py::dict info = info_of(o);
        return py::make_tuple(observation_for(o.game.position, o.learner), o.reward, o.terminated, false, info);
    }

    GamePosition position() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        return game_;
    }

    std::string learner() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        return std::string(to_string(side_));
    }

    const Rules& rules() const { return rules_; }
    const std::string& opponent_spec() const { return opponent_spec_; }

private:
    static std::optional<std::uint64_t> seed_from(const py::object& seed) {
        if (seed.is_none()) return std::nullopt;
        return static_cast<std::uint64_t>(
            integer_between(seed, "seed", 0, static_cast<long long>(agents::AgentOptions::kMaxSeed)));
    }

    // A seed makes the episodes replay: the learner's side and the opponent's own choices.
    void reseed(std::optional<std::uint64_t> seed) {
        rng_.seed(seed ? *seed : std::random_device{}());
        opponent_ = agents::make_agent(opponent_spec_, agent_context(db_, seed));
    }

    // The opponent's turns until the learner is to move or the game is over.
    std::vector<int> opponent_plays() {
        std::vector<int> moves;
        Position& p = game_.position;
        while (!p.is_terminal(rules_) && p.to_move() != side_) {
            const agents::MoveBudget budget =
                opponent_time_ ? agents::MoveBudget::within(*opponent_time_) : agents::MoveBudget::unlimited();
            const int move = opponent_->choose(rules_, p, budget).move;
            if (!p.is_legal(move))
                throw std::runtime_error(
                    fmt::format("agent {} chose pit {}, which is not legal", opponent_->spec(), move));
            moves.push_back(move);
            p.apply(rules_, move);
        }
        return moves;
    }

    double final_reward() const {
        const int margin = game_.position.store_difference(side_);
        if (reward_ == Reward::Margin) return margin;
        return margin > 0 ? 1.0 : margin < 0 ? -1.0 : 0.0;
    }

    py::dict info_of(const Outcome& o) const {
        py::dict info;
        info["action_mask"] = action_mask(o.game);
        info["learner"] = std::string(to_string(o.learner));
        info["opponent_moves"] = o.opponent_moves;
        info["extra_turn"] = o.extra_turn;
        info["capture"] = o.capture;
        info["margin"] = o.game.position.store_difference(o.learner);
        info["position"] = o.game;
        return info;
    }

    Rules rules_;
    std::string opponent_spec_;
    std::filesystem::path db_;
    std::string learner_choice_;
    Reward reward_ = Reward::Win;
    std::optional<std::chrono::milliseconds> opponent_time_;
    std::mt19937_64 rng_;
    std::bernoulli_distribution coin_;
    std::unique_ptr<agents::Agent> opponent_;
    GamePosition game_;
    Side side_ = Side::South;
    bool over_ = true;
    std::mutex mutex_;
};

}  // namespace

void bind_environment(py::module_& m) {
    py::class_<Environment>(
        m, "Env",
        "A game against an agent for reinforcement learning. reset(seed=None) -> (observation, info); "
        "step(action) -> (observation, reward, terminated, truncated, info). Actions are the learner's pit "
        "indices 0..N-1 in its sowing order; info['action_mask'] says which are legal (an illegal one raises "
        "ValueError). The observation is Position.observation() from the learner's side (float32, 2N+2). "
        "reward 'win': +1, -1 or 0 when the game ends; 'margin': the learner's final store difference. An extra "
        "turn returns with the learner to move again.")
        .def(py::init<const py::object&, const std::string&, const std::string&, const std::string&,
                      const std::optional<std::string>&, const py::object&, const std::optional<double>&>(),
             py::arg("rules") = "kalah", py::arg("opponent") = "random", py::arg("learner") = "south",
             py::arg("reward") = "win", py::arg("db") = py::none(), py::arg("seed") = py::none(),
             py::arg("opponent_time") = py::none(),
             "rules: a Rules or a rules string (6x4); opponent: any agent spec; learner: south, north or random "
             "(per episode); db: endgame databases for the opponent; seed: replays the episodes; opponent_time: "
             "seconds per opponent move on top of its spec's limits")
        .def("reset", &Environment::reset, py::arg("seed") = py::none())
        .def("step", &Environment::step, py::arg("action"))
        .def(
            "action_mask", [](Environment& e) { return action_mask(e.position()); },
            "N booleans: the learner's legal actions now")
        .def(
            "legal_actions",
            [](Environment& e) {
                const GamePosition g = e.position();
                std::vector<int> moves;
                if (!g.position.is_terminal(g.rules))
                    for (const int move : g.position.legal_moves()) moves.push_back(move);
                return moves;
            },
            "the learner's legal actions now")
        .def_property_readonly("position", &Environment::position, "a copy of the current position")
        .def_property_readonly("learner", &Environment::learner, "the learner's side in this episode")
        .def_property_readonly("rules", &Environment::rules)
        .def_property_readonly("opponent", &Environment::opponent_spec)
        .def_property_readonly("num_actions", [](const Environment& e) { return e.rules().pits; })
        .def_property_readonly("observation_shape",
                               [](const Environment& e) { return py::make_tuple(2 * e.rules().pits + 2); })
        .def("__repr__", [](const Environment& e) {
            return fmt::format("mancala.Env(rules=Rules('{}', pits={}, seeds={}), opponent='{}')",
                               rules_string(e.rules()), e.rules().pits, e.rules().seeds, e.opponent_spec());
        });
}

}  // namespace mancala::python
