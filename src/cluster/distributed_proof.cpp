#include "cluster/distributed_proof.hpp"

#include "cluster/cluster_tier_team.hpp"
#include "cluster/root_split.hpp"
#include "search/engine.hpp"
#include "search/score_units.hpp"
#include "util/assert.hpp"
#include "util/stopwatch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <thread>

namespace mancala::cluster {

namespace {

using Clock = std::chrono::steady_clock;

// The messages, each a few integers.
enum Tag : int {
    kTest = 1,    // leader -> process: {id, move, asked}: is the root's value through `move` at least `asked`?
    kCancel = 2,  // leader -> process: {id}: stop that test, its pass is settled
    kResult = 3,  // process -> leader: {id, outcome (+1 holds, -1 fails, 0 stopped), value, nodes}
    kStop = 4,    // leader -> process: {}: the proof is done
};

/// One root move: what it leads to, seen from the root's side to move.
struct RootMove {
    int move = -1;
    Position child;
    bool over = false;  // the game ends with it: `margin` is its exact value
    int margin = 0;
    bool same_side = false;  // the root's side moves again
};

std::vector<RootMove> root_moves(const Rules& rules, const Position& start) {
    std::vector<RootMove> moves;
    const Side me = start.to_move();
    for (int m : start.legal_moves()) {
        RootMove r{m, start};
        r.over = r.child.apply(rules, m).game_over;
        if (r.over) r.margin = r.child.store_difference(me);
        r.same_side = r.child.to_move() == me;
        moves.push_back(r);
    }
    return moves;
}

struct Outcome {
    int result = 0;  // +1 holds, -1 fails, 0 stopped before an answer
    int value = 0;
    std::uint64_t nodes = 0;
};

// "Is the root's value through this move at least `asked`?" as a bound test on the
// child, for its side to move: the same question, or with the other side to move,
// "is the child's value at least 1 - asked?" with the answer turned over.
Outcome run_test(search::Engine& engine, const Rules& rules, const RootMove& m, int asked, int warmup_depth,
                 const std::atomic<bool>& stop) {
    search::SearchLimits limits;
    limits.stop = &stop;
    const int child_asked = m.same_side ? asked : 1 - asked;
    const search::SearchReport r =
        engine.search(rules, m.child, limits, search::SearchMode::bound(child_asked, warmup_depth));
    Outcome o;
    o.nodes = r.nodes;
    if (!r.proven) return o;
    int child_value = 0;
    bool child_at_least = true;  // child_value bounds the child's value from below (or is exact)
    if (r.bound > 0) {
        child_value = search::stones_at_least(r.score);
    } else if (r.bound < 0) {
        child_value = search::stones_at_most(r.score);
        child_at_least = false;
    } else {
        child_value = static_cast<int>(std::lround(r.stones()));
        const int root = m.same_side ? child_value : -child_value;
        return {root >= asked ? +1 : -1, root, r.nodes};
    }
    const int root = m.same_side ? child_value : -child_value;
    const bool root_at_least = m.same_side ? child_at_least : !child_at_least;
    o.result = root_at_least ? +1 : -1;
    o.value = root;
    return o;
}

/// A test running on a thread of its own, so that the main thread (the only one
/// that calls MPI) can hear a cancellation meanwhile.
class TestRunner {
public:
    TestRunner(search::Engine& engine, const Rules& rules, const std::vector<RootMove>& moves, int warmup_depth)
        : engine_(engine), rules_(rules), moves_(moves), warmup_depth_(warmup_depth) {}
    ~TestRunner() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
    }

    bool busy() const { return thread_.joinable(); }
    std::int64_t id() const { return id_; }

