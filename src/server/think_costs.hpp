#pragma once
// What a thinking request is expected to take, so the think pool can bound the
// waiting it queues (src/server/think_pool.hpp): the time an agent was measured to
// take for the same kind of request, or before any measurement a prior from its spec
// (its own time setting, a millisecond for agents that do not search, else the cap).

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace mancala::server {

class ThinkCosts {
public:
    using Duration = std::chrono::duration<double>;

    /// Every estimate is at most `cap` (the server's max_think: no request thinks longer).
    /// At most `max_kinds` kinds of request are remembered; past that they share the prior.
    explicit ThinkCosts(Duration cap, std::size_t max_kinds = 4096);

    /// The expected time of a request of kind `key` (e.g. "ai-move greedy"), with `prior`
    /// before it was ever measured.
    Duration expected(const std::string& key, Duration prior) const;

    /// A request of kind `key` took `took`.
    void record(const std::string& key, Duration took);

    /// The prior of an ai-move for agent `spec`: its time setting if it has one, a
    /// millisecond for agents that do not search (random, greedy), else the cap.
    Duration prior_for_agent(const std::string& spec) const;

private:
    const Duration cap_;
    const std::size_t max_kinds_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Duration> measured_;
};

}  // namespace mancala::server
