#pragma once
// What the arena remembers of one finished game: where it sits in the schedule,
// who played which side, and how it ended.

#include "core/side.hpp"

#include <optional>
#include <string>
#include <vector>

namespace mancala::arena {

enum class Winner : std::uint8_t { South, North, Draw };

/// How long each side thought in a game (wall time from the agent's call to its
/// answer). A measurement, not part of the game: two runs of one tournament play the
/// same games in different times, and their outcomes compare equal.
struct ThinkTime {
    double south_seconds = 0;
    double north_seconds = 0;
    int south_moves = 0;
    int north_moves = 0;

    void add(Side side, double seconds) {
        (side == Side::South ? south_seconds : north_seconds) += seconds;
        ++(side == Side::South ? south_moves : north_moves);
    }
};

struct GameOutcome {
    Winner winner = Winner::Draw;
    int south_store = 0;  ///< stores as they stood when the game ended (or was forfeited)
    int north_store = 0;
    int plies = 0;  ///< moves played from the opening position
    /// South's margin in stones: the final store difference, or, after a forfeit,
    /// minus (offender South) or plus (offender North) every stone on the board.
    int south_margin = 0;
    std::optional<Side> forfeited_by;
    std::string reason;  ///< why a game was forfeited or adjudicated; empty for a normal end
    /// The moves played from the opening (pit indices in each mover's sowing order),
    /// so that a game can be replayed and reviewed (`mancala review --games-csv`).
    std::vector<int> moves;
    ThinkTime think;  ///< not compared: see ThinkTime

    friend bool operator==(const GameOutcome& a, const GameOutcome& b) {
        return a.winner == b.winner && a.south_store == b.south_store && a.north_store == b.north_store &&
               a.plies == b.plies && a.south_margin == b.south_margin && a.forfeited_by == b.forfeited_by &&
               a.reason == b.reason && a.moves == b.moves;
    }
};

struct GameRecord {
    int game = 0;     ///< index in the schedule
    int opening = 0;  ///< index of the opening position
    int south = 0;    ///< agent indices in the tournament's lineup
    int north = 0;
    GameOutcome outcome;

    friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

constexpr std::string_view to_string(Winner winner) {
    return winner == Winner::South ? "south" : winner == Winner::North ? "north" : "draw";
}

}  // namespace mancala::arena