    void start(std::int64_t id, int move, int asked) {
        MANCALA_ASSERT(!busy(), "one test at a time");
        const auto it =
            std::find_if(moves_.begin(), moves_.end(), [&](const RootMove& m) { return m.move == move; });
        if (it == moves_.end()) throw std::runtime_error(fmt::format("a test of move {}, not a move here", move));
        id_ = id;
        move_ = move;
        asked_ = asked;
        stop_ = false;
        finished_ = false;
        started_ = Clock::now();
        thread_ = std::thread([this, m = *it] {
            outcome_ = run_test(engine_, rules_, m, asked_, warmup_depth_, stop_);
            finished_ = true;
        });
    }
    /// Asks the test to stop; collect() hears when it has.
    void cancel() { stop_ = true; }
    /// The outcome once the test has finished (or stopped, cancelled).
    std::optional<Outcome> collect() {
        if (!busy() || !finished_) return std::nullopt;
        thread_.join();
        busy_seconds_ += seconds_since(started_);
        return outcome_;
    }
    int move() const { return move_; }
    int asked() const { return asked_; }
    double busy_seconds() const { return busy_seconds_; }

private:
    search::Engine& engine_;
    const Rules& rules_;
    const std::vector<RootMove>& moves_;
    int warmup_depth_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> finished_{false};
    Outcome outcome_;
    std::int64_t id_ = -1;
    int move_ = -1, asked_ = 0;
    Clock::time_point started_;
    double busy_seconds_ = 0;
};

// Between two looks for a message or a finished test: short next to a test.
constexpr auto kTestNap = std::chrono::microseconds(500);

// A process other than the leader: runs the tests it is given until told to stop.
void serve_tests(const Communicator& comm, TestRunner& runner) {
    for (;;) {
        Message m = comm.receive();
        if (m.tag == kStop) return;
        if (m.tag != kTest) continue;  // a cancellation of a test already answered
        runner.start(m.data[0], static_cast<int>(m.data[1]), static_cast<int>(m.data[2]));
        std::optional<Outcome> outcome;
        while (!(outcome = runner.collect())) {
            if (auto c = comm.poll()) {
                if (c->tag == kCancel && c->data[0] == runner.id()) runner.cancel();
                if (c->tag == kStop) {
                    runner.cancel();
                    return;
                }
            } else {
                std::this_thread::sleep_for(kTestNap);
            }
        }
        const std::int64_t reply[] = {runner.id(), outcome->result, outcome->value,
                                      static_cast<std::int64_t>(outcome->nodes)};
        comm.send(0, kResult, reply);
    }
}

// The leader: MTD(f) over the root's moves, tests dealt to every process.
struct Coordinator {
    const Communicator& comm;
    TestRunner& local;
    RootSplit& split;
    search::SearchObserver* observer;
    Clock::time_point started;
    ProofTeamReport& report;
    std::uint64_t nodes = 0;

    struct Running {
        std::int64_t id;
        int move;
        int asked;
        bool cancelled = false;
    };
    std::vector<std::optional<Running>> running;  // by rank
    std::vector<int> last_rank;                   // by move: the process whose table knows it
    std::int64_t next_id = 0;

    void run(const std::vector<RootMove>& moves) {
        running.assign(static_cast<std::size_t>(comm.size()), std::nullopt);
        int highest = 0;
        for (const RootMove& m : moves) highest = std::max(highest, m.move);
        last_rank.assign(static_cast<std::size_t>(highest + 1), -1);
        int shown_threshold = split.threshold() - 1;
        std::optional<int> shown_lower = split.lower(), shown_upper = split.upper();
        while (!split.done()) {
            if (split.threshold() != shown_threshold) {
                shown_threshold = split.threshold();
                ++report.passes;
                if (observer) observer->on_proof_test({split.threshold(), nodes, seconds_since(started)});
            }
            cancel_stale();
            deal();
            wait_for_a_result();
            if (observer && (split.lower() != shown_lower || split.upper() != shown_upper)) {
                shown_lower = split.lower();
                shown_upper = split.upper();
                observer->on_proof_bounds({shown_lower, shown_upper, nodes, seconds_since(started)});
            }
        }
        for (std::size_t r = 0; r < running.size(); ++r)
            if (running[r]) cancel(static_cast<int>(r));
        while (std::any_of(running.begin(), running.end(), [](const auto& r) { return r.has_value(); }))
            wait_for_a_result();
        for (int r = 1; r < comm.size(); ++r) comm.send(r, kStop, {});
    }

    bool is_running(int move, int asked) const {
        return std::any_of(running.begin(), running.end(), [&](const auto& r) {
            return r && !r->cancelled && r->move == move && r->asked == asked;
        });
    }

    // Tests of a settled pass: their answers are no longer needed.
    void cancel_stale() {
        for (std::size_t r = 0; r < running.size(); ++r)
            if (running[r] && !running[r]->cancelled && running[r]->asked != split.threshold())
                cancel(static_cast<int>(r));
    }

    void cancel(int rank) {
        Running& t = *running[static_cast<std::size_t>(rank)];
        if (t.cancelled) return;
        t.cancelled = true;
        ++report.cancelled;
        if (rank == 0) {
            local.cancel();
        } else {
            const std::int64_t message[] = {t.id};
            comm.send(rank, kCancel, message);
        }
    }

    // Each open move not yet under test goes to an idle process, the one that tested it before if it is idle.
    void deal() {
        for (int move : split.open_moves()) {
            if (is_running(move, split.threshold())) continue;
            const auto idle = [&](int r) { return r >= 0 && !running[static_cast<std::size_t>(r)]; };
            int rank = last_rank[static_cast<std::size_t>(move)];
            if (!idle(rank)) {
                rank = -1;
                for (int r = 0; r < comm.size() && rank < 0; ++r)
                    if (idle(r)) rank = r;
            }
            if (rank < 0) return;  // every process is busy
            start(rank, move, split.threshold());
        }
    }

