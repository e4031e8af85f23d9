#include "search/search_worker.hpp"

#include "core/mover_first_counts.hpp"
#include "search/learned_evaluation.hpp"
#include "search/packed_fitted_evaluation.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <type_traits>

namespace mancala::search {

template <class Board>
void SearchWorker<Board>::check_limits() {
    flush_nodes();
    if (shared_.past_deadline()) shared_.stop = true;
    if (shared_.caller_stop && shared_.caller_stop->load(std::memory_order_relaxed)) shared_.stop = true;
    if (shared_.node_limit && shared_.nodes.load(std::memory_order_relaxed) >= *shared_.node_limit)
        shared_.stop = true;
    if (passes_ && !passes_->current(pass_)) aborted_ = true;
    if (answers_ && answers_->answered(answer_pass_)) aborted_ = true;
    if (reports_ && shared_.on_tick) {
        const auto now = Clock::now();
        if (next_tick_ == Clock::time_point{}) next_tick_ = now + shared_.tick_interval;
        if (now >= next_tick_) {
            next_tick_ = now + shared_.tick_interval;
            shared_.on_tick();
        }
    }
}

template <class Board>
void SearchWorker<Board>::flush_nodes() {
    shared_.nodes.fetch_add(unflushed_, std::memory_order_relaxed);
    unflushed_ = 0;
}

namespace {

/// The store heuristics value a position by its stores alone, which the search adds
/// up move by move: a leaf is worth nothing beyond them.
constexpr bool counts_stores_only(Heuristic h) { return h == Heuristic::Store || h == Heuristic::StoreDiff; }

}  // namespace

template <class Board>
int SearchWorker<Board>::leaf_value(const Board& p) const {
    if (counts_stores_only(shared_.heuristic)) return 0;
    const Side me = p.to_move();
    auto side_difference = [this](const Board& b, Side side) {
        return Ops::row_stones(b, context_, side) - Ops::row_stones(b, context_, opponent(side));
    };
    switch (shared_.heuristic) {
        case Heuristic::Store:
        case Heuristic::StoreDiff:
            break;  // counts_stores_only, above
        case Heuristic::Side:
        case Heuristic::SideDiff:
            return kPointsPerStone * side_difference(p, me);
        case Heuristic::Weighted:
            return 3 * side_difference(p, me);
        case Heuristic::Fitted:
        case Heuristic::Learned: {
            int value;
            if (shared_.network)
                value = learned_board_value(*shared_.network, p);
            else if constexpr (std::is_same_v<Board, PackedBoard> || std::is_same_v<Board, WidePackedBoard>)
                value = packed_fitted_value(p, context_);
            else
                value = fitted_value(p, Ops::rules(context_));
            // A fit can overshoot what is left to win: no side gains more than every
            // stone in the pits, which the search's bound (Step 2) takes for every value.
            const int on_board = kPointsPerStone * stones_in_pits(p);
            return std::clamp(value, -on_board, on_board);
        }
    }
    return 0;
}

template <class Board>
const std::int8_t* SearchWorker<Board>::endgame_address(const Board& p, int stones) const {
    int cells[2 * kMaxPits];
    [[maybe_unused]] const int counted = mover_first_counts(p, cells);
    MANCALA_ASSERT(counted == stones, "the stones asked for are the stones in the pits");
    return shared_.endgame->value_address(cells, stones);
}

template <class Board>
int SearchWorker<Board>::endgame_value(const Board& p, int stones) const {
    return kPointsPerStone * *endgame_address(p, stones);
}

// Plays `move` from `p` into `c`: the stones it wins at once, whether the game
// ends or the mover keeps the turn, and where the child's value will be read,
// which is fetched from memory at once: its database value, or (when the child
// will consult the table) its table bucket. settle_child reads the database value.
template <class Board>
void SearchWorker<Board>::make_child(Child<Board>& c, const Board& p, int move, int depth) {
    const Side me = p.to_move();
    c.board = p;
    const MoveResult r = Ops::apply(c.board, context_, move);
    c.move = move;
    c.gain = kPointsPerStone * (c.board.store_difference(me) - p.store_difference(me));
    c.over = r.game_over;
    c.same_side = c.board.to_move() == me;
    c.key = 0;
    c.known = c.over;
    c.value = c.gain;
    c.exact_at = nullptr;
    c.replies = 0;
    if (c.over) return;
    // Without a database both bounds are -1: no child is in it or untabled.
    const int stones = stones_in_pits(c.board);
    if (stones <= shared_.endgame_stones) {
        c.exact_at = endgame_address(c.board, stones);
        __builtin_prefetch(c.exact_at);
        return;
    }
    // The order's replies (move_rank): a database child is ranked by its value, and a
    // frontier node's children (depth 1) are not ordered.
    if (!c.same_side && depth >= 2) c.replies = Ops::move_count(c.board, context_);
    if (stones <= shared_.untabled_stones) return;
    if (depth - 1 >= kMinTableDepth) {
        c.key = Ops::key(c.board, context_);
        shared_.tt->prefetch(c.key, near_table(depth - 1));
    }
}

template <class Board>
void SearchWorker<Board>::settle_child(Child<Board>& c) {
    if (!c.exact_at) return;
    if (shared_.endgame_signs_only) ++estimates_;
    const int exact = kPointsPerStone * *c.exact_at;
    c.known = true;
    c.value = c.same_side ? c.gain + exact : c.gain - exact;
}

// The value of child `c` for the mover of its parent, searched within (alpha, beta).
template <class Board>
int SearchWorker<Board>::child_search(const Child<Board>& c, int depth, int alpha, int beta) {
    if (c.known) {
        count_node();
        return c.value;
    }
    if (c.same_side) return c.gain + search(c.board, c.key, depth - 1, alpha - c.gain, beta - c.gain);
    return c.gain - search(c.board, c.key, depth - 1, c.gain - beta, c.gain - alpha);
}

template <class Board>
bool SearchWorker<Board>::busy_child(const Board& p, int move) const {
    Board child = p;
    Ops::apply(child, context_, move);
    return shared_.busy->busy(Ops::key(child, context_));
}

template <class Board>
int SearchWorker<Board>::child_value(const Board& p, int move, int depth, int alpha, int beta) {
    Child<Board> c;
    make_child(c, p, move, depth);
    settle_child(c);
    return child_search(c, depth, alpha, beta);
}

template <class Board>
typename SearchWorker<Board>::TableProbe SearchWorker<Board>::probe_table(std::uint64_t key, int depth, int alpha,
                                                                          int beta) {
    TableProbe probe;
    TTEntry entry;
    if (!shared_.tt->probe(key, near_table(depth), entry)) return probe;
    probe.move = entry.move;
    if (!usable(entry, depth)) return probe;
    const bool cut = entry.bound == Bound::Exact || (entry.bound == Bound::Lower && entry.score >= beta) ||
                     (entry.bound == Bound::Upper && entry.score <= alpha);
    if (cut) {
        if (!entry.proven) ++estimates_;
        probe.cutoff = entry.score;
    }
    return probe;
}

// A child whose table entry already proves its parent fails high saves searching the others.
template <class Board>
std::optional<typename SearchWorker<Board>::EtcCut> SearchWorker<Board>::etc_cutoff(
    const ChildList<Board>& children, int depth, int beta) {
    const bool near = near_table(depth - 1);
    for (int k = 0; k < children.size(); ++k) {
        const Child<Board>& c = children[k];
        TTEntry e;
        if (c.key == 0 || !shared_.tt->probe(c.key, near, e) || !usable(e, depth - 1)) continue;
        const bool lower = e.bound == Bound::Exact || e.bound == (c.same_side ? Bound::Lower : Bound::Upper);
        const int value = c.same_side ? c.gain + e.score : c.gain - e.score;
        if (lower && value >= beta) {
            if (!e.proven) ++estimates_;
            return EtcCut{value, c.move};
        }
    }
    return std::nullopt;
}

template <class Board>
int SearchWorker<Board>::finish(const Node& node) {
    if (node.use_table) {
        const Bound bound =
            node.best >= node.beta ? Bound::Lower : (node.best > node.alpha ? Bound::Exact : Bound::Upper);
        shared_.tt->store(node.key,
                          TTEntry{node.best, node.depth, bound, estimates_ == node.estimates, node.best_move,
                                  static_cast<int>(std::bit_width(nodes_ - node.nodes))},
                          near_table(node.depth));
    }
    return node.best;
}

template <class Board>
int SearchWorker<Board>::search(const Board& p, std::uint64_t key, int depth, int alpha, int beta) {
    // Step 1. Count the node; give up if the search has been stopped.
    const std::uint64_t nodes_before = nodes_;
    count_node();
    if (stopped()) return 0;

    // Step 2. The stones in the pits: the mover can neither gain nor lose more than
    // all of them, and with few enough of them the endgame database knows the value.
    const int stones = stones_in_pits(p);
    const int on_board = kPointsPerStone * stones;
    if (alpha >= on_board) return on_board;
    if (beta <= -on_board) return -on_board;
    if (stones <= shared_.endgame_stones) {
        if (shared_.endgame_signs_only) ++estimates_;
        return endgame_value(p, stones);
    }

    // Step 2b. Games that end on a repeated position (Oware): a position already on the
    // path ends the game there. Its value depends on the path, not on the position alone,
    // so it counts as an estimate: no entry built on it is taken for proven. Stones leave
    // the pits only for the stores, so only the positions since the path's last capture,
    // those with as many stones in the pits, can be this one: the search looks back no further.
    if (repetitions_) {
        for (std::size_t k = path_.size(); k-- > 0 && path_[k].stones == stones;)
            if (path_[k].board == p) {
                ++estimates_;
                return repetition_value(p);
            }
    }
    struct OnPath {
        std::vector<PathStep>* path;
        ~OnPath() {
            if (path) path->pop_back();
        }
    } on_path{repetitions_ ? &path_ : nullptr};
    if (repetitions_) path_.push_back(PathStep{p, stones});

    // Step 3. The horizon: a heuristic estimate.
    if (depth <= 0) {
        ++estimates_;
        return leaf_value(p);
    }

    // Step 4. The transposition table: a bound that settles the node, or the move to
    // try first. Not near the leaves, nor just above the database (kUntabledStones).
    const bool use_table = depth >= kMinTableDepth && stones > shared_.untabled_stones;
    int tt_move = -1;
    if (use_table) {
        const TableProbe probe = probe_table(key, depth, alpha, beta);
        if (probe.cutoff) return *probe.cutoff;
        tt_move = probe.move;
    }

    // Step 5. One ply from the horizon: every child is a leaf.
    if (depth == 1) return frontier(p, alpha, beta);

    // Step 6. Tell the other threads this subtree is taken (see BusyNodes).
    const BusyMark mark(depth >= kMinBusyDepth && use_table ? shared_.busy : nullptr, key);

    // Step 7. The table's move first, on its own: it cuts off often enough that
    // making the other children first would mostly be wasted. Without one, the move
    // the static order puts first when it earns an extra turn (move_ordering.hpp),
    // found from the stone counts alone, which spares making the children where it
    // cuts off (docs/PERFORMANCE.md, "The constants in the code"). At a node every child
    // of which is to be searched (SharedSearch::fail_low_side), one another thread is
    // in goes with the others instead, to be put off.
    Node node{key, depth, alpha, beta, estimates_, nodes_before, use_table};
    const bool all_children =
        shared_.busy && static_cast<int>(p.to_move()) == shared_.fail_low_side.load(std::memory_order_relaxed);
    int first = tt_move >= 0 && p.pit(p.to_move(), tt_move) > 0 ? tt_move : -1;  // else another position's move
    if (first >= 0 && all_children && busy_child(p, first)) first = -1;          // put off with the others
    // Where every child is to be searched, making them all at once loses nothing.
    if (first < 0 && extra_turns_ && !all_children) first = Ops::store_ending_pit(p, context_);
    if (first >= 0) {
        node.best = child_value(p, first, depth, alpha, beta);
        if (stopped()) return 0;
        node.best_move = first;
        if (node.best > alpha) {
            alpha = node.best;
            if (alpha >= beta) return finish(node);
        }
    }

    // Step 8. Every other child at once, ordered (see ChildList). A finished game or
    // a database position that refutes the node ends it before the others are read.
    ChildList<Board>& children = children_[static_cast<std::size_t>(depth)];
    const Child<Board>* refutation = children.make_all(
        Ops::movable(p, context_), first, beta, [&](Child<Board>& c, int move) { make_child(c, p, move, depth); },
        [&](Child<Board>& c) { settle_child(c); });
    if (refutation) {
        count_node();
        node.best = refutation->value;
        node.best_move = refutation->move;
        return finish(node);
    }

    // Step 9. Enhanced transposition cutoff, where the subtrees it may save are big.
    if (depth >= kMinEtcDepth && stones > shared_.no_etc_stones) {
        if (const std::optional<EtcCut> cut = etc_cutoff(children, depth, beta)) {
            node.best = cut->value;
            node.best_move = cut->move;
            return finish(node);
        }
    }

    // Step 10. Principal-variation search of the children: after the first, a null
    // window proves a move no better than alpha, and only one that is gets searched
    // again. A child another thread is in is put off (never the first one searched,
    // unless every child is to be searched).
    auto taken = [&](const Child<Board>& c) {
        return shared_.busy && (node.best_move >= 0 || all_children) && c.key != 0 && shared_.busy->busy(c.key);
    };
    int searched = node.best_move >= 0 ? 1 : 0;
    while (const Child<Board>* c = children.next(taken)) {
        int value;
        if (node.best_move < 0) {
            value = child_search(*c, depth, alpha, beta);
        } else {
            // Late move reduction: a quiet move (no stone stored, no extra turn) late in
            // the order is tried a ply shallower first, and again at full depth only if
            // it beats alpha there.
            const int reduction =
                shared_.reductions && depth >= 3 && searched >= 2 && !c->same_side && c->gain == 0 && !c->known ? 1
                                                                                                                : 0;
            value = child_search(*c, depth - reduction, alpha, alpha + 1);
            if (reduction > 0 && value > alpha && !stopped()) value = child_search(*c, depth, alpha, alpha + 1);
            if (value > alpha && value < beta && !stopped()) value = child_search(*c, depth, alpha, beta);
        }
        ++searched;
        if (stopped()) return 0;
        if (value > node.best) {
            node.best = value;
            node.best_move = c->move;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }

    // Step 11. Store the result in the table.
    return finish(node);
}

// One ply from the leaves every child is a leaf: no recursion, no ordering, no
// table; just the best of (stones won + the child's static value). With a database,
// every child is made first, so that their values come from memory together;
// without one, a child is only played on a copy of the board (no Child to fill),
// and one after a cutoff never.
template <class Board>
int SearchWorker<Board>::frontier(const Board& p, int alpha, int beta) {
    const unsigned moves = Ops::movable(p, context_);
    int best = -kScoreInfinity;
    if (shared_.endgame_stones < 0) {
        // No database: a leaf is its move's stones and its static value, nothing to fetch.
        // Under the store heuristics a leaf is its stones alone: no call to ask.
        const Side me = p.to_move();
        const bool stones_only = counts_stores_only(shared_.heuristic);
        for (unsigned left = moves; left != 0; left &= left - 1) {
            Board child = p;
            const MoveResult r = Ops::apply(child, context_, std::countr_zero(left));
            count_node();
            const int gain = kPointsPerStone * (child.store_difference(me) - p.store_difference(me));
            int value = gain;
            if (!r.game_over) {
                ++estimates_;
                if (!stones_only) {
                    const int leaf = leaf_value(child);
                    value = child.to_move() == me ? gain + leaf : gain - leaf;
                }
            }
            if (value > best) {
                best = value;
                if (best >= beta) break;
            }
        }
        return best;
    }
    int count = 0;
    for (unsigned left = moves; left != 0; left &= left - 1)
        make_child(leaves_[static_cast<std::size_t>(count++)], p, std::countr_zero(left), 1);
    for (int k = 0; k < count; ++k) {
        Child<Board>& c = leaves_[static_cast<std::size_t>(k)];
        count_node();
        settle_child(c);
        int value = c.value;
        if (!c.known) {
            ++estimates_;
            const int leaf = leaf_value(c.board);
            value = c.same_side ? c.gain + leaf : c.gain - leaf;
        }
        if (value > best) {
            best = value;
            if (best >= beta) break;
        }
    }
    (void)alpha;
    return best;
}

// The score a move must beat to be among the best `count` exactly scored so far;
// -kScoreInfinity while fewer than `count` have been (count 0: every move).
inline int multipv_floor(const std::vector<RootScore>& scores, int count) {
    if (count <= 0) return -kScoreInfinity;
    std::vector<int> exact;
    for (const RootScore& s : scores)
        if (!s.excluded) exact.push_back(s.score);
    if (static_cast<int>(exact.size()) < count) return -kScoreInfinity;
    std::nth_element(exact.begin(), exact.begin() + (count - 1), exact.end(), std::greater<>());
    return exact[static_cast<std::size_t>(count - 1)];
}

template <class Board>
RootScore SearchWorker<Board>::search_root(const Board& root, int depth, int alpha, int beta,
                                           const std::vector<int>& order, std::vector<RootScore>* scores,
                                           int multipv) {
    // One list of children per depth below the root, made once (see ChildList).
    if (children_.size() < static_cast<std::size_t>(depth) + 1)
        children_.resize(static_cast<std::size_t>(depth) + 1);
    count_node();
    RootScore best{-1, -kScoreInfinity, false};
    const int alpha_before = alpha;
    const std::uint64_t estimates_before = estimates_;
    // Every root move is to be searched (SharedSearch::fail_low_side): those another
    // thread is in go last.
    std::vector<int> put_off;
    if (shared_.busy && !scores &&
        static_cast<int>(root.to_move()) == shared_.fail_low_side.load(std::memory_order_relaxed)) {
        put_off = order;
        std::stable_partition(put_off.begin(), put_off.end(), [&](int m) { return !busy_child(root, m); });
    }
    const std::vector<int>& moves = put_off.empty() ? order : put_off;
    path_.clear();
    if (repetitions_) path_.push_back(PathStep{root, stones_in_pits(root)});
    for (std::size_t k = 0; k < moves.size(); ++k) {
        const int move = moves[k];
        root_progress_ = RootProgress{move, static_cast<int>(k) + 1, static_cast<int>(moves.size())};
        const std::uint64_t move_estimates = estimates_;
        int value;
        bool excluded = false;
        if (scores) {  // analysis: an exact score for every move, or for the best `multipv`
            const int floor = multipv_floor(*scores, multipv);
            if (floor == -kScoreInfinity) {
                value = child_value(root, move, depth, -kScoreInfinity, kScoreInfinity);
            } else {
                // Is it better than the last of the best so far? Only then its exact score.
                value = child_value(root, move, depth, floor, floor + 1);
                excluded = value <= floor;
                if (!excluded && !stopped()) {
                    value = child_value(root, move, depth, floor, kScoreInfinity);
                    excluded = value <= floor;  // the table's bounds can disagree between the two searches
                }
            }
        } else if (k == 0) {
            value = child_value(root, move, depth, alpha, beta);
        } else {
            value = child_value(root, move, depth, alpha, alpha + 1);
            if (value > alpha && value < beta && !stopped()) value = child_value(root, move, depth, alpha, beta);
        }
        if (stopped()) break;
        if (scores) scores->push_back(RootScore{move, value, estimates_ == move_estimates, excluded});
        if (value > best.score) {
            best = RootScore{move, value, false};
            if (value > alpha) alpha = value;
            if (!scores && alpha >= beta) break;
        }
    }
    root_progress_ = RootProgress{};
    best.proven = estimates_ == estimates_before;
    if (aborted_ && answers_) {
        // A helper finished this pass first: its answer is the pass's.
        if (const std::optional<ProofPasses::Answer> a = answers_->answer_of(answer_pass_)) {
            best = RootScore{a->move, a->score, a->proven};
            aborted_ = false;
        }
    }
    if (!stopped() && best.move >= 0) {
        TTEntry store;
        store.score = best.score;
        store.depth = depth;
        store.bound = best.score >= beta ? Bound::Lower : (best.score > alpha_before ? Bound::Exact : Bound::Upper);
        store.proven = best.proven;
        store.move = best.move;
        shared_.tt->store(Ops::key(root, context_), store, near_table(depth));
    }
    return best;
}

template <class Board>
std::vector<int> SearchWorker<Board>::principal_variation(const Board& root, int first_move, int max_length) const {
    std::vector<int> pv{first_move};
    Board p = root;
    MoveResult r = Ops::apply(p, context_, first_move);
    while (!r.game_over && static_cast<int>(pv.size()) < max_length) {
        TTEntry entry;
        // Any bound's move: MTD(f)'s null windows leave few exact entries, and a
        // bound's move is the one that decided it (the cut, or the best of the rest).
        if (!shared_.tt->probe(Ops::key(p, context_), entry) || entry.move < 0 ||
            (Ops::movable(p, context_) >> entry.move & 1u) == 0)
            break;
        pv.push_back(entry.move);
        r = Ops::apply(p, context_, entry.move);
    }
    return pv;
}

template class SearchWorker<Position>;
template class SearchWorker<PackedBoard>;
template class SearchWorker<WidePackedBoard>;
template class SearchWorker<CyclicBoard>;

}  // namespace mancala::search
