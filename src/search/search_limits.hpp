#pragma once
// When the engine stops. What a search is for is SearchMode; who watches it, SearchObserver.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

namespace mancala::search {

using Clock = std::chrono::steady_clock;

/// With none set the engine searches until the game is solved from the root (or
/// kMaxDepth plies). Depth counts plies: every move, extra turns included.
struct SearchLimits {
    std::optional<int> depth;
    std::optional<std::chrono::milliseconds> move_time;
    std::optional<std::uint64_t> nodes;
    std::optional<Clock::time_point> deadline;  ///< a hard cap from the caller, on top of move_time
    /// Set by the caller (from another thread) to stop the search now, e.g. the engine
    /// protocol's `stop`; the search answers with what it has. nullptr: never.
    const std::atomic<bool>* stop = nullptr;
};

}  // namespace mancala::search
