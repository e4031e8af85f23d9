#pragma once
// The threads that think: agents' moves and hints run here, never on the threads
// that read requests, so a server full of thinking still answers health checks,
// game states and moves at once.
//
// The pool is bounded three ways: a fixed number of threads, a fixed number of jobs
// waiting, and the thinking those jobs hold. Each job comes with what it is expected
// to take (an easy agent a fraction of a millisecond, the perfect one seconds); a job
// is refused at once, rather than queued, when the jobs already waiting would keep it
// waiting longer than `max_wait`. So a flood of quick moves queues freely, and a few
// slow ones fill the queue (the caller answers 503 with Retry-After).

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mancala::server {

class ThinkPool {
public:
    using Duration = std::chrono::duration<double>;

    /// `threads` workers (at least 1); at most `max_jobs` jobs waiting, holding at most
    /// `max_wait` of thinking per thread. Workers run at `nice` above the process's
    /// niceness (Linux: per thread), so that quick requests win the cores when both want them.
    ThinkPool(int threads, std::size_t max_jobs, Duration max_wait, int nice = 0);
    /// Drops the jobs still waiting (destroying them unrun) and waits for the running ones.
    ~ThinkPool();
    ThinkPool(const ThinkPool&) = delete;
    ThinkPool& operator=(const ThinkPool&) = delete;

    /// Queues `job`, expected to take `cost`, unless the pool is full; false if refused.
    bool try_submit(std::function<void()> job, Duration cost);

    struct Load {
        int threads = 0;
        int busy = 0;
        std::size_t queued = 0;
        double queued_seconds = 0;  ///< the thinking the waiting jobs are expected to take
    };
    Load load() const;

private:
    struct Job {
        std::function<void()> run;
        Duration cost;
    };

    void work(int nice);

    const std::size_t max_jobs_;
    const Duration max_backlog_;  ///< max_wait for each thread
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> queue_;
    Duration backlog_{0};
    int busy_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

}  // namespace mancala::server
