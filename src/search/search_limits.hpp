#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace mancala::search {

using Clock = std::chrono::steady_clock;

/// When the engine stops. With none set it searches until the game is solved from
/// the root (or `max_depth` plies). Depth counts plies: every move, extra turns included.
struct SearchLimits {
    std::optional<int> depth;
    std::optional<std::chrono::milliseconds> move_time;
    std::optional<std::uint64_t> nodes;
    std::optional<Clock::time_point> deadline;  ///< a hard cap from the caller, on top of move_time
};

inline constexpr int kMaxDepth = 120;

}  // namespace mancala::search