    void start(int rank, int move, int asked) {
        const std::int64_t id = next_id++;
        running[static_cast<std::size_t>(rank)] = Running{id, move, asked};
        last_rank[static_cast<std::size_t>(move)] = rank;
        ++report.tests;
        if (rank == 0) {
            local.start(id, move, asked);
        } else {
            const std::int64_t message[] = {id, move, asked};
            comm.send(rank, kTest, message);
        }
    }

    void wait_for_a_result() {
        for (;;) {
            if (running[0]) {
                if (const auto o = local.collect()) return take(0, *o);
            }
            if (auto m = comm.poll()) {
                if (m->tag != kResult) continue;
                const auto rank = static_cast<std::size_t>(m->source);
                if (!running[rank] || running[rank]->id != m->data[0]) continue;
                return take(m->source, {static_cast<int>(m->data[1]), static_cast<int>(m->data[2]),
                                        static_cast<std::uint64_t>(m->data[3])});
            }
            std::this_thread::sleep_for(kTestNap);
        }
    }

    void take(int rank, const Outcome& o) {
        const Running t = *running[static_cast<std::size_t>(rank)];
        running[static_cast<std::size_t>(rank)].reset();
        nodes += o.nodes;
        // A cancelled test may still have finished: its answer is as true as any.
        if (o.result != 0) split.record(t.move, t.asked, o.result > 0, o.value);
    }
};

}  // namespace

solve::Solution solve_together(const Communicator& comm, const Rules& rules, const Position& start,
                               solve::SolveOptions options, const solve::SolveHooks& hooks,
                               ProofTeamReport* report) {
    ClusterTierTeam team(comm);
    options.team = &team;
    solve::SolveHooks own_hooks = hooks;
    if (!comm.leader()) own_hooks = {};  // the leader alone speaks
    const std::vector<RootMove> moves = root_moves(rules, start);
    const bool splits = comm.distributed() && std::all_of(moves.begin(), moves.end(), [&](const RootMove& m) {
                            return m.over || !m.child.legal_moves().empty();
                        });
    if (solve::choose_method(rules, start, options) == solve::SolveMethod::Retrograde || !splits)
        return solve::solve_position(rules, start, options, own_hooks);  // every process builds; all know the value

    const solve::SearchDatabase database = solve::search_database(rules, start, options, own_hooks);
    search::Engine engine(solve::proof_engine_settings(start, options, database));
    const auto started = Clock::now();

    // The leader's warm-up gives the first guess and the order of the moves.
    std::vector<std::int64_t> plan(1 + moves.size());
    if (comm.leader()) {
        search::SearchLimits limits;
        limits.depth = options.warmup_depth;
        const search::SearchReport warm = engine.search(rules, start, limits, {}, own_hooks.observer);
        plan[0] = std::lround(warm.stones());
        std::size_t k = 1;
        plan[k++] = warm.best_move;
        for (const RootMove& m : moves)
            if (m.move != warm.best_move) plan[k++] = m.move;
    }
    comm.broadcast(plan);

    TestRunner runner(engine, rules, moves, options.warmup_depth);
    ProofTeamReport own;
    own.processes = comm.size();
    std::vector<std::int64_t> answer(4);  // value, bound, best move, nodes
    if (comm.leader()) {
        std::vector<int> order(plan.begin() + 1, plan.end());
        RootSplit split(order, static_cast<int>(plan[0]), options.at_least);
        for (const RootMove& m : moves)
            if (m.over) split.set_exact(m.move, m.margin);
        Coordinator coordinator{comm, runner, split, own_hooks.observer, started, own, 0, {}, {}, 0};
        coordinator.run(moves);
        answer = {split.value(), split.bound(), split.best_move(), static_cast<std::int64_t>(coordinator.nodes)};
    } else {
        serve_tests(comm, runner);
    }
    own.busy = comm.gather_all(runner.busy_seconds());
    comm.broadcast(answer);
    own.seconds = seconds_since(started);

    solve::Solution s;
    s.method = solve::SolveMethod::Search;
    s.value = static_cast<int>(answer[0]);
    s.bound = static_cast<int>(answer[1]);
    if (s.bound >= 0 && answer[2] >= 0) s.best_moves = {static_cast<int>(answer[2])};
    s.work = static_cast<std::uint64_t>(answer[3]);
    s.db_stones = database.stones;
    if (report) *report = own;
    return s;
}

}  // namespace mancala::cluster
