#pragma once
// What Python calls a Position: a board and the rules it is played under. The C++
// Position leaves the rules to its caller; a Python position carries them, so that
// apply(move), is_over() and legal_moves() need nothing else and a position alone can
// be searched, solved or looked up in a database.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <pybind11/pybind11.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::python {

namespace py = pybind11;

struct GamePosition {
    Rules rules;
    Position position;

    /// Same board (tuzdyks included), side to move and rules, every dimension; the seeds
    /// per pit only say how a game started, so they do not count (a position parsed from
    /// text has the game's own).
    bool operator==(const GamePosition& other) const;
    std::size_t hash() const;
};

/// Rules from a Rules object (as it is) or a rules string ("oware:grand-slam=captures") on a
/// board of `pits` x `seeds` (none: the game's own size). Throws std::invalid_argument as
/// parse_rules does, TypeError for anything else.
Rules rules_from(const py::handle& rules, std::optional<int> pits = std::nullopt,
                 std::optional<int> seeds = std::nullopt);

/// A rules string that reads back to the same rules in a process that has not loaded the
/// games file a game came from, what pickles keep: rules_string() for a built-in game (and
/// its refinements), otherwise every dimension as a refinement of kalah.
std::string portable_rules_string(const Rules& rules);

/// Throws std::invalid_argument when `rules` are not of the Kalah shape that `what` is written
/// for ("solve works", "the endgame databases work": the message's start), naming the
/// dimensions that break it. `also`: the other games `what` works on, said first.
void require_kalah_shaped(const Rules& rules, std::string_view what, std::string_view also = {});

/// Why `pit` of the side to move may not be played (the game session's messages): "B2 is
/// empty", "c is not a legal move: you must give your opponent stones", ...
std::string illegal_move_message(const Rules& rules, const Position& position, int pit);

/// A Python int (or anything with __index__, such as NumPy's integers) in [min, max];
/// std::invalid_argument "NAME must be a whole number from MIN to MAX, got VALUE" otherwise,
/// TypeError for what is no int.
long long integer_between(const py::handle& value, std::string_view name, long long min, long long max);
inline int int_between(const py::handle& value, std::string_view name, int min, int max) {
    return static_cast<int>(integer_between(value, name, min, max));
}

/// OpenSpiel's numbering, for code written against pyspiel: players 0 (south) and 1
/// (north), and kTerminalPlayerId once the game is over (mancala.TERMINAL).
inline constexpr int kTerminalPlayer = -4;
inline int player_of(Side side) { return side == Side::South ? 0 : 1; }

/// [south's, north's] return of a finished game from south's margin: +1 a win, -1 a loss, 0 a draw.
inline std::vector<double> returns_of(int south_margin) {
    const double south = south_margin > 0 ? 1.0 : south_margin < 0 ? -1.0 : 0.0;
    return {south, -south};
}

/// A seed from Python: None, or a whole number from 0 to AgentOptions::kMaxSeed (else as
/// integer_between refuses it).
std::optional<std::uint64_t> seed_from(const py::handle& seed);

/// The plies after which a game is cut short: `max_plies` (None, or 1 to 10^9) as
/// max_plies_for (batch_game.hpp) reads it; 0 for no limit.
int max_plies_from(const Rules& rules, const py::handle& max_plies);

/// "south"/"north" (also S, N, 1, 2) as a Side.
Side side_from(const std::string& text);

/// The pit index of the side to move that `move` names: an int is an index in the
/// mover's sowing order (what legal_moves() returns), a str a pit name such as "B3" or
/// "c" (the terminal's numbers 1..N are refused: "3" would be the index 2). Throws
/// std::invalid_argument with the terminal's messages when it names no pit of the mover
/// or an empty one, and when the game is over.
int legal_move(const GamePosition& game, const py::handle& move);

/// The pit names of a line of moves played from `game` (the side changes unless a
/// move earns an extra turn); stops at a move that is not legal.
std::vector<std::string> line_names(const GamePosition& game, const std::vector<int>& line);

/// Seconds from Python as milliseconds, at least 1; std::invalid_argument for a value
/// that is not a positive finite number of seconds up to a year.
std::chrono::milliseconds duration_from(double seconds, std::string_view name);

}  // namespace mancala::python
