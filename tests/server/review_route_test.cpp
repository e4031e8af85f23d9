// Reviews of finished games on the server: the routes over loopback, and the job
// table's bounds and retries with a think pool the test controls.

#include "review/game_review.hpp"
#include "review/review_json.hpp"
#include "server/api.hpp"
#include "server/review_jobs.hpp"
#include "server/test_server.hpp"
#include "solve/database_cache.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <new>
#include <random>
#include <thread>

namespace mancala::server {
namespace {

using nlohmann::json;
using testing::Answer;
using testing::TestServer;

std::string review_url(const json& state, const std::string& action = "") {
    return "/api/games/" + state["id"].get<std::string>() + action;
}

json play_to_the_end(const TestServer& server, json state) {
    std::mt19937 random(5);
    for (int step = 0; step < 1000 && !state["over"]; ++step) {
        Answer a = state["to_move"] == "south"
                       ? server.post(review_url(state, "/moves"),
                                     json{{"pit", state["legal_moves"][random() % state["legal_moves"].size()]}})
                       : server.post(review_url(state, "/ai-move"));
        EXPECT_EQ(a.status, 200) << a.text;
        if (a.status != 200) break;
        state = a.body["state"];
    }
    return state;
}

TEST(ServerReview, AFinishedGameIsReviewedOnThePoolAndPolled) {
    const TestServer server;
    const json fresh = server.create(json{{"pits", 3}, {"seeds", 2}, {"level", "easy"}, {"first", "human"}});
    EXPECT_EQ(server.get(review_url(fresh, "/review")).status, 404);
    const Answer early = server.post(review_url(fresh, "/review"));
    EXPECT_EQ(early.status, 409) << early.text;
    EXPECT_NE(early.text.find("not over"), std::string::npos);

    const json state = play_to_the_end(server, fresh);
    ASSERT_TRUE(state["over"]);
    EXPECT_EQ(server.post(review_url(state, "/review"), std::string(R"({"deep":true})")).status, 400);
    const Answer started = server.post(review_url(state, "/review"));
    ASSERT_TRUE(started.status == 202 || started.status == 200) << started.text;
    json status = started.body;
    for (int i = 0; i < 200 && status["status"] == "running"; ++i) {
        EXPECT_LE(status["done"].get<int>(), status["total"].get<int>());
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const Answer polled = server.get(review_url(state, "/review"));
        ASSERT_EQ(polled.status, 200) << polled.text;
        status = polled.body;
    }
    ASSERT_EQ(status["status"], "done") << status;
    const json& review = status["review"];

    // The same game reviewed here, without the server, grades every move the same way.
    const Rules rules = make_rules("kalah", 3, 2);
    std::string moves;
    for (const json& m : state["history"]) moves += m["pit"].get<std::string>() + " ";
    const review::GameMoves game = review::parse_game_moves(rules, Position::start(rules), moves);
    ASSERT_EQ(review["moves"].size(), game.moves.size());
    ASSERT_EQ(review["positions"].size(), game.moves.size() + 1);
    review::ReviewSettings settings;
    settings.proof_time = std::chrono::milliseconds(500);
    settings.hash_mb = 16;
    const json here = review::to_json(review::review_game(game, settings), settings);
    EXPECT_EQ(review["moves"], here["moves"]);
    EXPECT_EQ(review["positions"], here["positions"]);
    EXPECT_EQ(review["summary"], here["summary"]);
    for (const json& p : review["positions"]) EXPECT_TRUE(p["exact"]) << p;  // a 3-pit game is proven

    const Answer again = server.post(review_url(state, "/review"));  // asked twice: the same review
    EXPECT_EQ(again.status, 200);
    EXPECT_EQ(again.body["review"]["moves"], review["moves"]);
}

/// A think pool the test runs by hand, which can refuse.
struct ManualPool {
    std::deque<std::function<void()>> jobs;
    bool refuse = false;
    ReviewJobs::Submit submit() {
        return [this](std::function<void()> job, ReviewJobs::Duration) {
            if (refuse) return false;
            jobs.push_back(std::move(job));
            return true;
        };
    }
    void run_all() {
        while (!jobs.empty()) {
            auto job = std::move(jobs.front());
            jobs.pop_front();
            job();
        }
    }
};

/// Kalah(2,2) played to the end by always taking the first legal move.
review::GameMoves short_game() {
    const Rules rules = make_rules("kalah", 2, 2);
    review::GameMoves game{rules, Position::start(rules), {}};
    Position p = game.start;
    while (!p.is_terminal(rules)) {
        game.moves.push_back(p.nonempty_pits()[0]);
        p.apply(rules, game.moves.back());
    }
    return game;
}

TEST(ServerReview, AtMostSoManyRunAndAStepRefusedByAFullPoolIsTriedAgainOnThePoll) {
    ManualPool pool;
    ReviewLimits limits;
    limits.running = 1;
    limits.hash_mb = 1;
    ReviewJobs reviews(limits, pool.submit());
    EXPECT_EQ(reviews.start("a", short_game(), nullptr)["status"], "running");
    EXPECT_EQ(pool.jobs.size(), 1u);  // one position a job
    try {
        reviews.start("b", short_game(), nullptr);
        FAIL() << "a second review started past the limit";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.status(), 503);
        EXPECT_GT(e.retry_after(), 0);
    }
    EXPECT_EQ(reviews.start("a", short_game(), nullptr)["status"], "running");  // the same one, not a second

