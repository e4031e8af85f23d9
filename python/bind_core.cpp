// Rules, Position and MoveResult: the game itself, with no search. Every call here is
// short, so none releases the GIL; their cost is the call round trip (bench/python_calls.py).

#include "bindings.hpp"
#include "game_position.hpp"
#include "observation.hpp"

#include "core/board_art.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/move_input.hpp"

#include <fmt/format.h>
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

std::string side_name(Side side) { return std::string(to_string(side)); }

std::string rules_repr(const Rules& r) {
    return fmt::format("Rules('{}', pits={}, seeds={})", rules_string(r), r.pits, r.seeds);
}

// The rules of a position parsed from text: its own number of pits.
Rules rules_for(const Position& p, const py::handle& rules) {
    Rules r = rules_from(rules, p.pits(), 4);
    if (r.pits != p.pits())
        throw std::invalid_argument(
            fmt::format("the position has {} pits a side but the rules have {}", p.pits(), r.pits));
    return r;
}

std::vector<int> row(const Position& p, Side side) {
    std::vector<int> counts;
    for (int i = 0; i < p.pits(); ++i) counts.push_back(p.pit(side, i));
    return counts;
}

std::vector<int> counts_from(const py::handle& sequence, std::string_view what) {
    if (!py::isinstance<py::sequence>(sequence) || py::isinstance<py::str>(sequence))
        throw py::type_error(fmt::format("{} must be a sequence of ints", what));
    std::vector<int> counts;
    for (const py::handle item : sequence) counts.push_back(int_between(item, what, 0, kMaxTotalStones));
    return counts;
}

GamePosition from_text(const std::string& notation, const py::handle& rules) {
    const Position p = parse_position(notation);
    return {rules_for(p, rules), p};
}

std::string position_repr(const GamePosition& g) {
    return fmt::format("Position('{}', rules='{}')", to_notation(g.position), rules_string(g.rules));
}

// Pickling keeps the text forms, which outlive any change of the C++ layout.
py::tuple position_state(const GamePosition& g) {
    return py::make_tuple(to_notation(g.position), rules_string(g.rules), g.rules.seeds);
}

GamePosition position_from_state(const py::tuple& t) {
    if (t.size() != 3) throw std::invalid_argument("not a pickled mancala.Position");
    const Position p = parse_position(t[0].cast<std::string>());
    return {parse_rules(t[1].cast<std::string>(), p.pits(), t[2].cast<int>()), p};
}

}  // namespace

