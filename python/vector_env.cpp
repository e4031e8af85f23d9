// VectorEnv: n games against an opponent stepped at once from arrays of actions, in the
// shape of Gymnasium's vector environments (reset() -> (observations, infos); step(actions)
// -> (observations, rewards, terminations, truncations, infos), each a NumPy array with one
// row a game). A game that ends is started again at the next step (Gymnasium's "next step"
// autoreset): that step ignores its action and returns the new episode's first
// observation with reward 0. The boards are played without the GIL, the random opponent
// in C++.

#include "agent_context.hpp"
#include "batch_game.hpp"
#include "bindings.hpp"
#include "game_position.hpp"
#include "observation.hpp"

#include "agents/agent_options.hpp"
#include "agents/registry.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

constexpr int kMaxBoards = 1'000'000;

class VectorEnvironment {
public:
    VectorEnvironment(const py::object& rules, const py::object& n, const std::string& opponent,
                      const std::string& learner, const std::string& reward, const py::object& seed,
                      const py::object& max_plies)
        : rules_(rules_from(rules)), opponent_spec_(opponent), random_(0) {
        require_numpy("VectorEnv");  // its observations, rewards and masks are arrays
        boards_count_ = int_between(n, "n", 1, kMaxBoards);
        if (learner != "south" && learner != "north" && learner != "random")
            throw std::invalid_argument(fmt::format("learner must be south, north or random, got '{}'", learner));
        learner_choice_ = learner;
        if (reward != "win" && reward != "margin")
            throw std::invalid_argument(fmt::format("reward must be win or margin, got '{}'", reward));
        margin_reward_ = reward == "margin";
        max_plies_ = max_plies_from(rules_, max_plies);
        agents::make_agent(opponent_spec_, agent_context({}, 1));  // a bad spec is a ValueError now
        reseed(seed_from(seed));
    }

    py::tuple reset(const py::object& seed) {
        const std::optional<std::uint64_t> new_seed = seed_from(seed);
        Arrays a = arrays();
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            if (new_seed) reseed(new_seed);
            for (std::size_t i = 0; i < boards_.size(); ++i) {
                start_episode(i);
                write(i, a);
            }
        }
        return py::make_tuple(a.observations, info_of(a));
    }

    py::tuple step(const py::handle& actions_arg) {
        const std::vector<int> actions = actions_from(actions_arg);
        Arrays a = arrays();
        {
            const py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            if (!started_) throw std::invalid_argument("call reset() before step()");
            // Every action is checked before any is played: a refusal changes no board.
            for (std::size_t i = 0; i < boards_.size(); ++i) {
                const Board& b = boards_[i];
                if (b.done) continue;  // its action is ignored: it starts again
                const Position& p = b.game->position();
                if (!p.is_legal(rules_, actions[i]))
                    throw std::invalid_argument(
                        fmt::format("actions[{}]: {}", i, illegal_move_message(rules_, p, actions[i])));
            }
            for (std::size_t i = 0; i < boards_.size(); ++i) {
                Board& b = boards_[i];
                if (b.done) {
                    start_episode(i);
                } else {
                    b.game->play(rules_, actions[i]);
                    opponent_plays(b);
                    b.done = b.game->over(rules_) || out_of_plies(b);
                }
                write(i, a);
            }
        }
        return py::make_tuple(a.observations, a.rewards, a.terminations, a.truncations, info_of(a));
    }

    int size() const { return boards_count_; }
    const Rules& rules() const { return rules_; }
    const std::string& opponent_spec() const { return opponent_spec_; }
    std::optional<int> max_plies() const { return max_plies_ > 0 ? std::optional<int>(max_plies_) : std::nullopt; }

