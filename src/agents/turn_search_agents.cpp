#include "agents/turn_search_agents.hpp"

#include "search/heuristics.hpp"
#include "search/textbook_search.hpp"

#include <fmt/format.h>

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace mancala::agents {

namespace {

using search::Algorithm;
using search::HeuristicEvaluator;
using search::NoTrace;

// The value of playing `move` from `root`, for the mover, with a `depth`-turn search.
template <Algorithm kAlgorithm>
int root_move_value(const Rules& rules, const Position& root, int move, int depth, HeuristicEvaluator eval,
                    const MoveBudget& budget, std::uint64_t& nodes) {
    eval.rules = rules;
    Position child = root;
    const MoveResult r = child.apply(rules, move);
    ++nodes;
    if (r.game_over || (depth <= 1 && !r.extra_turn)) return eval(child, root.to_move());
    NoTrace quiet;
    search::TurnSearch<kAlgorithm, HeuristicEvaluator, NoTrace> search(rules, root.to_move(), depth, eval, quiet);
    if (budget.deadline) search.set_deadline(*budget.deadline);
    search.set_stop(budget.stop);
    const auto out = search.search_from(child, 1, r.extra_turn, search::NodeLabel{});
    nodes += out.nodes;
    return out.value;
}

class TurnSearchAgent final : public Agent {
public:
    TurnSearchAgent(std::string spec, Algorithm algorithm, int depth, search::Heuristic heuristic, int threads)
        : spec_(std::move(spec)), algorithm_(algorithm), depth_(depth), eval_{heuristic}, threads_(threads) {}

    std::string spec() const override { return spec_; }

    Decision choose(const Rules& rules, const Position& position, const MoveBudget& budget) override {
        const auto scores = analyze(rules, position, budget);
        const MoveScore* best = &scores.front();
        for (const MoveScore& s : scores)
            if (s.score > best->score) best = &s;  // ties: the first in positional order
        return Decision{best->move, best->score, false, summary_};
    }

    // Iterative deepening to the agent's depth: under a deadline, the deepest
    // completed iteration answers.
    std::vector<MoveScore> analyze(const Rules& rules, const Position& position,
                                   const MoveBudget& budget) override {
        std::vector<MoveScore> completed = search_depth(rules, position, 1, MoveBudget::unlimited());
        int reached = 1;
        for (int depth = 2; depth <= depth_; ++depth) {
            try {
                completed = search_depth(rules, position, depth, budget);
                reached = depth;
            } catch (const search::SearchTimeout&) {
                break;
            }
        }
        summary_ = fmt::format("depth {} of {} turns, {} nodes", reached, depth_, nodes_);
        return completed;
    }

private:
    std::vector<MoveScore> search_depth(const Rules& rules, const Position& position, int depth,
                                        const MoveBudget& budget) {
        // Positional order, as the homework: B2, B3, ... for South; A2, A3, ... for North.
        std::vector<int> moves;
        const int n = position.pits();
        for (int k = 0; k < n; ++k) {
            const int pit = position.to_move() == Side::South ? k : n - 1 - k;
            if (position.is_legal(rules, pit)) moves.push_back(pit);
        }
        std::vector<int> values(moves.size());
        std::vector<std::uint64_t> nodes(moves.size());
        auto run = [&](std::size_t i) {
            values[i] =
                algorithm_ == Algorithm::Minimax
                    ? root_move_value<Algorithm::Minimax>(rules, position, moves[i], depth, eval_, budget, nodes[i])
                    : root_move_value<Algorithm::AlphaBeta>(rules, position, moves[i], depth, eval_, budget,
                                                            nodes[i]);
        };
        if (threads_ <= 1) {
            for (std::size_t i = 0; i < moves.size(); ++i) run(i);
        } else {
            // Root parallelism: each worker takes the next unsearched root move.
            std::atomic<std::size_t> next{0};
            std::exception_ptr failure;
            std::mutex failure_mutex;
            std::vector<std::jthread> workers;
            for (int t = 0; t < threads_; ++t)
                workers.emplace_back([&] {
                    for (std::size_t i; (i = next++) < moves.size();) {
                        try {
                            run(i);
                        } catch (...) {
                            std::lock_guard lock(failure_mutex);
                            if (!failure) failure = std::current_exception();
                            next = moves.size();
                        }
                    }
                });
            workers.clear();
            if (failure) std::rethrow_exception(failure);
        }
        std::vector<MoveScore> scores;
        nodes_ = 0;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            scores.push_back(MoveScore{moves[i], double(values[i]) / search::kPointsPerStone, false, {moves[i]}});
            nodes_ += nodes[i];
        }
        return scores;
    }

    std::string spec_;
    Algorithm algorithm_;
    int depth_;
    HeuristicEvaluator eval_;
    int threads_;
    std::uint64_t nodes_ = 0;
    std::string summary_;
};

std::unique_ptr<Agent> make(AgentOptions& options, Algorithm algorithm, int default_depth, bool fixed_depth,
                            bool threads) {
    const int depth = fixed_depth ? 1 : options.get_int("depth", default_depth, 1, 64);
    const auto heuristic = search::heuristic_by_name(options.get_string("heuristic", "store-diff"));
    const int thread_count = threads ? options.get_int("threads", 1, 1, 64) : 1;
    options.finish();
    return std::make_unique<TurnSearchAgent>(options.canonical(), algorithm, depth, heuristic, thread_count);
}

}  // namespace

std::unique_ptr<Agent> make_greedy_agent(AgentOptions& options, const AgentContext&) {
    return make(options, Algorithm::AlphaBeta, 1, true, false);
}

std::unique_ptr<Agent> make_minimax_agent(AgentOptions& options, const AgentContext&) {
    return make(options, Algorithm::Minimax, 4, false, true);
}

std::unique_ptr<Agent> make_alphabeta_agent(AgentOptions& options, const AgentContext&) {
    return make(options, Algorithm::AlphaBeta, 6, false, false);
}

}  // namespace mancala::agents
