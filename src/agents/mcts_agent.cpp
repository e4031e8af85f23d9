#include "agents/mcts_agent.hpp"

#include "core/pit_names.hpp"

#include <fmt/format.h>

#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mancala::agents {

using mcts::kNoNode;
using mcts::Node;
using mcts::NodeIndex;

namespace {

// Reading the clock costs about as much as one move of a playout, and an iteration
// plays dozens, so looking every few iterations is both cheap and prompt.
constexpr std::uint64_t kIterationsPerClockCheck = 8;

// How long a principal variation analyze reports at most.
constexpr int kMaxPvLength = 24;

}  // namespace

MctsAgent::MctsAgent(std::string spec, const MctsSettings& settings)
    : spec_(std::move(spec)), settings_(settings), random_(settings.seed), tree_(settings.max_nodes) {
    if (!settings_.iterations && !settings_.time)
        throw std::invalid_argument("mcts needs a number of iterations or a time per move");
}

Decision MctsAgent::choose(const Rules& rules, const Position& position, const MoveBudget& budget) {
    const MoveList moves = position.legal_moves(rules);
    if (moves.size() == 1) {  // nothing to think about; keep the tree in step with the game
        stats_ = {};
        stats_.reused_visits = stats_.root_visits = tree_.reuse(rules, position);
        stats_.nodes = tree_.size();
        return Decision{moves[0], std::nullopt, false, "the only legal move"};
    }
    search(rules, position, budget);
    const NodeIndex best = most_visited_child();
    if (best == kNoNode)
        return Decision{moves[static_cast<int>(random_.below(static_cast<std::uint32_t>(moves.size())))],
                        std::nullopt, false, "no time to search: a random move"};
    const Node& node = tree_[best];
    return Decision{
        node.move, std::nullopt, false,
        fmt::format("{} iterations, {} visits reused, {} nodes; {} won {:.1f}% of {} playouts", stats_.iterations,
                    stats_.reused_visits, stats_.nodes, pit_name(rules, position.to_move(), node.move),
                    100 * node.win_rate(), node.visits)};
}

std::vector<MoveScore> MctsAgent::analyze(const Rules& rules, const Position& position, const MoveBudget& budget) {
    search(rules, position, budget);
    std::vector<MoveScore> scores;
    for (const int move : position.legal_moves(rules)) {
        MoveScore score{move, 0.5, false, {move}, 0};  // a move never tried: an even prior
        for (NodeIndex c = tree_[0].first_child; c != kNoNode; c = tree_[c].next_sibling) {
            if (tree_[c].move != move) continue;
            score.score = tree_[c].win_rate();
            score.visits = tree_[c].visits;
            score.pv = principal_variation(c);
        }
        scores.push_back(std::move(score));
    }
    return scores;
}

void MctsAgent::search(const Rules& rules, const Position& position, const MoveBudget& budget) {
    const auto start = Clock::now();
    std::optional<Clock::time_point> deadline = budget.deadline;
    if (settings_.time && (!deadline || start + *settings_.time < *deadline)) deadline = start + *settings_.time;
    const std::uint64_t limit = settings_.iterations.value_or(std::numeric_limits<std::uint64_t>::max());

    stats_ = {};
    stats_.reused_visits = tree_.reuse(rules, position);
    std::uint64_t done = 0;
    for (; done < limit; ++done) {
        if (done % kIterationsPerClockCheck == 0 &&
            ((deadline && Clock::now() >= *deadline) || (budget.stop && budget.stop->load())))
            break;
        iterate(rules);
    }
    stats_.iterations = done;
    stats_.root_visits = tree_[0].visits;
    stats_.nodes = tree_.size();
}

// One iteration: descend by UCB1 while every move of a node has a child, add one
// child, play out at random from it, and credit the result along the path.
void MctsAgent::iterate(const Rules& rules) {
    Position position = tree_.root_position();
    path_.clear();
    NodeIndex current = 0;
    path_.push_back(current);
    for (;;) {
        const Node& node = tree_[current];
        if (node.terminal) break;
        if (node.untried != 0) {
            if (!tree_.full()) path_.push_back(expand(rules, current, position));
            break;
        }
        if (node.first_child == kNoNode) break;  // no legal move although not over: only from a bad root
        current = select_child(current);
        position.apply(rules, tree_[current].move);
        path_.push_back(current);
    }
    back_up(play_out(rules, position));
}