void bind_core(py::module_& m) {
    py::class_<Rules>(m, "Rules",
                      "A rule set on a board: a preset (kalah, homework, relay) optionally refined dimension by "
                      "dimension, e.g. Rules('kalah:capture=always,extra-turn=no', pits=6, seeds=4).")
        .def(py::init([](const std::string& rules, const py::object& pits, const py::object& seeds) {
                 return parse_rules(rules, int_between(pits, "pits", 1, kMaxPits),
                                    int_between(seeds, "seeds", 0, kMaxTotalStones));
             }),
             py::arg("rules") = "kalah", py::arg("pits") = 6, py::arg("seeds") = 4)
        .def_readonly("pits", &Rules::pits, "pits per side")
        .def_readonly("seeds", &Rules::seeds, "stones per pit at the start")
        .def_property_readonly("name", &rules_string, "the canonical rules string, e.g. 'homework'")
        .def_property_readonly("capture", [](const Rules& r) { return std::string(to_string(r.capture)); })
        .def_property_readonly("sowing", [](const Rules& r) { return std::string(to_string(r.sowing)); })
        .def_property_readonly("end", [](const Rules& r) { return std::string(to_string(r.end)); })
        .def_readonly("extra_turn", &Rules::extra_turn)
        .def("describe", &describe, "one line naming every dimension")
        .def(
            "start",
            [](const Rules& r) {
                return GamePosition{r, Position::start(r)};
            },
            "the start position: every pit holds `seeds`, south to move")
        .def_static(
            "presets",
            [] {
                std::vector<std::string> names;
                for (const std::string_view name : preset_names()) names.emplace_back(name);
                return names;
            },
            "the preset names")
        .def_static(
            "dimensions",
            [] {
                py::dict out;
                for (const RuleDimension& d : rule_dimensions()) {
                    py::list values;
                    for (const RuleValue& v : d.values) values.append(std::string(v.name));
                    out[py::str(std::string(d.key))] = values;
                }
                return out;
            },
            "every dimension of a rules string and the values it takes")
        .def("__str__", &rules_string)
        .def("__repr__", &rules_repr)
        .def(py::self == py::self)  // NOLINT(misc-redundant-expression)
        .def("__hash__", [](const Rules& r) { return py::hash(py::make_tuple(rules_string(r), r.pits, r.seeds)); })
        .def(py::pickle([](const Rules& r) { return py::make_tuple(rules_string(r), r.pits, r.seeds); },
                        [](const py::tuple& t) {
                            if (t.size() != 3) throw std::invalid_argument("not a pickled mancala.Rules");
                            return parse_rules(t[0].cast<std::string>(), t[1].cast<int>(), t[2].cast<int>());
                        }));

    py::class_<MoveResult>(m, "MoveResult", "What a move did.")
        .def_readonly("extra_turn", &MoveResult::extra_turn, "the last stone fell in the mover's store")
        .def_readonly("capture", &MoveResult::capture, "the last stone fell in an own empty pit and captured")
        .def_readonly("captured", &MoveResult::captured, "stones the capture took, the capturing stone included")
        .def_readonly("passed", &MoveResult::passed, "the player due next had no stones and passed (relay)")
        .def_readonly("game_over", &MoveResult::game_over, "the game ended (leftovers swept into the stores)")
        .def_readonly("relays", &MoveResult::relays, "times relay sowing lifted a pit and sowed on")
        .def_readonly("last_cell", &MoveResult::last_cell, "board cell of the last stone (see Position.cells)")
        .def("__repr__", [](const MoveResult& r) {
            return fmt::format("MoveResult(extra_turn={}, capture={}, captured={}, passed={}, game_over={})",
                               r.extra_turn ? "True" : "False", r.capture ? "True" : "False", r.captured,
                               r.passed ? "True" : "False", r.game_over ? "True" : "False");
        });

    py::class_<GamePosition>(
        m, "Position",
        "A position and the rules it is played under, e.g. Position('4,4,4,4,4,4/4,4,4,4,4,4/0/0/S', 'kalah'). "
        "The notation is row A (A2..A(N+1)) / row B (B2..B(N+1)) / A1 / B(N+2) / side to move. Moves are pit "
        "indices 0..N-1 of the side to move in its sowing order (what legal_moves() returns), or pit names "
        "as typed in the terminal ('B3', or 1..N). apply() changes the position in place: do not change a "
        "position that is a dict key.")
        .def(py::init(&from_text), py::arg("notation"), py::arg("rules") = "kalah")
        .def_static(
            "start",
            [](const py::object& rules) {
                const Rules r = rules_from(rules, 6, 4);
                return GamePosition{r, Position::start(r)};
            },
            py::arg("rules") = "kalah", "the start position of `rules` (a Rules, or a rules string on 6x4)")
        .def_static(
            "from_counts",
            [](const py::object& south, const py::object& north, const py::object& south_store,
               const py::object& north_store, const std::string& to_move, const py::object& rules) {
                const std::vector<int> s = counts_from(south, "a south pit");
                const std::vector<int> n = counts_from(north, "a north pit");
                const Position p = Position::from_counts(
                    s, n, int_between(south_store, "south_store", 0, kMaxTotalStones),
                    int_between(north_store, "north_store", 0, kMaxTotalStones), side_from(to_move));
                return GamePosition{rules_for(p, rules), p};
            },
            py::arg("south"), py::arg("north"), py::arg("south_store") = 0, py::arg("north_store") = 0,
            py::arg("to_move") = "south", py::arg("rules") = "kalah",
            "a position from its counts, each row in its side's sowing order (south B2.., north A(N+1)..A2)")
        .def_property_readonly("rules", [](const GamePosition& g) { return g.rules; })
        .def_property_readonly("pits", [](const GamePosition& g) { return g.position.pits(); })
        .def_property_readonly(
            "to_move", [](const GamePosition& g) { return side_name(g.position.to_move()); }, "'south' or 'north'")
        .def_property_readonly(
            "south", [](const GamePosition& g) { return row(g.position, Side::South); },
            "south's pits in its sowing order, B2..B(N+1)")
        .def_property_readonly(
            "north", [](const GamePosition& g) { return row(g.position, Side::North); },
            "north's pits in its sowing order, A(N+1)..A2")
        .def_property_readonly("south_store", [](const GamePosition& g) { return g.position.store(Side::South); })
        .def_property_readonly("north_store", [](const GamePosition& g) { return g.position.store(Side::North); })
        .def(
            "cells",
            [](const GamePosition& g) {
                std::vector<int> cells;
                for (int c = 0; c < g.position.cell_count(); ++c) cells.push_back(g.position.cell(c));
                return cells;
            },
            "every count in sowing order: south's pits, south's store, north's pits, north's store")
        .def("total_stones", [](const GamePosition& g) { return g.position.total_stones(); })
        .def(
            "legal_moves",
            [](const GamePosition& g) {
                std::vector<int> moves;
                if (g.position.is_terminal(g.rules)) return moves;
                for (const int move : g.position.legal_moves()) moves.push_back(move);
                return moves;
            },
            "the pit indices the side to move may play (none once the game is over)")
        .def(
            "is_legal",
            [](const GamePosition& g, const py::object& move) {
                try {
                    legal_move(g, move);
                    return true;
                } catch (const std::invalid_argument&) {
                    return false;
                }
            },
            py::arg("move"))
        .def(
            "apply",
            [](GamePosition& g, const py::object& move) {
                const int pit = legal_move(g, move);
                return g.position.apply(g.rules, pit);
            },
            py::arg("move"),
            "plays `move` for the side to move, in place, and says what happened; ValueError for a move that "
            "is not legal (the position is unchanged)")
        .def(
            "child",
            [](const GamePosition& g, const py::object& move) {
                GamePosition next = g;
                next.position.apply(next.rules, legal_move(g, move));
                return next;
            },
            py::arg("move"), "a new position: this one after `move`")
        .def(
            "is_over", [](const GamePosition& g) { return g.position.is_terminal(g.rules); },
            "the game has ended: no move may be made")
        .def(
            "score",
            [](const GamePosition& g) {
                return py::make_tuple(g.position.store(Side::South), g.position.store(Side::North));
            },
            "(south's store, north's store); final once is_over()")
        .def(
            "margin",
            [](const GamePosition& g, const std::optional<std::string>& side) {
                return g.position.store_difference(side ? side_from(*side) : g.position.to_move());
            },
            py::arg("side") = py::none(), "a side's store minus the other's (default: the side to move)")
        .def(
            "winner",
            [](const GamePosition& g) -> std::optional<std::string> {
                if (!g.position.is_terminal(g.rules)) return std::nullopt;
                const int d = g.position.store_difference(Side::South);
                return d > 0 ? "south" : d < 0 ? "north" : "draw";
            },
            "'south', 'north' or 'draw' once the game is over; None before")
        .def(
            "pit_name",
            [](const GamePosition& g, const py::object& index, const std::optional<std::string>& side) {
                const int i = int_between(index, "a pit index", 0, g.position.pits() - 1);
                return pit_name(g.position.pits(), side ? side_from(*side) : g.position.to_move(), i);
            },
            py::arg("index"), py::arg("side") = py::none(),
            "the name of a pit index, e.g. 'B3' (default: the mover's)")
        .def(
            "pit_names",
            [](const GamePosition& g, const std::optional<std::string>& side) {
                std::vector<std::string> names;
                const Side s = side ? side_from(*side) : g.position.to_move();
                for (int i = 0; i < g.position.pits(); ++i) names.push_back(pit_name(g.position.pits(), s, i));
                return names;
            },
            py::arg("side") = py::none(), "the names of a side's pits in its sowing order (default: the mover's)")
        .def(
            "parse_move",
            [](const GamePosition& g, const std::string& text) {
                return play::parse_move(g.position.pits(), g.position.to_move(), text);
            },
            py::arg("text"), "the pit index a move typed in the terminal names ('B3', or 1..N)")
        .def(
            "line_names", [](const GamePosition& g, const std::vector<int>& line) { return line_names(g, line); },
            py::arg("line"), "pit names of a line of moves played from here (e.g. a principal variation)")
        .def("observation", &observation, py::arg("perspective") = "mover",
             "the counts as a float32 NumPy array of 2N+2: with perspective 'mover' (default) the mover's pits "
             "in sowing order, its store, the opponent's pits, its store; with 'south' the cells() order")
        .def(
            "notation", [](const GamePosition& g) { return to_notation(g.position); }, "the one-line notation")
        .def(
            "board", [](const GamePosition& g) { return board_art(g.position); },
            "the board drawn in ASCII as the homework lays it out")
        .def("copy", [](const GamePosition& g) { return g; })
        .def("__copy__", [](const GamePosition& g) { return g; })
        .def(
            "__deepcopy__", [](const GamePosition& g, const py::object&) { return g; }, py::arg("memo"))
        .def("__str__", [](const GamePosition& g) { return to_notation(g.position); })
        .def("__repr__", &position_repr)
        .def(py::self == py::self)  // NOLINT(misc-redundant-expression)
        .def("__hash__", &GamePosition::hash)
        .def(py::pickle(&position_state, &position_from_state));
}

}  // namespace mancala::python
