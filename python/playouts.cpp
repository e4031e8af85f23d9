// playouts(): whole games played in C++ from Python in one call, their results as NumPy
// arrays. A loop in Python pays 180-370 ns a call into the module, so random games from
// Python ran at 9-12k games/s; here the random player is C++ too, and the GIL is released
// while the games are played (taken back now and then to see Ctrl-C).

#include "agent_context.hpp"
#include "batch_game.hpp"
#include "bindings.hpp"
#include "game_position.hpp"
#include "observation.hpp"

#include "agents/agent_options.hpp"
#include "agents/registry.hpp"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

constexpr long long kMaxGames = 100'000'000;
/// Games whose moves may be returned (a Python list of lists each).
constexpr long long kMaxGamesWithMoves = 1'000'000;
/// Games played between looks for Ctrl-C (with the GIL).
constexpr long long kSignalCheckEvery = 1 << 14;

/// Who plays: the fast random player, or an agent of a spec built for each game.
struct Players {
    std::string south = "random";
    std::string north = "random";
    bool random() const { return south == "random" && north == "random"; }
};

Players players_from(const py::handle& agent) {
    if (py::isinstance<py::str>(agent)) {
        const std::string spec = agent.cast<std::string>();
        return {spec, spec};
    }
    if (py::isinstance<py::tuple>(agent) || py::isinstance<py::list>(agent)) {
        const py::sequence pair = agent.cast<py::sequence>();
        if (pair.size() == 2 && py::isinstance<py::str>(pair[0]) && py::isinstance<py::str>(pair[1]))
            return {pair[0].cast<std::string>(), pair[1].cast<std::string>()};
    }
    throw std::invalid_argument("agent must be a spec string, or a pair of them (south's, north's)");
}

struct Results {
    std::vector<std::int32_t> margin;
    std::vector<std::int8_t> result;
    std::vector<std::int32_t> plies;
    std::vector<bool> truncated;
    std::vector<bool> repetition;
    std::vector<std::vector<int>> moves;
};

/// Plays game `g` of the batch into `out`.
template <class ChooseMove>
void play_one(const Rules& rules, Side first, int max_plies, bool keep_moves, std::size_t g, Results& out,
              ChooseMove&& choose) {
    BatchGame game(rules, first);
    std::vector<int>* moves = keep_moves ? &out.moves[g] : nullptr;
    while (!game.over(rules) && (max_plies == 0 || game.plies() < max_plies)) {
        const int pit = choose(game);
        if (moves) moves->push_back(pit);
        game.play(rules, pit);
    }
    const int margin = game.margin(rules, Side::South);
    out.margin[g] = margin;
    out.result[g] = static_cast<std::int8_t>(game.over(rules) ? (margin > 0) - (margin < 0) : 0);
    out.plies[g] = game.plies();
    out.truncated[g] = !game.over(rules);
    out.repetition[g] = game.repeated();
}

template <class T>
py::array_t<T> array_of(const std::vector<T>& values) {
    py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
    std::copy(values.begin(), values.end(), out.mutable_data());
    return out;
}

py::array_t<bool> bool_array_of(const std::vector<bool>& values) {
    py::array_t<bool> out(static_cast<py::ssize_t>(values.size()));
    bool* data = out.mutable_data();
    for (std::size_t i = 0; i < values.size(); ++i) data[i] = values[i];
    return out;
}

