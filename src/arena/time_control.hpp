#pragma once
// A game clock for each player, as tournaments give them: a base time for the game
// and an increment added after every move a player makes (each ply, extra turns
// included). A player whose clock runs out loses the game on time.

#include <chrono>
#include <string>
#include <string_view>

namespace mancala::arena {

struct TimeControl {
    std::chrono::milliseconds base{0};
    std::chrono::milliseconds increment{0};

    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

/// "60+0.5" (seconds, base + increment), "60" (no increment) or "0.2+0.01"; at most
/// millisecond precision, a base above zero and at most a day. Throws
/// std::invalid_argument naming the problem.
TimeControl parse_time_control(std::string_view text);

/// The canonical text: "60+0.5", "0.2+0.01", "30+0".
std::string to_string(const TimeControl& control);

}  // namespace mancala::arena
