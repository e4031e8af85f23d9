// review(): a game graded by perfect play from Python, with the command line's options
// (`mancala review`), as the dict of its --json.

#include "agent_context.hpp"
#include "bindings.hpp"
#include "game_position.hpp"
#include "json_objects.hpp"

#include "agents/endgame_link.hpp"
#include "core/pit_names.hpp"
#include "play/game_session.hpp"
#include "review/game_review.hpp"
#include "review/review_json.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <atomic>
#include <optional>
#include <string>

namespace mancala::python {

namespace {

/// Pit indices written as the game's pit names, each of its mover, for parse_game_moves to check.
std::string names_of(const Rules& rules, Position position, const std::vector<int>& moves) {
    std::string text;
    for (const int move : moves) {
        if (move < 0 || move >= rules.pits || position.is_terminal(rules))
            return text + " " + std::to_string(move);  // parse_game_moves names what is wrong with it
        text += (text.empty() ? "" : " ") + pit_name(rules, position.to_move(), move);
        if (!position.is_legal(rules, move)) return text;
        position.apply(rules, move);
    }
    return text;
}

/// The game to review: a GameSession, or rules (or a Position to start from) and moves
/// (a string of pit names, or a list of pit indices).
review::GameMoves game_of(const py::object& game, const py::object& moves) {
    if (py::isinstance<play::GameSession>(game)) {
        if (!moves.is_none()) throw std::invalid_argument("a GameSession holds its moves: give no moves");
        const auto& session = game.cast<const play::GameSession&>();
        review::GameMoves g{session.rules(), session.start(), {}};
        for (const play::PlayedMove& m : session.history()) g.moves.push_back(m.pit);
        return g;
    }
    Rules rules;
    Position start;
    if (py::isinstance<GamePosition>(game)) {
        const auto& position = game.cast<const GamePosition&>();
        rules = position.rules;
        start = position.position;
    } else {
        rules = rules_from(game);
        start = Position::start(rules);
    }
    if (moves.is_none())
        throw std::invalid_argument("give the moves: a string of pit names, or a list of pit indices");
    const std::string text = py::isinstance<py::str>(moves)
                                 ? moves.cast<std::string>()
                                 : names_of(rules, start, moves.cast<std::vector<int>>());
    return review::parse_game_moves(rules, start, text);
}

py::object review_game(const py::object& game, const py::object& moves, double time, const py::object& depth,
                       const py::object& hash, const std::optional<std::string>& db, const py::object& db_size) {
    const review::GameMoves to_review = game_of(game, moves);
    review::ReviewSettings settings;
    if (time < 0) throw std::invalid_argument(fmt::format("time must be 0 (estimates only) or more, got {}", time));
    settings.proof_time = time == 0 ? std::chrono::milliseconds(0) : duration_from(time, "time");
    settings.estimate_depth = int_between(depth, "depth", 1, 64);
    settings.hash_mb = static_cast<std::size_t>(int_between(hash, "hash", 1, 65536));
    const agents::AgentContext context = agent_context(db.value_or(""), std::nullopt);
    const int own_mib = int_between(db_size, "db_size", 0, 65536);
    std::atomic<bool> stop{false};
    std::optional<review::GameReview> result;
    {
        const py::gil_scoped_release release;
        const std::shared_ptr<const search::EndgameOracle> oracle =
            agents::host_database(context, to_review.rules, own_mib);
        settings.endgame = oracle.get();
        // Ctrl-C is looked for after each position.
        auto progress = [&stop](const review::ReviewProgress&) {
            const py::gil_scoped_acquire acquire;
            if (PyErr_CheckSignals() != 0) {
                PyErr_Clear();
                stop = true;
            }
        };
        try {
            result = review::review_game(to_review, settings, progress, &stop);
        } catch (const review::ReviewStopped&) {
        }
    }
    if (!result) {
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        throw py::error_already_set();
    }
    return python_object(review::to_json(*result, settings));
}

}  // namespace

void bind_review(py::module_& m) {
    m.def("review", &review_game, py::arg("game"), py::arg("moves") = py::none(), py::arg("time") = 1.0,
          py::arg("depth") = 12, py::arg("hash") = 64, py::arg("db") = py::none(),
          py::arg("db_size") = agents::kDefaultOwnDatabaseMiB,
          "Grades every move of a game against perfect play, as `mancala review --json` (docs/CLI.md): game is a "
          "GameSession, or rules (or a Position to start from) with moves (a string of pit names such as 'B2 "
          "A5', or a list of pit indices). time: seconds of proof search a position (0: estimates only); depth: "
          "plies of the estimate where no proof settles it; hash: MiB; db: endgame databases, else one of "
          "db_size MiB built first (0: none). Returns the review's dict: each move's played and best values, "
          "loss and grade, each side's summary.");
}

}  // namespace mancala::python