private:
    struct Board {
        std::optional<BatchGame> game;
        Side learner = Side::South;
        bool done = false;
        std::unique_ptr<agents::Agent> opponent;  ///< none for the random opponent
    };

    /// The arrays one call returns, made with the GIL and filled without it.
    struct Arrays {
        py::array_t<float> observations;
        py::array_t<float> rewards;
        py::array_t<bool> terminations;
        py::array_t<bool> truncations;
        py::array_t<bool> masks;
        py::array_t<std::int32_t> margins;
        py::array_t<std::int32_t> plies;
        py::array_t<bool> repetitions;
        float* observation = nullptr;
        float* reward = nullptr;
        bool* terminated = nullptr;
        bool* truncated = nullptr;
        bool* mask = nullptr;
        std::int32_t* margin = nullptr;
        std::int32_t* ply = nullptr;
        bool* repeated = nullptr;
    };

    Arrays arrays() const {
        const auto n = static_cast<py::ssize_t>(boards_count_);
        Arrays a;
        a.observations = py::array_t<float>({n, static_cast<py::ssize_t>(observation_size(rules_))});
        a.rewards = py::array_t<float>(n);
        a.terminations = py::array_t<bool>(n);
        a.truncations = py::array_t<bool>(n);
        a.masks = py::array_t<bool>({n, static_cast<py::ssize_t>(rules_.pits)});
        a.margins = py::array_t<std::int32_t>(n);
        a.plies = py::array_t<std::int32_t>(n);
        a.repetitions = py::array_t<bool>(n);
        a.observation = a.observations.mutable_data();
        a.reward = a.rewards.mutable_data();
        a.terminated = a.terminations.mutable_data();
        a.truncated = a.truncations.mutable_data();
        a.mask = a.masks.mutable_data();
        a.margin = a.margins.mutable_data();
        a.ply = a.plies.mutable_data();
        a.repeated = a.repetitions.mutable_data();
        return a;
    }

    static py::dict info_of(const Arrays& a) {
        py::dict info;
        info["action_mask"] = a.masks;
        info["margin"] = a.margins;
        info["plies"] = a.plies;
        info["repetition"] = a.repetitions;
        return info;
    }

    /// Board i's row of every array, as it stands.
    void write(std::size_t i, Arrays& a) const {
        const Board& b = boards_[i];
        const BatchGame& game = *b.game;
        const Position& p = game.position();
        const auto dim = static_cast<std::size_t>(observation_size(rules_));
        write_observation(rules_, p, b.learner, a.observation + i * dim);
        const bool over = game.over(rules_);
        const int margin = game.margin(rules_, b.learner);
        a.terminated[i] = over;
        a.truncated[i] = !over && b.done;
        a.reward[i] = !over            ? 0.0F
                      : margin_reward_ ? static_cast<float>(margin)
                                       : static_cast<float>((margin > 0) - (margin < 0));
        bool* mask = a.mask + i * static_cast<std::size_t>(rules_.pits);
        std::fill_n(mask, rules_.pits, false);
        if (!b.done)
            for (const int move : game.legal_moves(rules_)) mask[move] = true;
        a.margin[i] = margin;
        a.ply[i] = game.plies();
        a.repeated[i] = game.repeated();
    }

    void start_episode(std::size_t i) {
        Board& b = boards_[i];
        b.learner = learner_choice_ == "random" ? (random_.below(2) ? Side::North : Side::South)
                                                : side_from(learner_choice_);
        b.game.emplace(rules_, Side::South);
        if (b.opponent) b.opponent->new_game();
        opponent_plays(b);
        b.done = b.game->over(rules_) || out_of_plies(b);
    }

    bool out_of_plies(const Board& b) const { return max_plies_ > 0 && b.game->plies() >= max_plies_; }

    /// The opponent's turns until the learner is to move, the game is over or out of plies.
    void opponent_plays(Board& b) {
        BatchGame& game = *b.game;
        while (!game.over(rules_) && game.to_move() != b.learner && !out_of_plies(b)) {
            int pit = 0;
            if (!b.opponent) {
                const MoveList legal = game.legal_moves(rules_);
                pit = legal[random_.below(legal.size())];
            } else {
                pit = b.opponent->choose(rules_, game.position(), agents::MoveBudget::unlimited()).move;
                if (!game.position().is_legal(rules_, pit))
                    throw std::runtime_error(
                        fmt::format("agent {} chose pit {}, which is not legal", b.opponent->spec(), pit));
            }
            game.play(rules_, pit);
        }
    }

    // A seed replays the episodes: the learners' sides and the opponents' choices.
    void reseed(std::optional<std::uint64_t> seed) {
        const std::uint64_t s = seed ? *seed : std::random_device{}();
        random_ = FastRandom(s);
        boards_.clear();
        boards_.resize(static_cast<std::size_t>(boards_count_));
        if (opponent_spec_ != "random")
            for (std::size_t i = 0; i < boards_.size(); ++i)
                boards_[i].opponent = agents::make_agent(
                    opponent_spec_, agent_context({}, (s + i) % agents::AgentOptions::kMaxSeed + 1));
        started_ = true;
    }

    /// n integer actions (a NumPy array of any integer type, or a sequence of ints); a
    /// float or bool array is refused, not rounded.
    std::vector<int> actions_from(const py::handle& actions_arg) const {
        const py::array array = py::array::ensure(actions_arg);
        if (!array) throw py::type_error("actions must be an array or a sequence of ints");
        const char kind = array.dtype().kind();
        if (kind != 'i' && kind != 'u')
            throw py::type_error(
                fmt::format("actions must be integers (pit indices), not an array of dtype kind '{}'", kind));
        if (array.ndim() != 1 || array.shape(0) != boards_count_)
            throw std::invalid_argument(fmt::format("actions must have shape ({},), one per board", boards_count_));
        const auto values = py::array_t<std::int64_t, py::array::forcecast>::ensure(array);
        std::vector<int> actions(static_cast<std::size_t>(boards_count_));
        const std::int64_t* data = values.data();
        for (std::size_t i = 0; i < actions.size(); ++i) {
            if (data[i] < 0 || data[i] >= rules_.pits)
                throw std::invalid_argument(fmt::format("actions[{}] must be a pit index from 0 to {}, got {}", i,
                                                        rules_.pits - 1, data[i]));
            actions[i] = static_cast<int>(data[i]);
        }
        return actions;
    }

    Rules rules_;
    std::string opponent_spec_;
    std::string learner_choice_;
    bool margin_reward_ = false;
    int max_plies_ = 0;  // 0: no limit
    int boards_count_ = 0;
    FastRandom random_;
    std::vector<Board> boards_;
    bool started_ = false;
    std::mutex mutex_;
};

}  // namespace

