// GameSession: a game in progress with its history (play/game_session.hpp), as the terminal
// game and the server keep it: what a Position alone cannot see, a repeated position, which
// ends the games with `repetition` (Oware). Every call is short and keeps the GIL.

#include "bindings.hpp"
#include "game_position.hpp"

#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/game_session.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

play::GameSession make_session(const py::object& rules, const py::object& start) {
    if (start.is_none()) return play::GameSession(rules.is_none() ? parse_rules("kalah") : rules_from(rules));
    if (!py::isinstance<GamePosition>(start))
        throw py::type_error(fmt::format("start must be a mancala.Position, not {}",
                                         std::string(py::str(start.get_type().attr("__name__")))));
    const GamePosition g = start.cast<GamePosition>();
    if (rules.is_none()) return play::GameSession(g.rules, g.position);
    const Rules r =
        py::isinstance<py::str>(rules) ? rules_from(rules, g.position.pits(), g.rules.seeds) : rules_from(rules);
    return play::GameSession(r, g.position);
}

GamePosition position_of(const play::GameSession& s) { return {s.rules(), s.position()}; }

std::optional<std::string> winner_of(const play::GameSession& s) {
    if (!s.is_over()) return std::nullopt;
    const auto leader = s.score().leader();
    return leader ? std::optional<std::string>(to_string(*leader)) : std::nullopt;
}

}  // namespace

void bind_session(py::module_& m) {
    py::class_<play::GameSession>(
        m, "GameSession",
        "A game in progress and its history, as the terminal game and the server keep it: the game ends by its "
        "rules or, under rules with `repetition` (Oware), when a position comes back (then each side takes the "
        "stones of its own row). GameSession(rules='kalah', start=None): rules a Rules or a rules string (its "
        "own board), start a Position (its rules unless `rules` is given).")
        .def(py::init(&make_session), py::arg("rules") = py::none(), py::arg("start") = py::none())
        .def_property_readonly("rules", &play::GameSession::rules)
        .def_property_readonly(
            "position", [](const play::GameSession& s) { return position_of(s); }, "a copy of the position now")
        .def_property_readonly(
            "start",
            [](const play::GameSession& s) {
                return GamePosition{s.rules(), s.start()};
            },
            "the position the game began from")
        .def_property_readonly("to_move",
                               [](const play::GameSession& s) { return std::string(to_string(s.to_move())); })
        .def(
            "legal_moves",
            [](const play::GameSession& s) {
                std::vector<int> moves;
                for (const int move : s.legal_moves()) moves.push_back(move);
                return moves;
            },
            "the pit indices the side to move may play (none once the game is over)")
        .def(
            "play",
            [](play::GameSession& s, const py::object& move) {
                if (s.is_over()) throw std::invalid_argument("the game is over");
                return s.play(legal_move(position_of(s), move)).result;
            },
            py::arg("move"),
            "plays a pit index or a pit name ('B3', 'c', 1..N) for the side to move and says what it did; "
            "ValueError for a move that is not legal (nothing changes)")
        .def("is_over", &play::GameSession::is_over, "the game has ended: by its rules, or by a repetition")
        .def_property_readonly("ended_by_repetition", &play::GameSession::ended_by_repetition,
                               "the game ended because a position came back")
        .def_property_readonly(
            "moves",
            [](const play::GameSession& s) {
                std::vector<int> moves;
                for (const play::PlayedMove& m : s.history()) moves.push_back(m.pit);
                return moves;
            },
            "the pit indices played, in order, each of its mover")
        .def_property_readonly(
            "move_names",
            [](const play::GameSession& s) {
                std::vector<std::string> names;
                for (const play::PlayedMove& m : s.history()) names.push_back(pit_name(s.rules(), m.side, m.pit));
                return names;
            },
            "the moves played as the game names its pits")
        .def_property_readonly(
            "movers",
            [](const play::GameSession& s) {
                std::vector<std::string> sides;
                for (const play::PlayedMove& m : s.history()) sides.emplace_back(to_string(m.side));
                return sides;
            },
            "who played each move: 'south' or 'north'")
        .def_property_readonly(
            "plies", [](const play::GameSession& s) { return s.history().size(); }, "moves played")
        .def(
            "undo_turn", [](play::GameSession& s, const std::string& side) { return s.undo_turn(side_from(side)); },
            py::arg("side"),
            "takes back `side`'s last turn (its move and the extra-turn moves after it) and every move since; "
            "returns how many moves were taken back (0 if `side` has not played)")
        .def(
            "score",
            [](const play::GameSession& s) {
                const play::Score score = s.score();
                return py::make_tuple(score.south, score.north);
            },
            "(south, north): the stores, and once the game is over the final score (a repetition gives each side "
            "the stones of its own row)")
        .def("winner", &winner_of, "'south' or 'north' once the game is over; None before and for a draw")
        .def_property_readonly(
            "current_player",
            [](const play::GameSession& s) { return s.is_over() ? kTerminalPlayer : player_of(s.to_move()); },
            "0 (south) or 1 (north) to move; mancala.TERMINAL (-4, as OpenSpiel) once the game is over")
        .def(
            "returns",
            [](const play::GameSession& s) {
                if (!s.is_over()) return std::vector<double>{0.0, 0.0};
                const play::Score score = s.score();
                return returns_of(score.south - score.north);
            },
            "[south's, north's] result: +1.0 win, -1.0 loss, 0.0 draw once the game is over (a repetition "
            "included); [0.0, 0.0] before")
        .def(
            "undo",
            [](play::GameSession& s) {
                if (!s.undo_move()) throw std::invalid_argument("no move has been played");
            },
            "takes back the last move alone, whoever played it (undo_turn takes back a whole turn); ValueError "
            "before the first move")
        .def(
            "clone", [](const play::GameSession& s) { return s; }, "a copy, history included: play on it freely")
        .def("__copy__", [](const play::GameSession& s) { return s; })
        .def(
            "__deepcopy__", [](const play::GameSession& s, const py::object&) { return s; }, py::arg("memo"))
        .def("__repr__", [](const play::GameSession& s) {
            return fmt::format("GameSession(rules=Rules('{}', pits={}, seeds={}), plies={}, position='{}')",
                               rules_string(s.rules()), s.rules().pits, s.rules().seeds, s.history().size(),
                               to_notation(s.position(), s.rules()));
        });
}

}  // namespace mancala::python
