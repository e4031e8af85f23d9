#include "game_position.hpp"

#include "batch_game.hpp"

#include "agents/agent_options.hpp"

#include "core/game_catalogue.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "play/move_input.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace mancala::python {

bool GamePosition::operator==(const GamePosition& other) const {
    Rules a = rules;
    Rules b = other.rules;
    a.seeds = b.seeds = 0;
    return a == b && position == other.position;
}

namespace {

// Every dimension of the rules but the board size, packed into one word for the hash. A
// dimension added to Rules must be mixed in here: the size check is its reminder.
std::uint64_t dimensions_word(const Rules& r) {
    static_assert(sizeof(Rules) == 36, "a rule dimension was added or changed: mix it into dimensions_word");
    std::uint64_t w = 0;
    int shift = 0;
    auto put = [&w, &shift](auto value, int bits) {
        w |= static_cast<std::uint64_t>(value) << shift;
        shift += bits;
    };
    put(r.capture, 2);
    put(r.sowing, 1);
    put(r.end, 2);
    put(r.extra_turn, 1);
    put(r.direction, 1);
    put(r.names, 1);
    put(r.stores_on_ring, 1);
    put(r.start, 1);
    put(r.skip_start, 1);
    put(r.relay_side, 1);
    put(r.capture_takes_last, 1);
    put(r.capture_counts.even, 1);
    put(r.capture_side, 2);
    put(r.capture_chain, 1);
    put(r.grand_slam, 2);
    put(r.must_feed, 1);
    put(r.tuzdyk, 1);
    put(r.leftovers, 2);
    put(r.majority, 1);
    put(r.repetition, 1);
    return w | static_cast<std::uint64_t>(r.capture_counts.counts) << 32;  // 27 bits below, the 32 counts above
}

}  // namespace

std::size_t GamePosition::hash() const {
    // FNV-1a over the cells, the side to move, the tuzdyks and the rules (not the seeds: see operator==).
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::uint64_t v) {
        h ^= v;
        h *= 1099511628211ULL;
    };
    for (int c = 0; c < position.cell_count(); ++c) mix(position.cell(c));
    mix(static_cast<std::uint64_t>(position.to_move()));
    mix(static_cast<std::uint64_t>(position.tuzdyk(Side::South) + 1) |
        static_cast<std::uint64_t>(position.tuzdyk(Side::North) + 1) << 8);
    mix(static_cast<std::uint64_t>(rules.pits));
    const std::uint64_t dims = dimensions_word(rules);
    mix(dims & 0xffffffffULL);
    mix(dims >> 32);
    return static_cast<std::size_t>(h);
}

Rules rules_from(const py::handle& rules, std::optional<int> pits, std::optional<int> seeds) {
    if (py::isinstance<Rules>(rules)) return rules.cast<Rules>();
    if (py::isinstance<py::str>(rules)) return parse_rules(rules.cast<std::string>(), pits, seeds);
    throw py::type_error(fmt::format("rules must be a mancala.Rules or a rules string such as 'kalah', not {}",
                                     std::string(py::str(rules.get_type().attr("__name__")))));
}

std::string portable_rules_string(const Rules& rules) {
    // A built-in game's rules string reads back anywhere, and is short.
    std::string text = rules_string(rules);
    const GameEntry* base = game_catalogue().find(std::string_view(text).substr(0, text.find(':')));
    if (base && base->origin == "built in") return text;
    text = "kalah";
    char separator = ':';
    for (const RuleDimension& d : rule_dimensions()) {
        text += fmt::format("{}{}={}", separator, d.key, rule_value(rules, d.key));
        separator = ',';
    }
    return text;
}

