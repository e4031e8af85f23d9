// The think pool's admission: a job is refused when its wait, worked out over the jobs
// running (for what they still have to go) and the jobs waiting, would pass the bound.
// The running jobs block until released, and the clock is the test's own, so nothing
// here depends on how fast the machine is.

#include "server/think_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>

namespace mancala::server {
namespace {

using namespace std::chrono_literals;
using Duration = ThinkPool::Duration;

/// A clock the test moves by hand.
struct FakeClock {
    std::atomic<std::int64_t> ms{0};
    ThinkPool::Clock::time_point now() const {
        return ThinkPool::Clock::time_point(std::chrono::milliseconds(ms.load()));
    }
};

/// Jobs that hold their worker until released.
struct Gate {
    std::promise<void> open;
    std::shared_future<void> opened = open.get_future().share();
    std::atomic<int> started{0};
    std::function<void()> job() {
        return [this, f = opened] {
            ++started;
            f.wait();
        };
    }
    void wait_started(int n) const {
        while (started.load() < n) std::this_thread::sleep_for(1ms);
    }
};

TEST(ThinkPool, CountsWhatTheRunningJobsStillHaveToGo) {
    FakeClock clock;
    Gate gate;
    {
        ThinkPool pool(2, 100, Duration(1.0), 0, [&] { return clock.now(); });
        // Both threads busy with jobs expected to take 2 s: a new job would wait 2 s.
        ASSERT_TRUE(pool.try_submit(gate.job(), Duration(2.0)));
        ASSERT_TRUE(pool.try_submit(gate.job(), Duration(2.0)));
        gate.wait_started(2);
        EXPECT_NEAR(pool.load().wait_seconds, 2.0, 1e-9);
        EXPECT_FALSE(pool.try_submit([] {}, Duration(0.1)));  // no job waits, yet the wait is 2 s
        // 1.5 s on, half a second is left: it may wait.
        clock.ms = 1500;
        EXPECT_NEAR(pool.load().wait_seconds, 0.5, 1e-9);
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.1)));
        gate.open.set_value();
    }
}

TEST(ThinkPool, WaitingJobsGoToTheThreadFreeFirst) {
    FakeClock clock;
    Gate gate;
    {
        ThinkPool pool(2, 100, Duration(1.0), 0, [&] { return clock.now(); });
        ASSERT_TRUE(pool.try_submit(gate.job(), Duration(0.2)));
        ASSERT_TRUE(pool.try_submit(gate.job(), Duration(3.0)));
        gate.wait_started(2);
        // Threads free at 0.2 s and 3 s. Waiting jobs of 0.5 s each: the first starts at
        // 0.2 (then that thread is free at 0.7), the second at 0.7, the third would at 1.2.
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.5)));
        EXPECT_NEAR(pool.load().wait_seconds, 0.7, 1e-9);
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.5)));
        EXPECT_NEAR(pool.load().wait_seconds, 1.2, 1e-9);
        EXPECT_FALSE(pool.try_submit([] {}, Duration(0.01)));
        EXPECT_EQ(pool.load().queued, 2u);
        gate.open.set_value();
    }
}

TEST(ThinkPool, AJobPastItsExpectedTimeMayEndAnyMoment) {
    FakeClock clock;
    Gate gate;
    {
        ThinkPool pool(1, 100, Duration(1.0), 0, [&] { return clock.now(); });
        ASSERT_TRUE(pool.try_submit(gate.job(), Duration(2.0)));
        gate.wait_started(1);
        EXPECT_FALSE(pool.try_submit([] {}, Duration(0.1)));
        clock.ms = 5000;  // overrun: counted as ending now, not as owing a negative time
        EXPECT_NEAR(pool.load().wait_seconds, 0.0, 1e-9);
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.75)));
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.25)));   // starts at 0.75
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.25)));   // at 1.0: the bound itself is allowed
        EXPECT_FALSE(pool.try_submit([] {}, Duration(0.25)));  // at 1.25
        gate.open.set_value();
    }
}

TEST(ThinkPool, AnIdleThreadTakesAnyJobAndTheQueueIsBoundedByCount) {
    FakeClock clock;
    Gate gate;
    {
        ThinkPool pool(1, 2, Duration(100.0), 0, [&] { return clock.now(); });
        EXPECT_TRUE(pool.try_submit(gate.job(), Duration(1000.0)));  // longer than any wait: still taken
        gate.wait_started(1);
        EXPECT_FALSE(pool.try_submit([] {}, Duration(0.0)));  // it would keep the next waiting 1000 s
        clock.ms = 2'000'000;                                 // overrun: the wait is none
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.0)));
        EXPECT_TRUE(pool.try_submit([] {}, Duration(0.0)));
        EXPECT_FALSE(pool.try_submit([] {}, Duration(0.0)));  // two waiting already
        gate.open.set_value();
    }
}

}  // namespace
}  // namespace mancala::server
