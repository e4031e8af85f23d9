#pragma once
// The hand-off of a proof's null-window passes between the main thread and the
// helpers: the main thread opens each pass with its beta; a helper waits for a
// pass newer than the one it finished, searches it, and abandons it as soon as
// the main thread has opened another (its result would no longer be wanted).
//
// A helper that finishes a pass first hands its answer back: the main thread
// gives its own search of the pass up and takes it. A pass is one question ("is
// the value at least beta?") answered by searching to the end of the game, so
// any thread's answer is the answer. Without the hand-back the helper, which puts
// off the subtrees the main thread is in and so often finds the deciding line
// first, sat idle while the main thread ground on alone (seen on a Kalah(6,6)
// piece: the helper waiting for 15 minutes of the main thread's search).

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>

namespace mancala::search {

class ProofPasses {
public:
    struct Pass {
        std::uint32_t id = 0;
        int beta = 0;  ///< the pass asks "is the value at least beta?" (points)
    };
    /// A pass's result as a root search gives it (see RootScore).
    struct Answer {
        int move = -1;
        int score = 0;
        bool proven = false;
    };

    /// Main thread: a new pass, returned as its id; helpers still on the last one give it up.
    std::uint32_t open(int beta) {
        beta_.store(beta);
        const std::uint32_t id = id_.fetch_add(1, std::memory_order_release) + 1;
        id_.notify_all();
        return id;
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

    /// Helper: it finished pass `id` with `answer`. The first answer of a pass under way counts.
    void answer(std::uint32_t id, const Answer& answer) {
        const std::lock_guard<std::mutex> lock(answer_mutex_);
        if (answered_.load(std::memory_order_relaxed) == id || !current(id)) return;
        answer_ = answer;
        answered_.store(id, std::memory_order_release);
    }

    /// Main thread: whether a helper has answered pass `id` (cheap: a look now and then).
    bool answered(std::uint32_t id) const { return answered_.load(std::memory_order_acquire) == id; }

    /// The helper's answer to pass `id`, if it has one.
    std::optional<Answer> answer_of(std::uint32_t id) const {
        const std::lock_guard<std::mutex> lock(answer_mutex_);
        if (answered_.load(std::memory_order_relaxed) != id) return std::nullopt;
        return answer_;
    }

private:
    std::atomic<std::uint32_t> id_{0};
    std::atomic<int> beta_{0};
    std::atomic<bool> closed_{false};
    std::atomic<std::uint32_t> answered_{0};  ///< the last pass a helper answered (0: none)
    mutable std::mutex answer_mutex_;
    Answer answer_;
};

}  // namespace mancala::search
