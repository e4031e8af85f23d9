#pragma once
// Playing for the opponent's mistakes once the game value is proven. The engine
// stops searching as soon as it proves the value, and against perfect play every
// move that keeps the value is as good as another. Against a fallible opponent it
// is not: in a drawn or lost position, the move to play is one that keeps the value
// and leaves the opponent the most replies that give the result away (a swindle, in
// chess). Each question is a bound proof, so the choice costs nothing in value: only
// moves proven to keep it are candidates.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/engine.hpp"

#include <atomic>
#include <chrono>
#include <optional>

namespace mancala::agents {

/// A move chosen for its traps: `traps` of the opponent's `replies` to it are mistakes.
struct TrapMove {
    int move = -1;
    int traps = 0;
    int replies = 0;
};

/// In `position`, whose proven value (the mover's final margin) is `value` stones and
/// where `proven_move` keeps it: among the moves that keep the value, the one whose
/// replies hold the most mistakes (replies after which the mover's margin reaches 0
/// from a loss, or 1 from a draw); ties go to `proven_move`, then to the lower pit. A
/// move that gives the mover another turn, or ends the game, has no replies to count.
/// Won positions are left alone (nullopt): a mistake would not change the result.
/// Every question is a bound proof on `engine` until `deadline` or `stop`; what time
/// cuts short is left out, and nullopt if no move other than `proven_move` was weighed.
std::optional<TrapMove> choose_trap(search::Engine& engine, const Rules& rules, const Position& position, int value,
                                    int proven_move, std::chrono::steady_clock::time_point deadline,
                                    const std::atomic<bool>* stop);

}  // namespace mancala::agents