void bind_vector_env(py::module_& m) {
    py::class_<VectorEnvironment>(
        m, "VectorEnv",
        "n games of any rules against an agent, stepped at once, in the shape of Gymnasium's vector environments. "
        "reset(seed=None) -> (observations, infos); step(actions) -> (observations, rewards, terminations, "
        "truncations, infos). observations: float32 (n, 2N+2), each the learner's view as Env's; actions: n pit "
        "indices (integers; an illegal one raises ValueError naming its board, and no board moves); rewards: "
        "float32 (n,), as Env's. infos: 'action_mask' bool (n, N), 'margin' and 'plies' int32 (n,), "
        "'repetition' bool (n,). A game that ends starts again at the next step (autoreset 'next step'): that "
        "step ignores its action and returns the new episode's first observation, reward 0.")
        .def(py::init<const py::object&, const py::object&, const std::string&, const std::string&,
                      const std::string&, const py::object&, const py::object&>(),
             py::arg("rules") = "kalah", py::arg("n") = 1024, py::arg("opponent") = "random",
             py::arg("learner") = "south", py::arg("reward") = "win", py::arg("seed") = py::none(),
             py::arg("max_plies") = py::none(),
             "rules: a Rules or a rules string; n: boards (1 to 1,000,000); opponent: 'random' (in C++) or any "
             "agent spec (one agent a board); learner: south, north or random (per episode); reward: win or "
             "margin; seed: replays the episodes; max_plies: as Env's")
        .def("reset", &VectorEnvironment::reset, py::arg("seed") = py::none())
        .def("step", &VectorEnvironment::step, py::arg("actions"))
        .def(
            "close", [](VectorEnvironment&) {}, "nothing to release (for Gymnasium's shape)")
        .def_property_readonly("num_envs", &VectorEnvironment::size)
        .def_property_readonly("num_actions", [](const VectorEnvironment& e) { return e.rules().pits; })
        .def_property_readonly(
            "observation_shape",
            [](const VectorEnvironment& e) { return py::make_tuple(observation_size(e.rules())); })
        .def_property_readonly("metadata",
                               [](const VectorEnvironment&) {
                                   py::dict metadata;
                                   metadata["autoreset_mode"] = "NextStep";
                                   return metadata;
                               })
        .def_property_readonly("rules", &VectorEnvironment::rules)
        .def_property_readonly("opponent", &VectorEnvironment::opponent_spec)
        .def_property_readonly("max_plies", &VectorEnvironment::max_plies)
        .def("__repr__", [](const VectorEnvironment& e) {
            return fmt::format("mancala.VectorEnv(rules=Rules('{}', pits={}, seeds={}), n={}, opponent='{}')",
                               rules_string(e.rules()), e.rules().pits, e.rules().seeds, e.size(),
                               e.opponent_spec());
        });
}

}  // namespace mancala::python
