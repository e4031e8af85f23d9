#include "server/think_pool.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <functional>

namespace mancala::server {

ThinkPool::ThinkPool(int threads, std::size_t max_jobs, Duration max_wait, int nice,
                     std::function<Clock::time_point()> now)
    : max_jobs_(max_jobs), max_wait_(max_wait), now_(std::move(now)) {
    const int count = std::max(1, threads);
    running_.resize(static_cast<std::size_t>(count));
    workers_.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) workers_.emplace_back([this, i, nice] { work(i, nice); });
}

ThinkPool::~ThinkPool() {
    std::deque<Job> dropped;
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        dropped.swap(queue_);
    }
    wake_.notify_all();
    for (std::thread& worker : workers_) worker.join();
}

bool ThinkPool::try_submit(std::function<void()> job, Duration cost) {
    cost = std::max(cost, Duration(0));
    {
        const std::lock_guard lock(mutex_);
        if (stopping_) return false;
        const bool idle_worker = static_cast<std::size_t>(busy_) + queue_.size() < workers_.size();
        if (!idle_worker && (queue_.size() >= max_jobs_ || expected_wait() > max_wait_)) return false;
        queue_.push_back(Job{std::move(job), cost});
        backlog_ += cost;
    }
    wake_.notify_one();
    return true;
}

ThinkPool::Load ThinkPool::load() const {
    const std::lock_guard lock(mutex_);
    return Load{static_cast<int>(workers_.size()), busy_, queue_.size(), backlog_.count(), expected_wait().count()};
}

ThinkPool::Duration ThinkPool::expected_wait() const {
    // When each worker is next free: a running job's remaining expected time (none once
    // it has overrun: it may end any moment), then the waiting jobs, each to the worker
    // free first. The earliest free time after them is the new job's start.
    const Clock::time_point now = now_();
    std::vector<double> free_at;
    free_at.reserve(running_.size());
    for (const Running& r : running_)
        free_at.push_back(r.busy ? std::max(0.0, (r.cost - Duration(now - r.since)).count()) : 0.0);
    const auto later = std::greater<double>();
    std::make_heap(free_at.begin(), free_at.end(), later);
    for (const Job& job : queue_) {
        std::pop_heap(free_at.begin(), free_at.end(), later);
        free_at.back() += job.cost.count();
        std::push_heap(free_at.begin(), free_at.end(), later);
    }
    return Duration(free_at.front());
}

void ThinkPool::work(int worker, int nice) {
    // Linux gives each thread its own niceness; threads an agent starts inherit it.
    if (nice != 0)
        ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)),
                      ::getpriority(PRIO_PROCESS, 0) + nice);
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        Job job = std::move(queue_.front());
        queue_.pop_front();
        backlog_ = queue_.empty() ? Duration(0) : std::max(Duration(0), backlog_ - job.cost);
        ++busy_;
        running_[static_cast<std::size_t>(worker)] = Running{true, now_(), job.cost};
        lock.unlock();
        try {
            job.run();
        } catch (...) {
            // Jobs answer their own errors; one that throws anyway must not take the server down.
        }
        job.run = nullptr;
        lock.lock();
        running_[static_cast<std::size_t>(worker)].busy = false;
        --busy_;
    }
}

}  // namespace mancala::server
