#pragma once
// The threads that think: agents' moves and hints run here, never on the threads
// that read requests, so a server full of thinking still answers health checks,
// game states and moves at once.
//
// The pool is bounded three ways: a fixed number of threads, a fixed number of jobs
// waiting, and the wait a new job would have. Each job comes with what it is expected
// to take (an easy agent a fraction of a millisecond, the perfect one seconds). A new
// job's wait is worked out as the threads would take the work: each running job for
// what it still has to go, then the waiting jobs in order, each to the thread free
// first. A job whose wait would pass `max_wait` is refused at once rather than queued.
// So a flood of quick moves queues freely, and a few slow ones fill the queue (the
// caller answers 503 with Retry-After).

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
    using Clock = std::chrono::steady_clock;

    /// `threads` workers (at least 1); at most `max_jobs` jobs waiting, and none whose
    /// wait would pass `max_wait`. Workers run at `nice` above the process's niceness
    /// (Linux: per thread), so that quick requests win the cores when both want them.
    /// `now` is the clock the running jobs' progress is read on (tests give their own).
    ThinkPool(int threads, std::size_t max_jobs, Duration max_wait, int nice = 0,
              std::function<Clock::time_point()> now = Clock::now);
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
        double wait_seconds = 0;    ///< how long a job submitted now would wait to start
    };
    Load load() const;

private:
    struct Job {
        std::function<void()> run;
        Duration cost;
    };
    /// What a worker is doing: since when, and how long it was expected to take.
    struct Running {
        bool busy = false;
        Clock::time_point since;
        Duration cost{0};
    };

    void work(int worker, int nice);
    /// The wait of a job queued behind every job running and waiting now (mutex_ held).
    Duration expected_wait() const;

    const std::size_t max_jobs_;
    const Duration max_wait_;
    const std::function<Clock::time_point()> now_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> queue_;
    std::vector<Running> running_;  ///< by worker
    Duration backlog_{0};
    int busy_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

}  // namespace mancala::server
