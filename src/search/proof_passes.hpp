#pragma once
// The hand-off of a proof's null-window passes from the main thread to the
// helpers: the main thread opens each pass with its beta; a helper waits for a
// pass newer than the one it finished, searches it, and abandons it as soon as
// the main thread has opened another (its result would no longer be wanted).

#include <atomic>
#include <cstdint>
#include <optional>

namespace mancala::search {

class ProofPasses {
public:
    struct Pass {
        std::uint32_t id = 0;
        int beta = 0;  ///< the pass asks "is the value at least beta?" (points)
    };

    /// Main thread: a new pass; helpers still on the last one give it up.
    void open(int beta) {
        beta_.store(beta);
        id_.fetch_add(1, std::memory_order_release);
        id_.notify_all();
    }

    /// Main thread: no more passes; wakes every waiting helper.
    void close() {
        closed_.store(true);
        id_.fetch_add(1, std::memory_order_release);
        id_.notify_all();
    }

    /// Helper: waits for a pass after `done` (0: none yet); nullopt once closed.
    std::optional<Pass> wait_after(std::uint32_t done) const {
        id_.wait(done);
        const std::uint32_t id = id_.load(std::memory_order_acquire);
        if (closed_.load()) return std::nullopt;
        return Pass{id, beta_.load()};
    }

    /// Whether pass `id` is still the one under way.
    bool current(std::uint32_t id) const { return id_.load(std::memory_order_acquire) == id; }

private:
    std::atomic<std::uint32_t> id_{0};
    std::atomic<int> beta_{0};
    std::atomic<bool> closed_{false};
};

}  // namespace mancala::search
