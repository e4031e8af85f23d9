// Env: a game against any agent, in the shape reinforcement-learning code expects
// (Gymnasium's reset() -> (observation, info) and step(action) -> (observation, reward,
// terminated, truncated, info)), with the legal actions as a mask. The learner's moves
// come from Python; the opponent's are played inside step() and reset() with the GIL
// released, every turn of theirs (extra turns included) until the learner is to move.

#include "agent_context.hpp"
#include "batch_game.hpp"
#include "bindings.hpp"
#include "game_position.hpp"
#include "observation.hpp"

#include "agents/perfect_agent.hpp"
#include "agents/registry.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/game_session.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <algorithm>
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
    int margin = 0;
    int plies = 0;
    bool terminated = false;
    bool truncated = false;
    bool repetition = false;
};

std::string kind_of(const std::string& spec) { return spec.substr(0, spec.find(':')); }

class Environment {
public:
    Environment(const py::object& rules, const std::string& opponent, const std::string& learner,
                const std::string& reward, const std::optional<std::string>& db, const py::object& seed,
                const std::optional<double>& opponent_time, const py::object& max_plies)
        : rules_(rules_from(rules)), opponent_spec_(opponent), db_(db.value_or("")), session_(rules_) {
        require_numpy("Env");  // its observations and action masks are arrays
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
        max_plies_ = max_plies_from(rules_, max_plies);
        reseed(seed_from(seed));
        if (kind_of(opponent_->spec()) == "perfect") agents::require_perfect_play(rules_);
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
            session_ = play::GameSession(rules_);
            o.opponent_moves = opponent_plays();
            finish(o);
        }
        py::dict info = info_of(o);
        return py::make_tuple(observation_for(rules_, o.game.position, o.learner), info);
    }

    py::tuple step(const py::object& action) {
        // The action's range is checked with the GIL (it is a Python object); its legality under the lock.
        const int pit = int_between(action, "action", 0, rules_.pits - 1);
        Outcome o;
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            if (over_) throw std::invalid_argument("the game is over: call reset()");
            const Position& p = session_.position();
            if (!p.is_legal(rules_, pit)) throw std::invalid_argument(illegal_move_message(rules_, p, pit));
            const MoveResult r = session_.play(pit).result;
            o.extra_turn = r.extra_turn;
            o.capture = r.capture;
            o.opponent_moves = opponent_plays();
            finish(o);
        }
        py::dict info = info_of(o);
        return py::make_tuple(observation_for(rules_, o.game.position, o.learner), o.reward, o.terminated,
                              o.truncated, info);
    }

    GamePosition position() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        return {rules_, session_.position()};
    }

    // The learner's legal actions now: none once the episode is over (a repetition or a truncation too).
    std::vector<int> legal_actions() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        std::vector<int> moves;
        if (!over_)
            for (const int move : session_.legal_moves()) moves.push_back(move);
        return moves;
    }

    std::string learner() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        return std::string(to_string(side_));
    }

    int plies() {
        const py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        return plies_played();
    }

    const Rules& rules() const { return rules_; }
    const std::string& opponent_spec() const { return opponent_spec_; }
    std::optional<int> max_plies() const { return max_plies_ > 0 ? std::optional<int>(max_plies_) : std::nullopt; }

private:
    // A seed makes the episodes replay: the learner's side and the opponent's own choices.
    void reseed(std::optional<std::uint64_t> seed) {
        rng_.seed(seed ? *seed : std::random_device{}());
        opponent_ = agents::make_agent(opponent_spec_, agent_context(db_, seed));
    }

    int plies_played() const { return static_cast<int>(session_.history().size()); }
    bool out_of_plies() const { return max_plies_ > 0 && plies_played() >= max_plies_; }

    // The opponent's turns until the learner is to move, the game is over or out of plies.
    std::vector<int> opponent_plays() {
        std::vector<int> moves;
        while (!session_.is_over() && session_.to_move() != side_ && !out_of_plies()) {
            const Position& p = session_.position();
            const agents::MoveBudget budget =
                opponent_time_ ? agents::MoveBudget::within(*opponent_time_) : agents::MoveBudget::unlimited();
            const int move = opponent_->choose(rules_, p, budget).move;
            if (!p.is_legal(rules_, move))
                throw std::runtime_error(
                    fmt::format("agent {} chose pit {}, which is not legal", opponent_->spec(), move));
            moves.push_back(move);
            session_.play(move);
        }
        return moves;
    }

    // The state after a reset or a step, and the reward: the final one once the game is over.
    void finish(Outcome& o) {
        o.game = {rules_, session_.position()};
        o.learner = side_;
        o.plies = plies_played();
        o.terminated = session_.is_over();
        o.truncated = !o.terminated && out_of_plies();
        o.repetition = session_.ended_by_repetition();
        const play::Score score = session_.score();  // final once over: a repetition sweeps the rows
        o.margin = score.of(side_) - score.of(opponent(side_));
        o.reward = !o.terminated ? 0 : reward_ == Reward::Margin ? o.margin : (o.margin > 0) - (o.margin < 0);
        over_ = o.terminated || o.truncated;
    }

    py::dict info_of(const Outcome& o) const {
        py::dict info;
        py::array_t<bool> mask = action_mask(o.game);
        if (o.terminated || o.truncated) std::fill_n(mask.mutable_data(), mask.size(), false);  // a repetition too
        info["action_mask"] = mask;
        info["learner"] = std::string(to_string(o.learner));
        info["opponent_moves"] = o.opponent_moves;
        info["extra_turn"] = o.extra_turn;
        info["capture"] = o.capture;
        info["margin"] = o.margin;
        info["plies"] = o.plies;
        info["repetition"] = o.repetition;
        info["position"] = o.game;
        return info;
    }

    Rules rules_;
    std::string opponent_spec_;
    std::filesystem::path db_;
    std::string learner_choice_;
    Reward reward_ = Reward::Win;
    std::optional<std::chrono::milliseconds> opponent_time_;
    int max_plies_ = 0;  // 0: no limit
    std::mt19937_64 rng_;
    std::bernoulli_distribution coin_;
    std::unique_ptr<agents::Agent> opponent_;
    play::GameSession session_;
    Side side_ = Side::South;
    bool over_ = true;
    std::mutex mutex_;
};

}  // namespace

