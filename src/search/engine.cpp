#include "search/engine.hpp"

#include "search/search_worker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <thread>

namespace mancala::search {

namespace {

// Root moves in positional order for the first iteration, then best-first.
std::vector<int> initial_order(const Position& p) {
    std::vector<int> order;
    for (int move : p.legal_moves()) order.push_back(move);
    return order;
}

}  // namespace

Engine::Engine(EngineSettings settings) : settings_(settings), tt_(settings.hash_mb) {}

void Engine::configure(const EngineSettings& settings) {
    if (settings.hash_mb != settings_.hash_mb) tt_.resize(settings.hash_mb);
    settings_ = settings;
}

void Engine::new_game() { tt_.clear(); }

SearchReport Engine::search(const Rules& rules, const Position& position, const SearchLimits& limits,
                            bool analyse_all, const IterationCallback& on_iteration) {
    if (PackedBoard::fits(position)) {
        const PackedRules context(rules);
        return iterate(context, PackedBoard::from(position), position, limits, analyse_all, on_iteration);
    }
    return iterate(rules, position, position, limits, analyse_all, on_iteration);
}

template <class Board>
SearchReport Engine::iterate(const typename BoardOps<Board>::Context& context, const Board& root,
                             const Position& position, const SearchLimits& limits, bool analyse_all,
                             const IterationCallback& on_iteration) {
    const auto start = Clock::now();
    SharedSearch shared;
    shared.heuristic = settings_.heuristic;
    shared.reuse_deeper_results = settings_.reuse_deeper_results;
    shared.total_stones = position.total_stones();
    shared.tt = &tt_;
    std::unique_ptr<BusyNodes> busy;
    if (settings_.threads > 1) {
        busy = std::make_unique<BusyNodes>();
        shared.busy = busy.get();
    }
    if (settings_.endgame && settings_.endgame->covers(BoardOps<Board>::rules(context))) {
        shared.endgame = settings_.endgame;
        shared.endgame_stones = settings_.endgame_stones < 0
                                    ? settings_.endgame->max_stones()
                                    : std::min(settings_.endgame_stones, settings_.endgame->max_stones());
    }
    shared.node_limit = limits.nodes;
    std::optional<Clock::time_point> soft_deadline;
    if (limits.move_time) {
        shared.deadline = start + *limits.move_time;
        soft_deadline = start + *limits.move_time / 2;  // do not start an iteration that cannot finish
    }
    if (limits.deadline && (!shared.deadline || *limits.deadline < *shared.deadline)) {
        shared.deadline = limits.deadline;
        if (!soft_deadline || *limits.deadline < *soft_deadline) soft_deadline = limits.deadline;
    }
    tt_.new_search();

    const int warmup = std::clamp(limits.prove_warmup_depth.value_or(kProveWarmupDepth), 0, kMaxDepth);
    const int max_depth = limits.prove ? warmup + 1 : std::min(limits.depth.value_or(kMaxDepth), kMaxDepth);
    const int base_points = kPointsPerStone * position.store_difference(position.to_move());
    SearchReport report;
    std::vector<int> order = initial_order(position);
    if (order.empty()) return report;
    report.best_move = order.front();

    // Lazy SMP: helpers search the same root, half of them one ply deeper, and
    // share what they learn through the table; only the main thread's result counts.
    // In a proof, once their warm-up is over, they join each null-window pass of
    // the main thread; BusyNodes steers the threads into different subtrees and
    // the table passes their proven bounds on.
    std::vector<std::jthread> helpers;
    const bool prove = limits.prove;
    for (int t = 1; t < settings_.threads; ++t) {
        helpers.emplace_back([&shared, &context, &root, max_depth, t, order, prove] {
            SearchWorker<Board> worker(shared, context);
            const int last = prove ? max_depth - 1 : max_depth;
            for (int depth = 1 + (t & 1); depth <= last && !worker.stopped(); ++depth)
                worker.search_root(root, depth, -kScoreInfinity, kScoreInfinity, order, nullptr);
            if (prove) {
                std::uint32_t done = 0;
                while (!shared.stop.load()) {
                    shared.proof_pass.wait(done);
                    const std::uint32_t pass = shared.proof_pass.load(std::memory_order_acquire);
                    if (shared.stop.load()) break;
                    const int beta = shared.proof_beta.load();
                    worker.follow_pass(pass);
                    worker.search_root(root, kProveDepth, beta - 1, beta, order, nullptr);
                    done = pass;
                }
            }
            worker.flush_nodes();
        });
    }

    SearchWorker<Board> main(shared, context);
    main.report_progress();
    int previous = 0;
    for (int iteration = 1; iteration <= max_depth; ++iteration) {
        // A proof's last iteration searches to the end of the game.
        const int depth = limits.prove && iteration == max_depth ? kProveDepth : iteration;
        std::vector<RootScore> scores;
        RootScore best;
        if (analyse_all || depth < 4) {
            best = main.search_root(root, depth, -kScoreInfinity, kScoreInfinity, order,
                                    analyse_all ? &scores : nullptr);
        } else {
            // MTD(f): null-window searches converge on the value from the last
            // iteration's guess. The move comes from a search that failed high
            // (its move is proven at least that good); proven-ness needs both bounds.
            int guess = previous, lower = -kScoreInfinity, upper = kScoreInfinity;
            RootScore high{-1, 0, false};
            bool low_proven = false;
            if (depth == kProveDepth && limits.on_proof_progress) {
                shared.tick_interval = limits.progress_interval;
                shared.on_tick = [&] {  // the main worker has just flushed its nodes
                    limits.on_proof_progress(shared.proof_beta.load(), shared.nodes.load(),
                                             std::chrono::duration<double>(Clock::now() - start).count());
                };
            }
            while (lower < upper) {
                const int beta = guess == lower ? guess + 1 : guess;
                if (depth == kProveDepth) shared.proof_beta.store(beta);
                if (depth == kProveDepth && !helpers.empty()) {
                    shared.proof_pass.fetch_add(1, std::memory_order_release);
                    shared.proof_pass.notify_all();
                }
                const RootScore pass = main.search_root(root, depth, beta - 1, beta, order, nullptr);
                if (main.stopped()) break;
                guess = pass.score;
                if (guess < beta) {
                    upper = guess;
                    low_proven = pass.proven;
                } else {
                    lower = guess;
                    high = pass;
                }
                if (limits.on_proof_pass && depth == kProveDepth) {
                    main.flush_nodes();
                    limits.on_proof_pass(lower, upper, shared.nodes.load(),
                                         std::chrono::duration<double>(Clock::now() - start).count());
                }
            }
            best = high;
            best.score = lower;
            best.proven = high.proven && (upper == kScoreInfinity || low_proven);
            if (high.move < 0) best = RootScore{order.front(), upper, false};
        }
        if (main.stopped() || best.move < 0) break;

        previous = best.score;
        report.best_move = best.move;
        report.score = base_points + best.score;
        report.proven = best.proven;
        report.depth = depth;
        report.pv = main.principal_variation(root, best.move, depth);
        if (analyse_all) {
            report.moves.clear();
            std::stable_sort(scores.begin(), scores.end(),
                             [](const RootScore& a, const RootScore& b) { return a.score > b.score; });
            for (const RootScore& s : scores)
                report.moves.push_back(MoveAnalysis{s.move, base_points + s.score, s.proven,
                                                    main.principal_variation(root, s.move, depth)});
        }
        // Best move first next time; the others keep their relative order.
        std::stable_partition(order.begin(), order.end(), [&](int m) { return m == best.move; });

        main.flush_nodes();
        report.nodes = shared.nodes.load();
        report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (on_iteration) on_iteration(report);
        if (report.proven) break;  // the game value is known: deeper search changes nothing
        if (soft_deadline && Clock::now() >= *soft_deadline) break;
    }
    shared.stop = true;
    shared.proof_pass.fetch_add(1, std::memory_order_release);  // wakes helpers waiting for a pass
    shared.proof_pass.notify_all();
    helpers.clear();
    main.flush_nodes();
    report.nodes = shared.nodes.load();
    report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return report;
}

std::string format_score(int points, bool proven) {
    if (proven) {
        const int stones = points / kPointsPerStone;
        if (stones > 0) return fmt::format("win by {}", stones);
        if (stones < 0) return fmt::format("loss by {}", -stones);
        return "draw";
    }
    if (points % kPointsPerStone == 0) return fmt::format("{:+d}", points / kPointsPerStone);
    return fmt::format("{:+.1f}", static_cast<double>(points) / kPointsPerStone);
}

}  // namespace mancala::search
