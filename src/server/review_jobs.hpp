#pragma once
// Reviews of finished games (review/game_review.hpp) for the server: each review is
// valued one position at a time, each position a job of the think pool, so a long
// review takes turns with the agents' moves instead of holding a thread, and the
// page polls its progress. Bounded: a few reviews run at once, a few hundred are
// kept (finished ones leave first); they live in memory and are made again after a restart.

#include "review/game_review.hpp"
#include "search/endgame_oracle.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace mancala::server {

struct ReviewLimits {
    std::size_t running = 2;                       ///< reviews under way at once; more get 503
    std::size_t kept = 256;                        ///< reviews remembered (finished ones leave first)
    std::chrono::milliseconds position_time{500};  ///< the proof budget of one position
    int estimate_depth = 12;                       ///< where no proof settles a position
    std::size_t hash_mb = 16;                      ///< each running review's table
};

class ReviewJobs {
public:
    using Duration = std::chrono::duration<double>;
    /// Queues a job expected to take `cost` (the think pool's try_submit); false if refused.
    using Submit = std::function<bool(std::function<void()> job, Duration cost)>;

    ReviewJobs(ReviewLimits limits, Submit submit);
    ~ReviewJobs();
    ReviewJobs(const ReviewJobs&) = delete;
    ReviewJobs& operator=(const ReviewJobs&) = delete;

    /// Opens or builds the endgame database of a review (nullptr: none); called by the
    /// review's first step on the think pool, since building one takes a second or so.
    using EndgameMaker = std::function<std::shared_ptr<const search::EndgameOracle>()>;

    /// Starts reviewing game `id` (unless a review of it exists) and returns its status.
    /// Throws ApiError 503 when `limits.running` reviews are under way.
    nlohmann::json start(const std::string& id, review::GameMoves game, EndgameMaker endgame = {});

    /// {"status": "running", "done", "total", "exact"}, {"status": "done", "review": {...}}
    /// or {"status": "failed", "error"}. Throws ApiError 404 if game `id` has no review.
    nlohmann::json status(const std::string& id);

    /// Reviews under way now.
    std::size_t running() const;

private:
    struct Job;
    void schedule(const std::shared_ptr<Job>& job);  ///< with the job's lock held
    void run_step(const std::shared_ptr<Job>& job);
    static nlohmann::json status_of(const Job& job);
    void forget_old();                  ///< with mutex_ held
    std::size_t count_running() const;  ///< with mutex_ held

    const ReviewLimits limits_;
    const Submit submit_;
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Job>> jobs_;
    std::deque<std::string> order_;  ///< ids, oldest first
};

}  // namespace mancala::server
