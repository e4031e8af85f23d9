#include "server/review_jobs.hpp"

#include "review/review_json.hpp"
#include "server/api.hpp"

#include <algorithm>
#include <new>
#include <optional>

namespace mancala::server {

struct ReviewJobs::Job {
    std::mutex mutex;  ///< guards everything below; the reviewer is stepped outside it
    std::unique_ptr<review::GameReviewer> reviewer;        ///< null once finished, and while a step has it
    bool finished = false;                                 ///< done or failed
    std::shared_ptr<const search::EndgameOracle> endgame;  ///< kept open while it runs
    EndgameMaker make_endgame;  ///< until the first step runs it, and the reviewer is made again with its database
    std::optional<review::GameMoves> game;  ///< the game, for that
    review::ReviewSettings settings;
    review::ReviewProgress progress;
    bool scheduled = false;  ///< a step is in the think pool
    nlohmann::json result;   ///< the review, once finished
    std::string error;       ///< why it failed, if it did
    std::vector<int> moves;  ///< the moves reviewed: a game undone and played on is another game
    bool dropped = false;    ///< replaced by a review of other moves: its next step stops it
};

ReviewJobs::ReviewJobs(ReviewLimits limits, Submit submit) : limits_(limits), submit_(std::move(submit)) {}

ReviewJobs::~ReviewJobs() = default;

nlohmann::json ReviewJobs::start(const std::string& id, review::GameMoves game, EndgameMaker endgame) {
    const std::lock_guard lock(mutex_);
    if (auto found = jobs_.find(id); found != jobs_.end()) {
        Job& old = *found->second;
        std::unique_lock job_lock(old.mutex);
        // The same moves: the same review. A failed one is tried afresh, and one of other
        // moves (the game was undone at its end and finished differently) is replaced.
        if (old.moves == game.moves && old.error.empty()) return status_of(old);
        old.dropped = true;
        old.reviewer.reset();
        old.endgame.reset();
        job_lock.unlock();
        jobs_.erase(found);
        order_.erase(std::find(order_.begin(), order_.end(), id));
    }
    if (count_running() >= limits_.running)
        throw ApiError(503, "other games are being reviewed; try again in a moment", 5);

    auto job = std::make_shared<Job>();
    job->settings.proof_time = limits_.position_time;
    job->settings.estimate_depth = limits_.estimate_depth;
    job->settings.hash_mb = limits_.hash_mb;
    job->moves = game.moves;
    if (endgame) {
        job->make_endgame = std::move(endgame);
        job->game = game;
    }
    job->reviewer = std::make_unique<review::GameReviewer>(std::move(game), job->settings);
    job->progress = job->reviewer->progress();
    jobs_.emplace(id, job);
    order_.push_back(id);
    forget_old();
    const std::lock_guard job_lock(job->mutex);
    schedule(job);
    return status_of(*job);
}

nlohmann::json ReviewJobs::status(const std::string& id) {
    std::shared_ptr<Job> job;
    {
        const std::lock_guard lock(mutex_);
        const auto found = jobs_.find(id);
        if (found == jobs_.end())
            throw ApiError(404, "this game has no review: start one with POST /api/games/{id}/review");
        job = found->second;
    }
    const std::lock_guard job_lock(job->mutex);
    // A step refused by a full think pool is tried again when someone asks.
    if (!job->finished && !job->scheduled) schedule(job);
    return status_of(*job);
}

std::size_t ReviewJobs::running() const {
    const std::lock_guard lock(mutex_);
    return count_running();
}

std::size_t ReviewJobs::count_running() const {
    std::size_t n = 0;
    for (const auto& [_, job] : jobs_) {
        const std::lock_guard job_lock(job->mutex);
        n += job->finished ? 0 : 1;
    }
    return n;
}

void ReviewJobs::schedule(const std::shared_ptr<Job>& job) {
    const Duration cost = limits_.position_time + std::chrono::milliseconds(50);
    job->scheduled = submit_([this, job] { run_step(job); }, cost);
}

void ReviewJobs::run_step(const std::shared_ptr<Job>& job) {
    // The step owns the reviewer while it runs: a review dropped meanwhile (start() of
    // other moves) is freed here, never under a running step.
    // The step holds the database too (declared first, it outlives the reviewer that
    // reads it): a review dropped meanwhile lets go of the job's.
    std::shared_ptr<const search::EndgameOracle> endgame;
    std::unique_ptr<review::GameReviewer> reviewer;
    EndgameMaker make_endgame;
    {
        const std::lock_guard lock(job->mutex);
        if (job->dropped || !job->reviewer) return;
        reviewer = std::move(job->reviewer);
        endgame = job->endgame;
        make_endgame = std::move(job->make_endgame);
        job->make_endgame = nullptr;
    }
    // Only the one scheduled step touches the reviewer, so it runs without the lock.
    std::string failure;
    std::optional<nlohmann::json> finished;
    try {
        if (make_endgame) {  // the first step: the database, then the reviewer that reads it
            try {
                endgame = make_endgame();
            } catch (const std::bad_alloc&) {
                // A database of its own only makes more positions exact: review without it.
            }
            if (endgame) {
                job->settings.endgame = endgame.get();
                reviewer = std::make_unique<review::GameReviewer>(*job->game, job->settings);
                const std::lock_guard lock(job->mutex);
                job->endgame = endgame;
            }
            job->game.reset();
        }
        reviewer->step();
        if (reviewer->done()) finished = review::to_json(reviewer->result(), job->settings);
    } catch (const std::exception& e) {
        failure = e.what();
    }
    const std::lock_guard lock(job->mutex);
    job->scheduled = false;
    job->progress = reviewer->progress();
    if (job->dropped) return;
    if (!failure.empty()) {
        job->error = "the review failed: " + failure;
        job->finished = true;
        job->endgame.reset();
    } else if (finished) {
        job->result = std::move(*finished);
        job->finished = true;
        job->endgame.reset();
    } else {
        job->reviewer = std::move(reviewer);
        schedule(job);
    }
}

nlohmann::json ReviewJobs::status_of(const Job& job) {
    if (!job.error.empty()) return {{"status", "failed"}, {"error", job.error}};
    if (job.finished) return {{"status", "done"}, {"review", job.result}};
    return {{"status", "running"},
            {"done", job.progress.done},
            {"total", job.progress.total},
            {"exact", job.progress.exact}};
}

void ReviewJobs::forget_old() {
    // Finished reviews leave first, oldest first; running ones are never dropped (at most `running`).
    while (jobs_.size() > limits_.kept) {
        auto victim = std::find_if(order_.begin(), order_.end(), [&](const std::string& id) {
            const auto& job = jobs_.at(id);
            const std::lock_guard job_lock(job->mutex);
            return job->finished;
        });
        if (victim == order_.end()) return;
        jobs_.erase(*victim);
        order_.erase(victim);
    }
}

}  // namespace mancala::server
