#pragma once
// What the arena remembers of one finished game: where it sits in the schedule,
// who played which side, and how it ended.

#include "core/side.hpp"

#include <optional>
#include <string>
#include <vector>

namespace mancala::arena {

enum class Winner : std::uint8_t { South, North, Draw };

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

    friend bool operator==(const GameOutcome&, const GameOutcome&) = default;
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
