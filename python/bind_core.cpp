// Rules, the catalogue of games, Position and MoveResult: the game itself, with no search. Every call here is
// short, so none releases the GIL; their cost is the call round trip (bench/python_calls.py).

#include "bindings.hpp"
#include "game_position.hpp"
#include "observation.hpp"

#include "core/board_art.hpp"
#include "core/game_catalogue.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/move_input.hpp"

#include <fmt/format.h>
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mancala::python {

namespace {

std::string side_name(Side side) { return std::string(to_string(side)); }

std::string rules_repr(const Rules& r) {
    return fmt::format("Rules('{}', pits={}, seeds={})", rules_string(r), r.pits, r.seeds);
}

// An optional int argument: None, or a whole number in [min, max].
std::optional<int> optional_int(const py::handle& value, std::string_view name, int min, int max) {
    if (value.is_none()) return std::nullopt;
    return int_between(value, name, min, max);
}

// The rules of a position read from text or counts, which has `pits` pits a side: a Rules
// as given (its pits must be the position's), or a rules string on `pits` pits with the
// game's own seeds (none, on a board too small for them to fit: the seeds do not count).
Rules rules_for(int pits, const py::handle& rules) {
    if (!py::isinstance<py::str>(rules)) {
        Rules r = rules_from(rules);
        if (r.pits != pits)
            throw std::invalid_argument(
                fmt::format("the position has {} pits a side but the rules have {}", pits, r.pits));
        return r;
    }
    try {
        return rules_from(rules, pits);
    } catch (const std::invalid_argument&) {
        return rules_from(rules, pits, 0);  // the same error again, unless it was the seeds
    }
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
    // The rows are read in the direction the game sows: its dimensions first, then its size.
    const Position rough = parse_position(notation, rules_from(rules).direction);
    const Rules r = rules_for(rough.pits(), rules);
    return {r, parse_position(notation, r)};
}

std::string position_repr(const GamePosition& g) {
    return fmt::format("Position('{}', rules='{}')", to_notation(g.position, g.rules), rules_string(g.rules));
}

// Pickling keeps the text forms, which outlive any change of the C++ layout; the rules are
// spelled out in full, so that a process without the user's games file reads them back.
py::tuple position_state(const GamePosition& g) {
    return py::make_tuple(to_notation(g.position, g.rules), portable_rules_string(g.rules), g.rules.seeds);
}

GamePosition position_from_state(const py::tuple& t) {
    if (t.size() != 3) throw std::invalid_argument("not a pickled mancala.Position");
    const std::string text = t[1].cast<std::string>();
    const Position rough = parse_position(t[0].cast<std::string>(), parse_rules(text).direction);
    const Rules r = parse_rules(text, rough.pits(), t[2].cast<int>());
    return {r, parse_position(t[0].cast<std::string>(), r)};
}

// A Rules made from a rules string or a Rules, on a board of pits x seeds where given.
Rules make_rules_object(const py::object& rules, const py::object& pits_arg, const py::object& seeds_arg) {
    const std::optional<int> pits = optional_int(pits_arg, "pits", 1, kMaxPits);
    const std::optional<int> seeds = optional_int(seeds_arg, "seeds", 0, kMaxTotalStones);
    if (py::isinstance<py::str>(rules)) return parse_rules(rules.cast<std::string>(), pits, seeds);
    Rules r = rules_from(rules);
    if (pits) r.pits = *pits;
    if (seeds) r.seeds = *seeds;
    validate(r);
    return r;
}

std::string rule_keys() {
    std::string keys = "pits, seeds";
    for (const RuleDimension& d : rule_dimensions()) keys += fmt::format(", {}", d.key);
    return keys;
}

py::object rule_item(const Rules& r, const std::string& key) {
    if (key == "pits") return py::int_(r.pits);
    if (key == "seeds") return py::int_(r.seeds);
    for (const RuleDimension& d : rule_dimensions())
        if (d.key == key) return py::str(rule_value(r, key));
    throw py::key_error(fmt::format("unknown rule '{}' (the rules are: {})", key, rule_keys()));
}

py::dict rules_dict(const Rules& r) {
    py::dict out;
    out["pits"] = r.pits;
    out["seeds"] = r.seeds;
    for (const RuleDimension& d : rule_dimensions()) out[py::str(std::string(d.key))] = rule_value(r, d.key);
    return out;
}

// A Rules attribute: the value of dimension `key` as rules strings write it.
auto value_of(std::string_view key) {
    return [key](const Rules& r) { return rule_value(r, key); };
}

std::optional<int> tuzdyk_of(const Position& p, Side owner) {
    const int pit = p.tuzdyk(owner);
    return pit < 0 ? std::nullopt : std::optional<int>(pit);
}

std::vector<int> cells_of(std::uint64_t mask) {
    std::vector<int> cells;
    for (int c = 0; c < 64; ++c)
        if (mask >> c & 1u) cells.push_back(c);
    return cells;
}

}  // namespace

void bind_core(py::module_& m) {
    py::class_<Rules>(
        m, "Rules",
        "A game of the catalogue (mancala.games(): kalah, oware, toguz-kumalak, ...) optionally refined dimension "
        "by dimension, on a board of `pits` x `seeds` (by default the game's own size), e.g. Rules('oware'), "
        "Rules('oware:grand-slam=captures'), Rules('kalah:capture=always,extra-turn=no', pits=6, seeds=4). Every "
        "dimension is an attribute (capture_counts, must_feed, grand_slam, ...: the keys with '-' as '_'; the key "
        "`start` is `sowing_start`), and rules['key'] gives it as a rules string writes it.")
        .def(py::init(&make_rules_object), py::arg("rules") = "kalah", py::arg("pits") = py::none(),
             py::arg("seeds") = py::none(),
             "rules: a rules string or a Rules; pits, seeds: the board (None: the game's own, or the Rules' own)")
        .def_readonly("pits", &Rules::pits, "pits per side")
        .def_readonly("seeds", &Rules::seeds, "stones per pit at the start")
        .def_property_readonly("name", &rules_string, "the canonical rules string, e.g. 'homework'")
        .def_property_readonly("capture", value_of("capture"),
                               "the opposite capture: 'if-opposite-nonempty', 'always' or 'never'")
        .def_property_readonly("sowing", value_of("sowing"), "'single' or 'relay'")
        .def_property_readonly("end", value_of("end"), "'either-row-empty', 'board-empty' or 'no-move'")
        .def_readonly("extra_turn", &Rules::extra_turn, "a last stone in the own store earns another move")
        .def_property_readonly("direction", value_of("direction"), "'ccw' or 'cw' (names and notation only)")
        .def_property_readonly("names", value_of("names"),
                               "pit names: 'kalah' (B2.., A2..) or 'letters' (A.., a..)")
        .def_readonly("stores_on_ring", &Rules::stores_on_ring, "a sowing drops stones in the mover's own store")
        .def_property_readonly("sowing_start", value_of("start"),
                               "the dimension `start`: 'next', or 'origin' (the first stone back in the pit)")
        .def_readonly("skip_start", &Rules::skip_start, "a sowing round the board skips the pit it was lifted from")
        .def_property_readonly("relay_side", value_of("relay-side"), "'own' or 'both'")
        .def_readonly("capture_takes_last", &Rules::capture_takes_last)
        .def_property_readonly("capture_counts", value_of("capture-counts"),
                               "the count capture: 'none', 'even', or counts joined by '+', e.g. '2+3'")
        .def_property_readonly("capture_side", value_of("capture-side"), "'opponent', 'own' or 'both'")
        .def_readonly("capture_chain", &Rules::capture_chain)
        .def_property_readonly("grand_slam", value_of("grand-slam"), "'captures', 'no-capture' or 'forbidden'")
        .def_readonly("must_feed", &Rules::must_feed)
        .def_readonly("tuzdyk", &Rules::tuzdyk)
        .def_property_readonly("leftovers", value_of("leftovers"), "'own', 'mover' or 'emptied'")
        .def_readonly("majority", &Rules::majority)
        .def_readonly("repetition", &Rules::repetition, "a repeated position ends the game (see GameSession)")
        .def_property_readonly("kalah_shaped", &kalah_shaped,
                               "the shape solve(), the databases and the perfect agent are written for")
        .def_property_readonly("can_repeat", &can_repeat,
                               "positions can come back in a game (a game without `repetition` may go on for ever)")
        .def("__getitem__", &rule_item, py::arg("key"),
             "the value of a dimension as a rules string writes it ('yes', '2+3', ...); pits and seeds as ints; "
             "KeyError naming the keys for another")
        .def("to_dict", &rules_dict, "{'pits': N, 'seeds': S, key: value for every dimension}")
        .def("describe", &describe, "one line naming the board and every dimension that is not Kalah's")
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
            "the names of the games in the catalogue (mancala.games()), built-in and loaded")
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
            "every dimension of a rules string and the values it takes (none listed for capture-counts, whose "
            "values are free-form: see dimension_help())")
        .def_static(
            "dimension_help",
            [] {
                py::list out;
                for (const RuleDimension& d : rule_dimensions()) {
                    py::dict values;
                    for (const RuleValue& v : d.values)
                        values[py::str(std::string(v.name))] = std::string(v.meaning);
                    py::dict entry;
                    entry["key"] = std::string(d.key);
                    entry["summary"] = std::string(d.summary);
                    entry["values"] = values;
                    entry["syntax"] = std::string(d.syntax);
                    out.append(entry);
                }
                return out;
            },
            "every dimension: key, summary, values {name: meaning}, syntax (for free-form values)")
        .def("__str__", &rules_string)
        .def("__repr__", &rules_repr)
        .def(py::self == py::self)  // NOLINT(misc-redundant-expression)
        .def("__hash__", [](const Rules& r) { return py::hash(py::make_tuple(rules_string(r), r.pits, r.seeds)); })
        .def(py::pickle([](const Rules& r) { return py::make_tuple(portable_rules_string(r), r.pits, r.seeds); },
                        [](const py::tuple& t) {
                            if (t.size() != 3) throw std::invalid_argument("not a pickled mancala.Rules");
                            return parse_rules(t[0].cast<std::string>(), t[1].cast<int>(), t[2].cast<int>());
                        }));

    py::class_<GameEntry>(m, "GameEntry", "A game of the catalogue (mancala.games()).")
        .def_readonly("name", &GameEntry::name, "its rules string, e.g. 'oware'")
        .def_readonly("parent", &GameEntry::parent, "the game it inherits from ('' for none)")
        .def_readonly("description", &GameEntry::description)
        .def_readonly("source", &GameEntry::source, "where its rules were taken from")
        .def_readonly("origin", &GameEntry::origin, "'built in', or the file it was loaded from")
        .def_readonly("rules", &GameEntry::rules, "its Rules, on its own board")
        .def_property_readonly(
            "pits", [](const GameEntry& g) { return g.rules.pits; }, "its own pits per side")
        .def_property_readonly(
            "seeds", [](const GameEntry& g) { return g.rules.seeds; }, "its own seeds per pit")
        .def("__repr__", [](const GameEntry& g) {
            return fmt::format("GameEntry('{}', pits={}, seeds={})", g.name, g.rules.pits, g.rules.seeds);
        });

    m.def(
        "games",
        [] {
            const auto games = game_catalogue().games();
            return std::vector<GameEntry>(games.begin(), games.end());
        },
        "every game of the catalogue, in its order: the built-in ones (src/core/games.ini, docs/GAMES.md), then "
        "those of load_games()");
    m.def(
        "game", [](const std::string& name) { return game_catalogue().get(name); }, py::arg("name"),
        "the game called `name`; ValueError listing the games otherwise");
    m.def(
        "load_games",
        [](const py::object& path) {
            const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
            const std::size_t before = game_catalogue().games().size();
            load_games_file(file);
            const auto games = game_catalogue().games();
            return std::vector<GameEntry>(games.begin() + static_cast<std::ptrdiff_t>(before), games.end());
        },
        py::arg("path"),
        "adds the games of an INI file (the format of src/core/games.ini, docs/GAMES.md) to the "
        "catalogue and returns them; ValueError 'file:line: problem' if it is refused (then none is added). Load "
        "games before other threads search: the catalogue is not guarded against a change while it is read.");

    m.attr("TERMINAL") = kTerminalPlayer;

    py::class_<MoveResult>(m, "MoveResult", "What a move did.")
        .def_readonly("extra_turn", &MoveResult::extra_turn, "the last stone fell in the mover's store")
        .def_readonly("capture", &MoveResult::capture, "stones were captured (an opposite or a count capture)")
        .def_readonly("captured", &MoveResult::captured,
                      "stones the captures took (the capturing stone, a tuzdyk's three included)")
        .def_property_readonly(
            "captured_cells", [](const MoveResult& r) { return cells_of(r.captured_cells); },
            "the board cells (see Position.cells) whose stones were captured")
        .def_readonly("grand_slam", &MoveResult::grand_slam,
                      "the captures would have emptied the opponent's row (see Rules.grand_slam)")
        .def_readonly("tuzdyk", &MoveResult::tuzdyk, "the last stone made an opponent's pit the mover's tuzdyk")
        .def_readonly("passed", &MoveResult::passed, "the player due next had no stones and passed (board-empty)")
        .def_readonly("game_over", &MoveResult::game_over, "the game ended (leftovers swept into the stores)")
        .def_readonly("relays", &MoveResult::relays, "times relay sowing lifted a pit and sowed on")
        .def_readonly("last_cell", &MoveResult::last_cell, "board cell of the last stone (see Position.cells)")
        .def("__repr__", [](const MoveResult& r) {
            // The family's own events only when they happened, so that a Kalah move reads as it always did.
            return fmt::format("MoveResult(extra_turn={}, capture={}, captured={}, passed={}, game_over={}{}{})",
                               r.extra_turn ? "True" : "False", r.capture ? "True" : "False", r.captured,
                               r.passed ? "True" : "False", r.game_over ? "True" : "False",
                               r.grand_slam ? ", grand_slam=True" : "", r.tuzdyk ? ", tuzdyk=True" : "");
        });

    py::class_<GamePosition>(
        m, "Position",
        "A position and the rules it is played under, e.g. Position('4,4,4,4,4,4/4,4,4,4,4,4/0/0/S', 'kalah'). "
        "The notation is row A (North's pits as South sees them, left to right) / row B (South's, left to right) "
        "/ North's store / South's store / side to move, a tuzdyk written X. Moves are pit indices 0..N-1 of the "
        "side to move in its sowing order (what legal_moves() returns), or pit names as the game writes them "
        "('B3' in Kalah, 'c' in Oware, or 1..N). apply() changes the position in place: do not change a "
        "position that is a dict key. A position has no history: a repetition, which ends some games "
        "(Rules.repetition), is GameSession's to see.")
        .def(py::init(&from_text), py::arg("notation"), py::arg("rules") = "kalah",
             "rules: a Rules (of the position's size), or a rules string (played on the position's pits)")
        .def_static(
            "start",
            [](const py::object& rules) {
                const Rules r = rules_from(rules);
                return GamePosition{r, Position::start(r)};
            },
            py::arg("rules") = "kalah",
            "the start position of `rules` (a Rules, or a rules string on its own board)")
        .def_static(
            "from_counts",
            [](const py::object& south, const py::object& north, const py::object& south_store,
               const py::object& north_store, const std::string& to_move, const py::object& rules,
               const py::object& south_tuzdyk, const py::object& north_tuzdyk) {
                const std::vector<int> s = counts_from(south, "a south pit");
                const std::vector<int> n = counts_from(north, "a north pit");
                Position p = Position::from_counts(
                    s, n, int_between(south_store, "south_store", 0, kMaxTotalStones),
                    int_between(north_store, "north_store", 0, kMaxTotalStones), side_from(to_move));
                const Rules r = rules_for(p.pits(), rules);
                if ((!south_tuzdyk.is_none() || !north_tuzdyk.is_none()) && !r.tuzdyk)
                    throw std::invalid_argument(fmt::format("{} has no tuzdyks", rules_string(r)));
                if (!south_tuzdyk.is_none())
                    p.set_tuzdyk(Side::South, int_between(south_tuzdyk, "south_tuzdyk", 0, p.pits() - 1));
                if (!north_tuzdyk.is_none())
                    p.set_tuzdyk(Side::North, int_between(north_tuzdyk, "north_tuzdyk", 0, p.pits() - 1));
                if (!p.is_consistent())
                    throw std::invalid_argument(
                        "a tuzdyk must be an empty pit, and the two tuzdyks pits of different numbers");
                return GamePosition{r, p};
            },
            py::arg("south"), py::arg("north"), py::arg("south_store") = 0, py::arg("north_store") = 0,
            py::arg("to_move") = "south", py::arg("rules") = "kalah", py::arg("south_tuzdyk") = py::none(),
            py::arg("north_tuzdyk") = py::none(),
            "a position from its counts, each row in its side's sowing order (south's pit 0 first); "
            "south_tuzdyk: the pit of north's row that is south's tuzdyk, north_tuzdyk the other way round")
        .def_property_readonly("rules", [](const GamePosition& g) { return g.rules; })
        .def_property_readonly("pits", [](const GamePosition& g) { return g.position.pits(); })
        .def_property_readonly(
            "to_move", [](const GamePosition& g) { return side_name(g.position.to_move()); }, "'south' or 'north'")
        .def_property_readonly(
            "south", [](const GamePosition& g) { return row(g.position, Side::South); },
            "south's pits in its sowing order (pit_names('south'))")
        .def_property_readonly(
            "north", [](const GamePosition& g) { return row(g.position, Side::North); },
            "north's pits in its sowing order (pit_names('north'))")
        .def_property_readonly("south_store", [](const GamePosition& g) { return g.position.store(Side::South); })
        .def_property_readonly("north_store", [](const GamePosition& g) { return g.position.store(Side::North); })
        .def_property_readonly(
            "south_tuzdyk", [](const GamePosition& g) { return tuzdyk_of(g.position, Side::South); },
            "the pit index of north's row that is south's tuzdyk, or None")
        .def_property_readonly(
            "north_tuzdyk", [](const GamePosition& g) { return tuzdyk_of(g.position, Side::North); },
            "the pit index of south's row that is north's tuzdyk, or None")
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
                for (const int move : g.position.legal_moves(g.rules)) moves.push_back(move);
                return moves;
            },
            "the pit indices the side to move may play: pits with stones that are no tuzdyk and that must-feed "
            "and the grand-slam rule allow (none once the game is over)")
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
            "the game has ended by its rules as the position stands: no move may be made")
        .def(
            "score",
            [](const GamePosition& g) {
                return py::make_tuple(g.position.store(Side::South), g.position.store(Side::North));
            },
            "(south's store, north's store); final once is_over()")
        .def(
            "margin",
            [](const GamePosition& g, const std::optional<std::string>& side) {
                // A finished game's side to move is whoever the last move left it to: no one's turn.
                const Side default_side = g.position.is_terminal(g.rules) ? Side::South : g.position.to_move();
                return g.position.store_difference(side ? side_from(*side) : default_side);
            },
            py::arg("side") = py::none(),
            "a side's store minus the other's (default: the side to move, or south once the game is over)")
        .def(
            "winner",
            [](const GamePosition& g) -> std::optional<std::string> {
                if (!g.position.is_terminal(g.rules)) return std::nullopt;
                const int d = g.position.store_difference(Side::South);
                if (d == 0) return std::nullopt;
                return d > 0 ? "south" : "north";
            },
            "'south' or 'north' once the game is over; None before and for a draw")
        .def_property_readonly(
            "current_player",
            [](const GamePosition& g) {
                return g.position.is_terminal(g.rules) ? kTerminalPlayer : player_of(g.position.to_move());
            },
            "0 (south) or 1 (north) to move; mancala.TERMINAL (-4, as OpenSpiel) once the game is over")
        .def(
            "returns",
            [](const GamePosition& g) {
                return g.position.is_terminal(g.rules) ? returns_of(g.position.store_difference(Side::South))
                                                       : std::vector<double>{0.0, 0.0};
            },
            "[south's, north's] result: +1.0 win, -1.0 loss, 0.0 draw once the game is over; [0.0, 0.0] before")
        .def(
            "pit_name",
            [](const GamePosition& g, const py::object& index, const std::optional<std::string>& side) {
                const int i = int_between(index, "a pit index", 0, g.position.pits() - 1);
                return pit_name(g.rules, side ? side_from(*side) : g.position.to_move(), i);
            },
            py::arg("index"), py::arg("side") = py::none(),
            "the name of a pit index as the game writes it, e.g. 'B3' or 'c' (default: the mover's)")
        .def(
            "pit_names",
            [](const GamePosition& g, const std::optional<std::string>& side) {
                std::vector<std::string> names;
                const Side s = side ? side_from(*side) : g.position.to_move();
                for (int i = 0; i < g.position.pits(); ++i) names.push_back(pit_name(g.rules, s, i));
                return names;
            },
            py::arg("side") = py::none(), "the names of a side's pits in its sowing order (default: the mover's)")
        .def(
            "store_name",
            [](const GamePosition& g, const std::optional<std::string>& side) {
                return store_name(g.rules, side ? side_from(*side) : g.position.to_move());
            },
            py::arg("side") = py::none(), "the name of a side's store, e.g. 'B8' (default: the mover's)")
        .def(
            "parse_move",
            [](const GamePosition& g, const std::string& text) {
                return play::parse_move(g.rules, g.position.to_move(), text);
            },
            py::arg("text"), "the pit index a move typed in the terminal names ('B3', 'c', or 1..N)")
        .def(
            "line_names", [](const GamePosition& g, const std::vector<int>& line) { return line_names(g, line); },
            py::arg("line"), "pit names of a line of moves played from here (e.g. a principal variation)")
        .def("observation", &observation, py::arg("perspective") = "mover",
             "the counts as a float32 NumPy array of 2N+2: with perspective 'mover' (default) the mover's pits "
             "in sowing order, its store, the opponent's pits, its store; with 'south' the cells() order. Games "
             "with tuzdyks add two: each side's tuzdyk (the mover's first, or south's) as 1 + its pit index in "
             "the other row, 0 for none")
        .def(
            "notation", [](const GamePosition& g) { return to_notation(g.position, g.rules); },
            "the one-line notation (rows as South sees the board, a tuzdyk as X)")
        .def(
            "board", [](const GamePosition& g) { return board_art(g.position); },
            "the board drawn in ASCII as the homework lays it out (Kalah's pit names)")
        .def("copy", [](const GamePosition& g) { return g; })
        .def(
            "clone", [](const GamePosition& g) { return g; }, "a copy (copy() by OpenSpiel's name)")
        .def("__copy__", [](const GamePosition& g) { return g; })
        .def(
            "__deepcopy__", [](const GamePosition& g, const py::object&) { return g; }, py::arg("memo"))
        .def("__str__", [](const GamePosition& g) { return to_notation(g.position, g.rules); })
        .def("__repr__", &position_repr)
        .def(py::self == py::self)  // NOLINT(misc-redundant-expression)
        .def("__hash__", &GamePosition::hash)
        .def(py::pickle(&position_state, &position_from_state));
}

}  // namespace mancala::python
