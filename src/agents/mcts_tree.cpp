#include "agents/mcts_tree.hpp"

#include <utility>

namespace mancala::agents::mcts {

PitMask legal_mask(const Rules& rules, const Position& position) {
    PitMask mask = 0;
    const MoveList moves = position.legal_moves(rules);
    for (int k = 0; k < moves.size(); ++k) mask = static_cast<PitMask>(mask | (1u << moves[k]));
    return mask;
}

NodeIndex Tree::add_child(NodeIndex parent, int pit, Side mover, const Position& after, bool game_over) {
    const auto index = static_cast<NodeIndex>(nodes_.size());
    Node child;
    child.move = static_cast<std::int8_t>(pit);
    child.mover = mover;
    child.terminal = game_over;
    child.untried = game_over ? PitMask{0} : legal_mask(rules_, after);
    Node& p = (*this)[parent];
    child.next_sibling = p.first_child;
    p.first_child = index;
    p.untried = static_cast<PitMask>(p.untried & ~(1u << pit));
    nodes_.push_back(child);  // last: it may move the pool, and `p` with it
    return index;
}

std::uint64_t Tree::reuse(const Rules& rules, const Position& position) {
    if (nodes_.empty() || rules != rules_) {
        start_afresh(rules, position);
        return 0;
    }
    const NodeIndex found = find_descendant(rules, position);
    if (found == kNoNode) {
        start_afresh(rules, position);
        return 0;
    }
    if (found != 0) keep_only_subtree(found);
    root_position_ = position;
    return nodes_.front().visits;
}

void Tree::start_afresh(const Rules& rules, const Position& position) {
    nodes_.clear();
    rules_ = rules;
    root_position_ = position;
    Node root;
    root.mover = opponent(position.to_move());  // unused: nobody chooses the root
    root.untried = legal_mask(rules, position);
    nodes_.push_back(root);
}

// Breadth first over the expanded nodes, replaying moves, so that the shallowest copy
// of the target wins: the line actually played, normally, and the best-visited one.
// Stores never shrink during a game, so a node with more in either store than the
// target cannot lead to it.
NodeIndex Tree::find_descendant(const Rules& rules, const Position& target) const {
    struct Frame {
        NodeIndex node;
        int depth;
        Position position;
    };
    auto beyond = [&](const Position& p) {
        return p.store(Side::South) > target.store(Side::South) || p.store(Side::North) > target.store(Side::North);
    };
    if (root_position_.pits() != target.pits() || root_position_.total_stones() != target.total_stones() ||
        beyond(root_position_))
        return kNoNode;
    std::vector<Frame> queue{{0, 0, root_position_}};
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const Frame frame = queue[head];
        if (frame.position == target) return frame.node;
        if (frame.depth == kReuseDepth) continue;
        for (NodeIndex c = (*this)[frame.node].first_child; c != kNoNode; c = (*this)[c].next_sibling) {
            Position child = frame.position;
            child.apply(rules, (*this)[c].move);
            if (!beyond(child)) queue.push_back({c, frame.depth + 1, child});
        }
    }
    return kNoNode;
}

// Copies the subtree of `new_root` into a fresh pool, breadth first, so that the
// new root is node 0 and the pool holds nothing unreachable.
void Tree::keep_only_subtree(NodeIndex new_root) {
    std::vector<Node> kept;
    std::vector<std::pair<NodeIndex, NodeIndex>> queue;  // (old index, new index)
    kept.push_back((*this)[new_root]);
    queue.emplace_back(new_root, 0);
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const auto [old_index, new_index] = queue[head];
        NodeIndex previous = kNoNode;
        kept[static_cast<std::size_t>(new_index)].first_child = kNoNode;
        for (NodeIndex c = (*this)[old_index].first_child; c != kNoNode; c = (*this)[c].next_sibling) {
            const auto copy = static_cast<NodeIndex>(kept.size());
            kept.push_back((*this)[c]);
            kept.back().next_sibling = kNoNode;
            if (previous == kNoNode)
                kept[static_cast<std::size_t>(new_index)].first_child = copy;
            else
                kept[static_cast<std::size_t>(previous)].next_sibling = copy;
            previous = copy;
            queue.emplace_back(c, copy);
        }
    }
    kept.front().next_sibling = kNoNode;
    kept.front().move = -1;
    nodes_ = std::move(kept);
}

}  // namespace mancala::agents::mcts
