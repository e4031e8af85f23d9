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
#include <map>
#include <memory>
#include <optional>
#include <span>
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

/// The position after a line of moves from the root, seen from the root's side.
struct Target {
    Position position;
    bool over = false;  // the game has ended: `margin` is its exact value
    int margin = 0;
    bool same_side = false;  // the root's side is to move
};

Target target_after(const Rules& rules, const Position& root, std::span<const std::int64_t> line) {
    const Side me = root.to_move();
    Target t{root};
    for (const std::int64_t move : line) {
        if (t.over || move < 0 || move >= rules.pits || !t.position.is_legal(rules, static_cast<int>(move)))
            throw std::runtime_error(fmt::format("a test of an impossible line (move {})", move));
        t.over = t.position.apply(rules, static_cast<int>(move)).game_over;
    }
    if (t.over) t.margin = t.position.store_difference(me);
    t.same_side = t.position.to_move() == me;
    return t;
}

struct Outcome {
    int result = 0;  // +1 holds, -1 fails, 0 stopped before an answer
    int value = 0;
    std::uint64_t nodes = 0;
};

// "Is the root's value through this line at least `asked`?" as a bound test of the
// position, for its side to move: the same question, or with the other side to
// move, "is its value at least 1 - asked?" with the answer turned over.
Outcome run_test(search::Engine& engine, const Rules& rules, const Target& t, int asked, int warmup_depth,
                 const std::atomic<bool>& stop) {
    if (t.over) return {t.margin >= asked ? +1 : -1, t.margin, 0};
    search::SearchLimits limits;
    limits.stop = &stop;
    const int child_asked = t.same_side ? asked : 1 - asked;
    const search::SearchReport r =
        engine.search(rules, t.position, limits, search::SearchMode::bound(child_asked, warmup_depth));
    Outcome o;
    o.nodes = r.nodes;
    if (!r.proven) return o;
    if (r.bound == 0) {
        const auto exact = static_cast<int>(std::lround(r.stones()));
        const int root = t.same_side ? exact : -exact;
        return {root >= asked ? +1 : -1, root, r.nodes};
    }
    // The bound proven, for the position's side; for the root's side it turns over with the side.
    const int value = r.bound > 0 ? search::stones_at_least(r.score) : search::stones_at_most(r.score);
    const bool at_least = (r.bound > 0) == t.same_side;
    o.result = at_least ? +1 : -1;
    o.value = t.same_side ? value : -value;
    return o;
}