void require_kalah_shaped(const Rules& rules, std::string_view what, std::string_view also) {
    if (kalah_shaped(rules)) return;
    // What kalah_shaped (core/rules.cpp) asks of each dimension it looks at.
    static constexpr std::pair<std::string_view, std::string_view> kNeeded[] = {
        {"stores-on-ring", "yes"},
        {"start", "next"},
        {"skip-start", "no"},
        {"relay-side", "own"},
        {"capture-takes-last", "yes"},
        {"capture-counts", "none"},
        {"grand-slam", "captures"},
        {"must-feed", "no"},
        {"tuzdyk", "no"},
        {"leftovers", "own"},
        {"majority", "no"},
        {"repetition", "no"},
    };
    std::string broken;
    auto add = [&broken](std::string_view key, std::string_view value) {
        broken += fmt::format("{}{}={}", broken.empty() ? "" : ", ", key, value);
    };
    for (const auto& [key, needed] : kNeeded)
        if (const std::string value = rule_value(rules, key); value != needed) add(key, value);
    if (rules.end == EndRule::NoMove) add("end", "no-move");
    throw std::invalid_argument(fmt::format(
        "{} on {}Kalah-shaped games only (kalah, homework, relay and their refinements); {} is not one{}", what,
        also, rules_string(rules), broken.empty() ? std::string() : fmt::format(" ({})", broken)));
}

std::string illegal_move_message(const Rules& rules, const Position& p, int pit) {
    const Side side = p.to_move();
    const std::string name = pit_name(rules, side, pit);
    if (p.pit(side, pit) == 0) return fmt::format("{} is empty", name);
    if (rules.must_feed && p.row_stones(opponent(side)) == 0)
        return fmt::format("{} is not a legal move: you must give your opponent stones", name);
    return fmt::format("{} is not a legal move: it would capture all your opponent's stones", name);
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

std::optional<std::uint64_t> seed_from(const py::handle& seed) {
    if (seed.is_none()) return std::nullopt;
    return static_cast<std::uint64_t>(
        integer_between(seed, "seed", 0, static_cast<long long>(agents::AgentOptions::kMaxSeed)));
}

int max_plies_from(const Rules& rules, const py::handle& max_plies) {
    return max_plies_for(rules, max_plies.is_none()
                                    ? std::nullopt
                                    : std::optional<int>(int_between(max_plies, "max_plies", 1, 1'000'000'000)));
}

Side side_from(const std::string& text) { return parse_side(text); }

namespace {

// "B2..B7 or a pit index 0..5": the terminal's choices with its numbers 1..N replaced.
std::string python_move_choices(const Rules& rules, Side side) {
    const std::string choices = play::move_choices(rules, side);
    return fmt::format("{} or a pit index 0..{}", choices.substr(0, choices.rfind(" or ")), rules.pits - 1);
}

// A move given as text is a pit name only. The terminal's numbers 1..N are refused, not read: in
// Python an int is a pit index 0..N-1, and "3" reading as index 2 while 3 is index 3 misled.
int pit_named(const Rules& rules, Side side, const std::string& text) {
    if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw std::invalid_argument(fmt::format("'{}' is not a pit name: {} plays {}", text, to_string(side),
                                                python_move_choices(rules, side)));
    try {
        return play::parse_move(rules, side, text);
    } catch (const std::invalid_argument& e) {
        // The terminal's message ends with its choices; here they are names and indices.
        std::string message = e.what();
        const std::string terminal = play::move_choices(rules, side);
        if (message.ends_with(terminal))
            message.replace(message.size() - terminal.size(), terminal.size(), python_move_choices(rules, side));
        throw std::invalid_argument(message);
    }
}

}  // namespace

int legal_move(const GamePosition& game, const py::handle& move) {
    const Position& p = game.position;
    const int n = p.pits();
    const Side side = p.to_move();
    if (p.is_terminal(game.rules)) throw std::invalid_argument("the game is over");
    int pit = 0;
    if (py::isinstance<py::str>(move)) {
        pit = pit_named(game.rules, side, move.cast<std::string>());
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
    if (!p.is_legal(game.rules, pit)) throw std::invalid_argument(illegal_move_message(game.rules, p, pit));
    return pit;
}

std::vector<std::string> line_names(const GamePosition& game, const std::vector<int>& line) {
    std::vector<std::string> names;
    Position p = game.position;
    for (const int move : line) {
        if (p.is_terminal(game.rules) || !p.is_legal(game.rules, move)) break;
        names.push_back(pit_name(game.rules, p.to_move(), move));
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