    pool.refuse = true;  // the pool is full when the next step is due
    pool.run_all();
    EXPECT_TRUE(pool.jobs.empty());
    const json stalled = reviews.status("a");
    EXPECT_EQ(stalled["status"], "running");
    EXPECT_EQ(stalled["done"], 1);
    pool.refuse = false;
    EXPECT_EQ(reviews.status("a")["done"], 1);  // the poll queued the step again
    EXPECT_EQ(pool.jobs.size(), 1u);
    pool.run_all();
    const json done = reviews.status("a");
    ASSERT_EQ(done["status"], "done") << done;
    EXPECT_EQ(done["review"]["moves"].size(), short_game().moves.size());
    EXPECT_EQ(reviews.running(), 0u);
    EXPECT_EQ(reviews.start("b", short_game(), nullptr)["status"], "running");  // room again
}

TEST(ServerReview, AGameUndoneAtItsEndAndFinishedDifferentlyIsReviewedAfresh) {
    ManualPool pool;
    ReviewLimits limits;
    limits.hash_mb = 1;
    ReviewJobs reviews(limits, pool.submit());
    review::GameMoves game = short_game();
    reviews.start("a", game, nullptr);
    pool.run_all();
    ASSERT_EQ(reviews.status("a")["status"], "done");

    // The same game id with other moves (as when the game's end is undone and played
    // otherwise): Kalah(2,2) with the last legal move taken each time.
    review::GameMoves other{game.rules, game.start, {}};
    for (Position p = other.start; !p.is_terminal(other.rules);) {
        other.moves.push_back(p.nonempty_pits()[p.nonempty_pits().size() - 1]);
        p.apply(other.rules, other.moves.back());
    }
    ASSERT_NE(other.moves, game.moves);
    EXPECT_EQ(reviews.start("a", other, nullptr)["status"], "running");
    pool.run_all();
    const json done = reviews.status("a");
    ASSERT_EQ(done["status"], "done");
    EXPECT_EQ(done["review"]["moves"].size(), other.moves.size());
    EXPECT_EQ(done["review"]["start"], "2,2/2,2/0/0/S");
    std::string names;
    for (const json& m : done["review"]["moves"])
        names += (names.empty() ? "" : " ") + m["move"].get<std::string>();
    EXPECT_EQ(names, review::format_game_moves(other));
}

// The database is opened or built by the review's first step, on the pool, once; with
// it more positions are exact when there is no proof time and the estimates are shallow.
TEST(ServerReview, AReviewTakesItsDatabaseInItsFirstStep) {
    ManualPool pool;
    ReviewLimits limits;
    limits.position_time = std::chrono::milliseconds(0);
    limits.estimate_depth = 1;
    limits.hash_mb = 1;
    ReviewJobs reviews(limits, pool.submit());
    const Rules rules = make_rules("kalah", 3, 3);  // a database of every tier below the start
    review::GameMoves game{rules, Position::start(rules), {}};
    for (Position p = game.start; !p.is_terminal(rules);) {
        game.moves.push_back(p.nonempty_pits()[0]);
        p.apply(rules, game.moves.back());
    }
    solve::DatabaseCache cache;
    int made = 0;
    reviews.start("a", game, [&]() -> std::shared_ptr<const search::EndgameOracle> {
        ++made;
        return cache.build(rules, 1u << 20, 1);
    });
    reviews.start("b", game, nullptr);
    EXPECT_EQ(made, 0);  // not when the route starts it
    pool.run_all();
    EXPECT_EQ(made, 1);
    const json with = reviews.status("a"), without = reviews.status("b");
    ASSERT_EQ(with["status"], "done") << with;
    ASSERT_EQ(without["status"], "done") << without;
    auto exact = [](const json& status) {
        int n = 0;
        for (const json& p : status["review"]["positions"]) n += p["exact"].get<bool>() ? 1 : 0;
        return n;
    };
    EXPECT_GT(exact(with), exact(without)) << with << "\n" << without;
    EXPECT_LT(exact(without), static_cast<int>(game.moves.size()) + 1);

    // A database that cannot be had leaves the review as it would be without one.
    reviews.start("c", game, []() -> std::shared_ptr<const search::EndgameOracle> { throw std::bad_alloc(); });
    pool.run_all();
    EXPECT_EQ(reviews.status("c")["review"]["positions"], without["review"]["positions"]);
}

// Awari and Oware games are reviewed with a database of their own (that of a game whose
// positions repeat): it holds every tier below the start's 12 seeds, so with no proof search
// and a depth-1 estimate every position of Awari after a capture is exact. Oware's databases
// leave its majority rule out and play every seed out, so of its margins only a draw's (and a
// finished game's) is. Their moves are named as the games name them.
TEST(ServerReview, AnOwareGameIsReviewedByItsDatabaseInItsOwnNames) {
    for (const std::string game : {"awari", "oware"}) {
        ServerOptions options;
        options.api.agents.endgame_source = std::make_shared<solve::DatabaseCache>();
        options.review.position_time = std::chrono::milliseconds(0);
        options.review.estimate_depth = 1;
        const TestServer server(options);
        const json state = play_to_the_end(
            server,
            server.create(json{{"rules", game}, {"pits", 3}, {"seeds", 2}, {"level", "easy"}, {"first", "human"}}));
        ASSERT_TRUE(state["over"]);
        const Answer started = server.post(review_url(state, "/review"));
        ASSERT_TRUE(started.status == 202 || started.status == 200) << started.text;
        json status = started.body;
        for (int i = 0; i < 400 && status["status"] == "running"; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(25));
            status = server.get(review_url(state, "/review")).body;
        }
        ASSERT_EQ(status["status"], "done") << status;
        const json& review = status["review"];
        EXPECT_EQ(review["rules"], game);
        int after_a_capture = 0;
        bool captured = false;
        const std::size_t last = review["positions"].size() - 1;
        for (std::size_t i = 0; i < review["positions"].size(); ++i) {
            if (i > 0) captured = captured || state["history"][i - 1]["captured"].get<int>() > 0;
            const json& p = review["positions"][i];
            if (game == "oware" && i < last && p["south"].get<double>() != 0) {
                EXPECT_FALSE(p["exact"].get<bool>()) << game << " " << i << ": " << review["positions"];
            }
            if (!captured || game == "oware") continue;
            ++after_a_capture;
            EXPECT_TRUE(p["exact"].get<bool>()) << game << " " << i << ": " << review["positions"];
        }
        EXPECT_TRUE(review["positions"][last]["exact"].get<bool>()) << "the game is over";
        if (game == "awari") {
            EXPECT_GT(after_a_capture, 0);
        }
        ASSERT_EQ(review["moves"].size(), state["history"].size());
        for (std::size_t i = 0; i < review["moves"].size(); ++i) {
            EXPECT_EQ(review["moves"][i]["move"], state["history"][i]["pit"]) << i;
            const std::string best = review["moves"][i]["best_move"];
            EXPECT_EQ(best.size(), 1u) << best;  // a letter
        }
    }
}

TEST(ServerReview, FinishedReviewsLeaveFirstPastTheLimitKept) {
    ManualPool pool;
    ReviewLimits limits;
    limits.running = 8;
    limits.kept = 2;
    limits.hash_mb = 1;
    ReviewJobs reviews(limits, pool.submit());
    reviews.start("a", short_game(), nullptr);
    reviews.start("b", short_game(), nullptr);
    pool.run_all();
    reviews.start("c", short_game(), nullptr);  // "a", finished and oldest, makes room
    EXPECT_THROW(reviews.status("a"), ApiError);
    EXPECT_EQ(reviews.status("b")["status"], "done");
    EXPECT_EQ(reviews.status("c")["status"], "running");
}

}  // namespace
}  // namespace mancala::server
