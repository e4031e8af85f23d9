#include "game_position.hpp"

#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/move_input.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <stdexcept>

namespace mancala::python {

bool GamePosition::operator==(const GamePosition& other) const {
    Rules a = rules;
    Rules b = other.rules;
    a.seeds = b.seeds = 0;
    return a == b && position == other.position;
}

std::size_t GamePosition::hash() const {
    // FNV-1a over the cells, the side to move and the rule dimensions (not the seeds: see operator==).
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::uint64_t v) {
        h ^= v;
        h *= 1099511628211ULL;
    };
    for (int c = 0; c < position.cell_count(); ++c) mix(position.cell(c));
    mix(static_cast<std::uint64_t>(position.to_move()));
    mix(static_cast<std::uint64_t>(rules.pits));
    mix(static_cast<std::uint64_t>(rules.capture) | static_cast<std::uint64_t>(rules.sowing) << 8 |
        static_cast<std::uint64_t>(rules.end) << 16 | static_cast<std::uint64_t>(rules.extra_turn) << 24);
    return static_cast<std::size_t>(h);
}

Rules rules_from(const py::handle& rules, int pits, int seeds) {
    if (py::isinstance<Rules>(rules)) return rules.cast<Rules>();
    if (py::isinstance<py::str>(rules)) return parse_rules(rules.cast<std::string>(), pits, seeds);
    throw py::type_error(fmt::format("rules must be a mancala.Rules or a rules string such as 'kalah', not {}",
                                     std::string(py::str(rules.get_type().attr("__name__")))));
}

long long integer_between(const py::handle& value, std::string_view name, long long min, long long max) {
    // bool is an int in Python, but True as a pit is surely a mistake.
    if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr()))
        throw py::type_error(fmt::format("{} must be an int, not {}", name,
                                         std::string(py::str(value.get_type().attr("__name__")))));
    const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
    if (!number) throw py::error_already_set();
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
    if (overflow != 0 || v < min || v > max)
        throw std::invalid_argument(fmt::format("{} must be a whole number from {} to {}, got {}", name, min, max,
                                                py::repr(number).cast<std::string>()));
    return v;
}

Side side_from(const std::string& text) { return parse_side(text); }

int legal_move(const GamePosition& game, const py::handle& move) {
    const Position& p = game.position;
    const int n = p.pits();
    const Side side = p.to_move();
    if (p.is_terminal(game.rules)) throw std::invalid_argument("the game is over");
    int pit = 0;
    if (py::isinstance<py::str>(move)) {
        pit = play::parse_move(n, side, move.cast<std::string>());
    } else {
        // The terminal's message for a number out of range (play::GameSession::play).
        if (py::isinstance<py::bool_>(move) || !PyIndex_Check(move.ptr()))
            throw py::type_error(fmt::format("a move is a pit index (int) or a pit name (str), not {}",
                                             std::string(py::str(move.get_type().attr("__name__")))));
        const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(move.ptr()));
        if (!number) throw py::error_already_set();
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
        if (overflow != 0 || v < 0 || v >= n)
            throw std::invalid_argument(fmt::format("{} has pits 0 to {}, not {}", to_string(side), n - 1,
                                                    py::repr(number).cast<std::string>()));
        pit = static_cast<int>(v);
    }
    if (!p.is_legal(pit)) throw std::invalid_argument(fmt::format("{} is empty", pit_name(n, side, pit)));
    return pit;
}

std::vector<std::string> line_names(const GamePosition& game, const std::vector<int>& line) {
    std::vector<std::string> names;
    Position p = game.position;
    for (const int move : line) {
        if (p.is_terminal(game.rules) || !p.is_legal(move)) break;
        names.push_back(pit_name(p.pits(), p.to_move(), move));
        p.apply(game.rules, move);
    }
    return names;
}

std::chrono::milliseconds duration_from(double seconds, std::string_view name) {
    constexpr double kYear = 365.0 * 24 * 3600;
    if (!std::isfinite(seconds) || seconds <= 0 || seconds > kYear)
        throw std::invalid_argument(
            fmt::format("{} must be a number of seconds above 0 and at most a year, got {}", name, seconds));
    return std::max(std::chrono::milliseconds(1),
                    std::chrono::milliseconds(static_cast<long long>(std::llround(seconds * 1000))));
}

}  // namespace mancala::python