/// A test running on a thread of its own, so that the main thread (the only one
/// that calls MPI) can hear a cancellation meanwhile.
class TestRunner {
public:
    TestRunner(search::Engine& engine, const Rules& rules, const Position& root, int warmup_depth)
        : engine_(engine), rules_(rules), root_(root), warmup_depth_(warmup_depth) {}
    ~TestRunner() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
    }

    bool busy() const { return thread_.joinable(); }
    std::int64_t id() const { return id_; }

    void start(std::int64_t id, std::span<const std::int64_t> line, int asked) {
        MANCALA_ASSERT(!busy(), "one test at a time");
        const Target target = target_after(rules_, root_, line);
        id_ = id;
        stop_ = false;
        finished_ = false;
        started_ = Clock::now();
        thread_ = std::thread([this, target, asked] {
            outcome_ = run_test(engine_, rules_, target, asked, warmup_depth_, stop_);
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
    double busy_seconds() const { return busy_seconds_; }

private:
    search::Engine& engine_;
    const Rules& rules_;
    Position root_;
    int warmup_depth_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> finished_{false};
    Outcome outcome_;
    std::int64_t id_ = -1;
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
        runner.start(m.data[0], std::span<const std::int64_t>(m.data).subspan(2), static_cast<int>(m.data[1]));
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

// Lines split no deeper than this many plies from the root.
constexpr std::size_t kDeepestSplit = 10;
// Depth of the leader's quick search for the moves and values expected along a line.
constexpr int kReplySearchDepth = 10;
// A test is split only after it has run this long: shorter ones cost less whole
// than the warm-ups and lost table entries of their parts.
constexpr auto kSplitAfter = std::chrono::milliseconds(500);

/// One question of the proof: is the root's value through `line` at least `asked`?
/// A root move's question goes to RootSplit. A question whose test has run longest
/// is split when processes are idle: its test stops, and the question becomes one
/// for each move (its parts) at the first position down the expected line where
/// the answer expected needs every move: a question expected to fail needs every
/// move of the root's side to fall short (after the replies expected to refute
/// it), one expected to hold needs every reply of the other side to reach the bound
/// (after the root side's moves expected best). All parts answering as expected
/// answer the question (by the most, or the least, they reach); one part answering
/// otherwise says only that the expected line was wrong: the parts go, and the
/// question is tested whole again (its process's table remembers the work).
struct Goal {
    std::vector<std::int64_t> line;
    int asked = 0;
    Goal* parent = nullptr;
    int rank = -1;  // the process testing it, while it runs
    std::int64_t id = -1;
    bool answered = false;
    bool cancelled = false;
    bool split = false;  // tried once, whatever came of it
    std::vector<Goal*> parts;
    bool parts_hold = false;  // the answer expected of every part (and then of this question)
    std::size_t parts_as_expected = 0;
    int parts_bound = 0;  // the least a part that held reaches, or the most one that fell short may
    Clock::time_point started;
};

// The leader: MTD(f) over the root's moves, tests dealt to every process, the
// longest-running ones split when processes are idle.
class Coordinator {
public:
    Coordinator(const Communicator& comm, TestRunner& local, search::Engine& scout, const Rules& rules,
                const Position& root, RootSplit& split, search::SearchObserver* observer, ProofTeamReport& report)
        : comm_(comm),
          local_(local),
          scout_(scout),
          rules_(rules),
          root_(root),
          split_(split),
          observer_(observer),
          report_(report),
          running_(static_cast<std::size_t>(comm.size()), nullptr) {}

    std::uint64_t nodes() const { return nodes_; }

    void run() {
        int shown_threshold = split_.threshold() - 1;
        std::optional<int> shown_lower = split_.lower(), shown_upper = split_.upper();
        while (!split_.done()) {
            if (split_.threshold() != shown_threshold) {
                shown_threshold = split_.threshold();
                ++report_.passes;
                if (observer_) {
                    search::ProofTest test;
                    test.at_least = split_.threshold();
                    test.nodes = nodes_;
                    test.seconds = seconds_since(started_);
                    observer_->on_proof_test(test);
                }
            }
            cancel_stale();
            deal();
            wait_for_a_result(std::chrono::milliseconds(100));
            if (observer_ && (split_.lower() != shown_lower || split_.upper() != shown_upper)) {
                shown_lower = split_.lower();
                shown_upper = split_.upper();
                observer_->on_proof_bounds({shown_lower, shown_upper, nodes_, seconds_since(started_)});
            }
        }
        for (auto& g : goals_) cancel(*g);
        while (std::any_of(running_.begin(), running_.end(), [](const Goal* g) { return g != nullptr; }))
            wait_for_a_result();
        for (int r = 1; r < comm_.size(); ++r) comm_.send(r, kStop, {});
    }

private:
    bool live(const Goal& g) const { return !g.answered && !g.cancelled; }

    Goal& add(std::vector<std::int64_t> line, int asked, Goal* parent) {
        goals_.push_back(std::make_unique<Goal>());
        Goal& g = *goals_.back();
        g.line = std::move(line);
        g.asked = asked;
        g.parent = parent;
        waiting_.push_back(&g);
        return g;
    }

    // Questions of a settled pass (or about a move settled since): cancelled.
    void cancel_stale() {
        const std::vector<int> open = split_.open_moves();
        for (auto& g : goals_)
            if (!g->parent && live(*g) &&
                (g->asked != split_.threshold() ||
                 std::find(open.begin(), open.end(), static_cast<int>(g->line[0])) == open.end()))
                cancel(*g);
    }

    void cancel(Goal& g) {
        if (g.answered || g.cancelled) return;
        g.cancelled = true;
        for (Goal* part : g.parts) cancel(*part);
        std::erase(waiting_, &g);
        stop_test(g);
    }

    void stop_test(Goal& g) {
        if (g.rank < 0) return;
        ++report_.cancelled;
        if (g.rank == 0) {
            local_.cancel();
        } else {
            const std::int64_t message[] = {g.id};
            comm_.send(g.rank, kCancel, message);
        }
    }

    int idle_rank(int preferred) const {
        if (preferred >= 0 && !running_[static_cast<std::size_t>(preferred)]) return preferred;
        for (int r = 0; r < comm_.size(); ++r)
            if (!running_[static_cast<std::size_t>(r)]) return r;
        return -1;
    }

    // Open root moves first, then parts of splits, then new splits of the longest-running tests.
    void deal() {
        for (int move : split_.open_moves()) {
            const bool asked = std::any_of(goals_.begin(), goals_.end(), [&](const auto& g) {
                return !g->parent && live(*g) && g->line[0] == move && g->asked == split_.threshold();
            });
            if (!asked) add({move}, split_.threshold(), nullptr);
        }
        for (;;) {
            const int rank = idle_rank(waiting_.empty() ? -1 : last_rank(*waiting_.front()));
            if (rank < 0) return;
            if (waiting_.empty() && !split_longest()) return;
            if (waiting_.empty()) continue;  // the split answered at once
            Goal& g = *waiting_.front();
            waiting_.erase(waiting_.begin());
            start(idle_rank(last_rank(g)), g);
        }
    }

    int last_rank(const Goal& g) const {
        const auto it = tested_by_.find(g.line);
        return it == tested_by_.end() ? -1 : it->second;
    }

    void start(int rank, Goal& g) {
        g.id = next_id_++;
        g.rank = rank;
        g.started = Clock::now();
        running_[static_cast<std::size_t>(rank)] = &g;
        tested_by_[g.line] = rank;
        ++report_.tests;
        if (rank == 0) {
            local_.start(g.id, g.line, g.asked);
        } else {
            std::vector<std::int64_t> message{g.id, g.asked};
            message.insert(message.end(), g.line.begin(), g.line.end());
            comm_.send(rank, kTest, message);
        }
    }

    // Splits the test that has run longest and is not split yet: false if none can be.
    bool split_longest() {
        Goal* longest = nullptr;
        for (const Goal* g : running_)
            if (g && live(*g) && !g->split && g->line.size() < kDeepestSplit &&
                Clock::now() - g->started > kSplitAfter && (!longest || g->started < longest->started))
                longest = const_cast<Goal*>(g);
        if (!longest) return false;
        longest->split = true;
        // Expected to hold or to fail, by the leader's quick search.
        std::vector<std::int64_t> line = longest->line;
        Target t = target_after(rules_, root_, line);
        if (t.over) return true;
        const search::SearchReport guess = quick_search(t.position);
        const int expected = static_cast<int>(std::lround(guess.stones()));
        longest->parts_hold = (t.same_side ? expected : -expected) >= longest->asked;
        // Down the expected line to a position where that answer needs every move: the
        // root side's to fail, the other side's to hold.
        const bool every_move_of_root_side = !longest->parts_hold;
        while (!t.over && t.same_side != every_move_of_root_side) {
            line.push_back(quick_search(t.position).best_move);
            t = target_after(rules_, root_, line);
        }
        if (t.over) return true;  // nothing to split; it stays as it is
        stop_test(*longest);      // its process takes a part instead
        for (int move : t.position.legal_moves(rules_)) {
            std::vector<std::int64_t> part = line;
            part.push_back(move);
            longest->parts.push_back(&add(std::move(part), longest->asked, longest));
        }
        // Parts the game ends with are answered at once.
        for (Goal* part : std::vector<Goal*>(longest->parts)) {
            const Target end = target_after(rules_, root_, part->line);
            if (end.over && live(*part)) {
                std::erase(waiting_, part);
                answer(*part, end.margin >= part->asked, end.margin);
            }
        }
        return true;
    }

    // Waits for a test to finish (its outcome taken in), or until `patience` has passed
    // with a process idle, for deal() to look again at the tests to split.
    // The leader's quick search of a position: its expected value and best move.
    search::SearchReport quick_search(const Position& p) {
        search::SearchLimits limits;
        limits.depth = kReplySearchDepth;
        const search::SearchReport r = scout_.search(rules_, p, limits);
        nodes_ += r.nodes;
        return r;
    }

    void wait_for_a_result(std::optional<std::chrono::milliseconds> patience = std::nullopt) {
        const auto since = Clock::now();
        for (;;) {
            if (running_[0]) {
                if (const auto o = local_.collect()) return take(0, *o);
            }
            if (auto m = comm_.poll()) {
                if (m->tag != kResult) continue;
                Goal* g = running_[static_cast<std::size_t>(m->source)];
                if (!g || g->id != m->data[0]) continue;
                return take(m->source, {static_cast<int>(m->data[1]), static_cast<int>(m->data[2]),
                                        static_cast<std::uint64_t>(m->data[3])});
            }
            if (patience && Clock::now() - since > *patience && idle_rank(-1) >= 0) return;
            std::this_thread::sleep_for(kTestNap);
        }
    }

    void take(int rank, const Outcome& o) {
        Goal& g = *running_[static_cast<std::size_t>(rank)];
        running_[static_cast<std::size_t>(rank)] = nullptr;
        g.rank = -1;
        nodes_ += o.nodes;
        if (o.result == 0) {  // stopped: cancelled, or split into parts
            // A split given up (a part answered otherwise) while this test was stopping: test it whole again.
            if (live(g) && g.parts.empty() && std::find(waiting_.begin(), waiting_.end(), &g) == waiting_.end())
                waiting_.insert(waiting_.begin(), &g);
            return;
        }
        if (live(g))
            answer(g, o.result > 0, o.value);
        else if (!g.parent)  // a root move's answer, come after its cancellation, is as true as any
            split_.record(static_cast<int>(g.line[0]), g.asked, o.result > 0, o.value);
    }

    // `g` is answered (by its test or its parts): it holds (reaches at least `value`)
    // or falls short (reaches at most `value`).
    void answer(Goal& g, bool holds, int value) {
        g.answered = true;
        for (Goal* part : g.parts) cancel(*part);
        stop_test(g);
        if (!g.parent) {
            split_.record(static_cast<int>(g.line[0]), g.asked, holds, value);
            return;
        }
        Goal& parent = *g.parent;
        if (!live(parent)) return;
        if (holds != parent.parts_hold) {  // the line expected was not the one: test the parent whole again
            for (Goal* part : parent.parts) cancel(*part);
            parent.parts.clear();
            if (parent.rank < 0) waiting_.insert(waiting_.begin(), &parent);
            return;
        }
        const bool first = parent.parts_as_expected == 0;
        parent.parts_bound = first   ? value
                             : holds ? std::min(parent.parts_bound, value)
                                     : std::max(parent.parts_bound, value);
        if (++parent.parts_as_expected == parent.parts.size()) answer(parent, holds, parent.parts_bound);
    }

    const Communicator& comm_;
    TestRunner& local_;
    search::Engine& scout_;  // the leader's quick searches for expected replies
    const Rules& rules_;
    Position root_;
    RootSplit& split_;
    search::SearchObserver* observer_;
    ProofTeamReport& report_;
    Clock::time_point started_ = Clock::now();
    std::uint64_t nodes_ = 0;
    std::vector<std::unique_ptr<Goal>> goals_;            // every question of the proof (a few thousand at most)
    std::vector<Goal*> waiting_;                          // to deal, in order
    std::vector<Goal*> running_;                          // by rank
    std::map<std::vector<std::int64_t>, int> tested_by_;  // a line's last process: its table knows it
    std::int64_t next_id_ = 0;
};

}  // namespace

solve::Solution solve_together(const Communicator& comm, const Rules& rules, const Position& start,
                               solve::SolveOptions options, const solve::SolveHooks& hooks,
                               ProofTeamReport* report) {
    ClusterTierTeam team(comm);
    options.team = &team;
    solve::SolveHooks own_hooks = hooks;
    if (!comm.leader()) own_hooks = {};  // the leader alone speaks
    // Every line must reach a position with a move, or the end (no passing variants).
    const bool splits = comm.distributed() && rules.end == EndRule::EitherRowEmpty;
    std::vector<int> moves;
    for (int m : start.legal_moves(rules)) moves.push_back(m);
    // Auto's race (game_solver.hpp) ends by each process's own clock, which would part
    // the team: a team searches unless asked for retrograde analysis.
    const solve::SolveMethod method = solve::choose_method(rules, start, options);
    if (comm.distributed() && method == solve::SolveMethod::Auto) options.method = solve::SolveMethod::Search;
    if (method == solve::SolveMethod::Retrograde || !splits)
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
        for (int m : moves)
            if (m != warm.best_move) plan[k++] = m;
    }
    comm.broadcast(plan);

    TestRunner runner(engine, rules, start, options.warmup_depth);
    ProofTeamReport own;
    own.processes = comm.size();
    std::vector<std::int64_t> answer(4);  // value, bound, best move, nodes
    if (comm.leader()) {
        std::vector<int> order(plan.begin() + 1, plan.end());
        RootSplit split(order, static_cast<int>(plan[0]), options.at_least);
        for (int m : moves) {
            const std::int64_t line[] = {m};
            if (const Target t = target_after(rules, start, line); t.over) split.set_exact(m, t.margin);
        }
        search::EngineSettings scouting = solve::proof_engine_settings(start, options, database);
        scouting.hash_mb = 16;
        scouting.threads = 1;
        search::Engine scout(scouting);
        Coordinator coordinator(comm, runner, scout, rules, start, split, own_hooks.observer, own);
        coordinator.run();
        answer = {split.value(), split.bound(), split.best_move(), static_cast<std::int64_t>(coordinator.nodes())};
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
