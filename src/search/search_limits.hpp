#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
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
    /// Solve: after a short iterative deepening for move ordering and a first
    /// guess, null-window searches with no practical depth limit (kProveDepth)
    /// close in on the exact value, instead of deepening one ply at a time.
    bool prove = false;
    /// Plies of the iterative deepening that precedes a proof (kProveWarmupDepth by default).
    std::optional<int> prove_warmup_depth;
    /// Called after each null-window pass of a proof with the bounds (points) proven so far.
    std::function<void(int lower, int upper, std::uint64_t nodes, double seconds)> on_proof_pass;
    /// Called about every `progress_interval` during a proof pass (on the searching
    /// thread) with the pass's test, "is the value at least beta?" (points), and the nodes so far.
    std::function<void(int beta, std::uint64_t nodes, double seconds)> on_proof_progress;
    std::chrono::milliseconds progress_interval{1000};
};

inline constexpr int kMaxDepth = 120;
/// Plies of a proof search: longer than any game it is used on, and below the
/// table's depth field (255). A line that ran out of it would leave the result unproven.
inline constexpr int kProveDepth = 250;
/// Plies of the iterative deepening that precedes a proof.
inline constexpr int kProveWarmupDepth = 20;

}  // namespace mancala::search