void bind_environment(py::module_& m) {
    py::class_<Environment>(
        m, "Env",
        "A game of any rules against an agent, for reinforcement learning. reset(seed=None) -> (observation, "
        "info); step(action) -> (observation, reward, terminated, truncated, info). Actions are the learner's pit "
        "indices 0..N-1 in its sowing order; info['action_mask'] says which are legal (the legal moves: must-feed "
        "and the grand slam included; an illegal one raises ValueError). The observation is "
        "Position.observation() from the learner's side (float32, 2N+2; 2N+4 with tuzdyks). reward 'win': +1, -1 "
        "or 0 when the game ends; 'margin': the learner's final margin. An extra turn returns with the learner "
        "to move again. The game is played as a GameSession: under rules with `repetition` (Oware) a repeated "
        "position ends it (terminated, info['repetition']), each side taking its own row. An episode that "
        "reaches max_plies plies (both sides' moves) stops with truncated=True and reward 0.")
        .def(
            py::init<const py::object&, const std::string&, const std::string&, const std::string&,
                     const std::optional<std::string>&, const py::object&, const std::optional<double>&,
                     const py::object&>(),
            py::arg("rules") = "kalah", py::arg("opponent") = "random", py::arg("learner") = "south",
            py::arg("reward") = "win", py::arg("db") = py::none(), py::arg("seed") = py::none(),
            py::arg("opponent_time") = py::none(), py::arg("max_plies") = py::none(),
            "rules: a Rules or a rules string (on the game's own board); opponent: any agent spec; learner: "
            "south, north or random (per episode); db: endgame databases for the opponent; seed: replays the "
            "episodes; opponent_time: seconds per opponent move on top of its spec's limits; max_plies: plies "
            "after which an episode is truncated (None: 10,000 in a game that may go on for ever, Rules.can_repeat "
            "without Rules.repetition; no limit otherwise)")
        .def("reset", &Environment::reset, py::arg("seed") = py::none())
        .def("step", &Environment::step, py::arg("action"))
        .def(
            "action_mask",
            [](Environment& e) {
                const std::vector<int> moves = e.legal_actions();
                py::array_t<bool> mask(e.rules().pits);
                std::fill_n(mask.mutable_data(), mask.size(), false);
                for (const int move : moves) mask.mutable_at(move) = true;
                return mask;
            },
            "N booleans: the learner's legal actions now (none once the episode is over)")
        .def("legal_actions", &Environment::legal_actions,
             "the learner's legal actions now (none once the episode is over)")
        .def_property_readonly("position", &Environment::position, "a copy of the current position")
        .def_property_readonly("learner", &Environment::learner, "the learner's side in this episode")
        .def_property_readonly("plies", &Environment::plies, "moves played in this episode, both sides'")
        .def_property_readonly("max_plies", &Environment::max_plies, "the truncation limit, or None")
        .def_property_readonly("rules", &Environment::rules)
        .def_property_readonly("opponent", &Environment::opponent_spec)
        .def_property_readonly("num_actions", [](const Environment& e) { return e.rules().pits; })
        .def_property_readonly("observation_shape",
                               [](const Environment& e) { return py::make_tuple(observation_size(e.rules())); })
        .def("__repr__", [](const Environment& e) {
            return fmt::format("mancala.Env(rules=Rules('{}', pits={}, seeds={}), opponent='{}')",
                               rules_string(e.rules()), e.rules().pits, e.rules().seeds, e.opponent_spec());
        });
}

}  // namespace mancala::python