py::dict playouts(const py::object& rules_arg, const py::object& n_arg, const py::object& agent,
                  const py::object& seed_arg, const py::object& max_plies_arg, const std::string& first_arg,
                  bool keep_moves) {
    require_numpy("playouts()");  // its results are arrays
    const Rules rules = rules_from(rules_arg);
    const long long n = integer_between(n_arg, "n", 1, keep_moves ? kMaxGamesWithMoves : kMaxGames);
    const Players players = players_from(agent);
    const std::optional<std::uint64_t> given_seed = seed_from(seed_arg);
    const std::uint64_t seed = given_seed ? *given_seed : std::random_device{}();
    const int max_plies = max_plies_from(rules, max_plies_arg);
    if (first_arg != "south" && first_arg != "north" && first_arg != "random")
        throw std::invalid_argument(fmt::format("first must be south, north or random, got '{}'", first_arg));
    const std::optional<Side> fixed_first =
        first_arg == "random" ? std::nullopt : std::optional<Side>(side_from(first_arg));
    // Every spec is checked once before the games (a bad one is a ValueError, not n of them).
    if (!players.random())
        for (const std::string& spec : {players.south, players.north})
            agents::make_agent(spec, agent_context({}, 1));

    Results out;
    const auto count = static_cast<std::size_t>(n);
    out.margin.resize(count);
    out.result.resize(count);
    out.plies.resize(count);
    out.truncated.resize(count);
    out.repetition.resize(count);
    if (keep_moves) out.moves.resize(count);
    FastRandom random(seed);
    for (long long start = 0; start < n; start += kSignalCheckEvery) {
        const long long end = std::min(n, start + kSignalCheckEvery);
        {
            const py::gil_scoped_release release;
            for (long long i = start; i < end; ++i) {
                const auto g = static_cast<std::size_t>(i);
                const Side first = fixed_first ? *fixed_first : random.below(2) ? Side::North : Side::South;
                if (players.random()) {
                    play_one(rules, first, max_plies, keep_moves, g, out, [&](const BatchGame& game) {
                        const MoveList legal = game.legal_moves(rules);
                        return legal[random.below(legal.size())];
                    });
                    continue;
                }
                // Each game's agents have a seed of their own, from the batch's seed and the game.
                const std::uint64_t game_seed = (seed + static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ULL) %
                                                    agents::AgentOptions::kMaxSeed +
                                                1;
                const std::unique_ptr<agents::Agent> south =
                    agents::make_agent(players.south, agent_context({}, game_seed));
                const std::unique_ptr<agents::Agent> north =
                    agents::make_agent(players.north, agent_context({}, game_seed ^ 1));
                play_one(rules, first, max_plies, keep_moves, g, out, [&](const BatchGame& game) {
                    agents::Agent& mover = game.to_move() == Side::South ? *south : *north;
                    const int pit = mover.choose(rules, game.position(), agents::MoveBudget::unlimited()).move;
                    if (!game.position().is_legal(rules, pit))
                        throw std::runtime_error(
                            fmt::format("agent {} chose pit {}, which is not legal", mover.spec(), pit));
                    return pit;
                });
            }
        }
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }

    py::dict result;
    result["margin"] = array_of(out.margin);
    result["result"] = array_of(out.result);
    result["plies"] = array_of(out.plies);
    result["truncated"] = bool_array_of(out.truncated);
    result["repetition"] = bool_array_of(out.repetition);
    if (keep_moves) result["moves"] = out.moves;
    return result;
}

}  // namespace

void bind_playouts(py::module_& m) {
    m.def("playouts", &playouts, py::arg("rules") = "kalah", py::arg("n") = 1000, py::arg("agent") = "random",
          py::arg("seed") = py::none(), py::arg("max_plies") = py::none(), py::arg("first") = "south",
          py::arg("moves") = false,
          "Plays n whole games in C++ and returns a dict of NumPy arrays, one entry a game: 'margin' (int32, "
          "South's final stones less North's), 'result' (int8: 1 South won, -1 North won, 0 a draw or cut "
          "short), 'plies' (int32, moves played), 'truncated' (bool: cut short at max_plies), 'repetition' "
          "(bool: ended on a repeated position, under rules with repetition); with moves=True also 'moves', "
          "each game's pit indices (at most 1,000,000 games). agent: 'random' (the fast C++ player), any agent "
          "spec, or a pair (south's, north's); agents of a spec are built for each game with a seed of its own. "
          "seed: replays the batch. max_plies: None is 10,000 in a game that may go on for ever (Rules.can_repeat "
          "without Rules.repetition), no limit otherwise. first: south, north or random (per game). n: 1 to "
          "100,000,000. The GIL is released while the games are played.");
}

}  // namespace mancala::python
