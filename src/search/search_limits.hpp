#pragma once
// When the engine stops. What a search is for is SearchMode; who watches it, SearchObserver.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

namespace mancala::search {

using Clock = std::chrono::steady_clock;

/// A player's game clock as a move begins: what is left on it, and what each move
/// (each ply the player plays, extra turns included) adds back once played.
struct GameClock {
    std::chrono::milliseconds remaining{0};
    std::chrono::milliseconds increment{0};
};

/// With none set the engine searches until the game is solved from the root (or
/// kMaxDepth plies). Depth counts plies: every move, extra turns included.
struct SearchLimits {
    std::optional<int> depth;
    /// Think this long (all of it, unless the value is proven or there is one legal move).
    std::optional<std::chrono::milliseconds> move_time;
    /// Plan the move's time from the game clock (time_manager.hpp); it replaces move_time.
    std::optional<GameClock> clock;
    std::optional<std::uint64_t> nodes;
    std::optional<Clock::time_point> deadline;  ///< a hard cap from the caller, on top of move_time
    /// Set by the caller (from another thread) to stop the search now, e.g. the engine
    /// protocol's `stop`; the search answers with what it has. nullptr: never.
    const std::atomic<bool>* stop = nullptr;
};

}  // namespace mancala::search
