#pragma once
// The tree of Monte-Carlo tree search: nodes in one pool addressed by index, the
// children of a node as a sibling list so that an iteration adds at most one node,
// and the move-to-move reuse of the part of the tree the game went into.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <cstdint>
#include <vector>

namespace mancala::agents::mcts {

using NodeIndex = std::int32_t;
inline constexpr NodeIndex kNoNode = -1;

/// One bit a pit: pit i is bit i.
using PitMask = std::uint16_t;
static_assert(kMaxPits <= 16, "PitMask holds one bit for every pit of a side");

/// The legal moves of `position` as a mask.
PitMask legal_mask(const Rules& rules, const Position& position);

struct Node {
    double reward = 0;  ///< sum of playout rewards for `mover`: 1 a win, 0.5 a draw, 0 a loss
    std::uint64_t visits = 0;
    NodeIndex first_child = kNoNode;
    NodeIndex next_sibling = kNoNode;
    PitMask untried = 0;       ///< legal moves from here that have no child yet
    std::int8_t move = -1;     ///< the pit played to get here (-1 at the root)
    Side mover = Side::South;  ///< who played it: after an extra turn, the side to move here too
    bool terminal = false;     ///< the game is over here

    /// The mover's mean reward: their estimated chance to win.
    double win_rate() const { return visits ? reward / static_cast<double>(visits) : 0.5; }
};

/// The root is always node 0; its position is kept, every other node's is found by
/// replaying moves from it (a node is 32 bytes, a Position would double that).
class Tree {
public:
    /// How far below the old root `reuse` looks for the new one: our move, then the
    /// opponent's reply with a few extra turns.
    static constexpr int kReuseDepth = 6;

    explicit Tree(std::size_t max_nodes) : max_nodes_(max_nodes) {}

    /// Makes `position` the root. If it is the old root or lies at most kReuseDepth plies
    /// below it (same rules), that subtree is kept and the rest dropped; otherwise the
    /// tree starts afresh. Returns the visits the new root already has (0 if fresh).
    std::uint64_t reuse(const Rules& rules, const Position& position);

    /// Forgets everything (a new game).
    void clear() { nodes_.clear(); }

    const Position& root_position() const { return root_position_; }
    std::size_t size() const { return nodes_.size(); }
    /// No more nodes may be added: searches go on, playing out from the leaves.
    bool full() const { return nodes_.size() >= max_nodes_; }

    Node& operator[](NodeIndex i) { return nodes_[static_cast<std::size_t>(i)]; }
    const Node& operator[](NodeIndex i) const { return nodes_[static_cast<std::size_t>(i)]; }

    /// Adds the child reached by playing `pit` (an untried move of `parent`) and takes
    /// it off the parent's untried moves. `after` is the position it leads to.
    /// Precondition: !full().
    NodeIndex add_child(NodeIndex parent, int pit, Side mover, const Position& after, bool game_over);

private:
    void start_afresh(const Rules& rules, const Position& position);
    NodeIndex find_descendant(const Rules& rules, const Position& target) const;
    void keep_only_subtree(NodeIndex new_root);

    std::vector<Node> nodes_;
    std::size_t max_nodes_;
    Rules rules_;
    Position root_position_;
};

}  // namespace mancala::agents::mcts