// UCB1 over the children. Each child's win rate is for its mover, who is the side to
// move at `parent` whether or not the move before was an extra turn.
NodeIndex MctsAgent::select_child(NodeIndex parent) const {
    const double log_visits = std::log(static_cast<double>(tree_[parent].visits));
    NodeIndex best = kNoNode;
    double best_value = -1;
    for (NodeIndex c = tree_[parent].first_child; c != kNoNode; c = tree_[c].next_sibling) {
        const Node& child = tree_[c];
        if (child.visits == 0) return c;
        const auto visits = static_cast<double>(child.visits);
        const double value = child.reward / visits + settings_.exploration * std::sqrt(log_visits / visits);
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    return best;
}

// Adds a child for one untried move, chosen at random so that a search cut short by
// its deadline does not favour the low pits. Plays that move on `position`.
NodeIndex MctsAgent::expand(const Rules& rules, NodeIndex parent, Position& position) {
    mcts::PitMask untried = tree_[parent].untried;
    for (auto skip = random_.below(static_cast<std::uint32_t>(std::popcount(untried))); skip > 0; --skip)
        untried = static_cast<mcts::PitMask>(untried & (untried - 1));
    const int pit = std::countr_zero(untried);
    const Side mover = position.to_move();
    const MoveResult result = position.apply(rules, pit);
    return tree_.add_child(parent, pit, mover, position, result.game_over);
}

// Uniformly random moves to the end of the game. The legal pits are gathered here
// rather than by Position::legal_moves, which the compiler cannot inline: the
// playout is the inner loop of the whole search.
Position MctsAgent::play_out(const Rules& rules, Position position) {
    std::array<int, kMaxPits> legal{};
    for (;;) {
        const Side side = position.to_move();
        std::uint32_t count = 0;
        for (int pit = 0; pit < position.pits(); ++pit) {  // branch-free: empty pits are unpredictable
            legal[count] = pit;
            count += position.pit(side, pit) > 0 ? 1u : 0u;
        }
        if (count == 0) break;
        if (position.apply(rules, legal[random_.below(count)]).game_over) break;
    }
    return position;
}

// Each node on the path is credited from the point of view of the player who moved
// into it, read from the node rather than assumed to alternate with depth.
void MctsAgent::back_up(const Position& final_position) {
    const int south_margin = final_position.store_difference(Side::South);
    const double south_reward = south_margin > 0 ? 1.0 : south_margin < 0 ? 0.0 : 0.5;
    for (const NodeIndex i : path_) {
        Node& node = tree_[i];
        ++node.visits;
        node.reward += node.mover == Side::South ? south_reward : 1.0 - south_reward;
    }
}

// The robust child: most visits; ties go to the better win rate.
NodeIndex MctsAgent::most_visited_child() const {
    NodeIndex best = kNoNode;
    for (NodeIndex c = tree_[0].first_child; c != kNoNode; c = tree_[c].next_sibling) {
        if (best == kNoNode || tree_[c].visits > tree_[best].visits ||
            (tree_[c].visits == tree_[best].visits && tree_[c].win_rate() > tree_[best].win_rate()))
            best = c;
    }
    return best;
}

std::vector<int> MctsAgent::principal_variation(NodeIndex from) const {
    std::vector<int> pv;
    for (NodeIndex node = from; node != kNoNode && static_cast<int>(pv.size()) < kMaxPvLength;) {
        pv.push_back(tree_[node].move);
        NodeIndex next = kNoNode;
        for (NodeIndex c = tree_[node].first_child; c != kNoNode; c = tree_[c].next_sibling)
            if (next == kNoNode || tree_[c].visits > tree_[next].visits) next = c;
        node = next;
    }
    return pv;
}

std::unique_ptr<Agent> make_mcts_agent(AgentOptions& options, const AgentContext& context) {
    MctsSettings settings;
    const auto iterations = options.get_count("iterations");
    settings.time = options.get_duration("time");
    if (iterations)
        settings.iterations = iterations;
    else if (settings.time)
        settings.iterations.reset();  // a time alone decides
    settings.exploration = options.get_double("c", 1.41, 0, 100);
    settings.seed = seed_or_entropy(options.get_seed(context.seed));
    options.finish();
    return std::make_unique<MctsAgent>(options.canonical(), settings);
}

}  // namespace mancala::agents
