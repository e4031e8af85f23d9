#pragma once
// mcts: Monte-Carlo tree search with UCT (UCB1 selection), one expansion and one
// uniformly random playout an iteration, and the tree kept from move to move.
//
// Scores: a playout is worth 1 to its winner, 0.5 to each side on a draw, 0 to its
// loser, by the final stores. `analyze` gives every legal move its win rate for the
// side to move (MoveScore::score in [0, 1], not stones; 0.5 for a move no playout has
// tried yet) and its visits; `choose` plays
// the most visited move and leaves Decision::score empty, since a win rate is not a
// margin in stones; its summary names the iterations, visits and win rate.

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"
#include "agents/mcts_tree.hpp"
#include "util/fast_random.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mancala::agents {

struct MctsSettings {
    std::optional<std::uint64_t> iterations = 1000;  ///< per move; none: the time alone decides
    std::optional<std::chrono::milliseconds> time;   ///< per move; with iterations, whichever ends first
    double exploration = 1.41;                       ///< UCB1's c
    std::uint64_t seed = 1;                          ///< of the playouts and the expansion order
    /// The pool's cap (32 bytes a node): when it is reached the tree stops growing and
    /// iterations play out from its leaves. 4M nodes are some 10 s of thinking.
    std::size_t max_nodes = std::size_t{1} << 22;
};

/// What the last search did: for summaries, tests and benchmarks.
struct MctsSearchStats {
    std::uint64_t iterations = 0;     ///< run by this search
    std::uint64_t reused_visits = 0;  ///< the root's visits kept from earlier searches
    std::uint64_t root_visits = 0;    ///< after the search
    std::size_t nodes = 0;            ///< in the tree after the search
};

class MctsAgent final : public Agent {
public:
    MctsAgent(std::string spec, const MctsSettings& settings);

    std::string spec() const override { return spec_; }
    Decision choose(const Rules& rules, const Position& position, const MoveBudget& budget) override;
    std::vector<MoveScore> analyze(const Rules& rules, const Position& position, const MoveBudget& budget) override;
    void new_game() override { tree_.clear(); }

    const MctsSearchStats& last_search() const { return stats_; }

private:
    void search(const Rules& rules, const Position& position, const MoveBudget& budget);
    void iterate(const Rules& rules);
    mcts::NodeIndex select_child(mcts::NodeIndex parent) const;
    mcts::NodeIndex expand(const Rules& rules, mcts::NodeIndex parent, Position& position);
    Position play_out(const Rules& rules, Position position);
    void back_up(const Position& final_position);
    mcts::NodeIndex most_visited_child() const;
    std::vector<int> principal_variation(mcts::NodeIndex from) const;

    std::string spec_;
    MctsSettings settings_;
    FastRandom random_;
    mcts::Tree tree_;
    std::vector<mcts::NodeIndex> path_;  ///< the nodes of the current iteration, root first
    MctsSearchStats stats_;
};

/// mcts[:iterations=N,time=T,c=C,seed=N]; iterations default to 1000 unless only a time is given.
std::unique_ptr<Agent> make_mcts_agent(AgentOptions& options, const AgentContext& context);

}  // namespace mancala::agents
