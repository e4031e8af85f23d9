#include "search/search_worker.hpp"

#include <algorithm>
#include <new>

namespace mancala::search {

template <class Board>
void SearchWorker<Board>::check_limits() {
    flush_nodes();
    if (shared_.deadline && Clock::now() >= *shared_.deadline) shared_.stop = true;
    if (shared_.node_limit && shared_.nodes.load(std::memory_order_relaxed) >= *shared_.node_limit)
        shared_.stop = true;
    if (following_ && shared_.proof_pass.load(std::memory_order_acquire) != pass_) aborted_ = true;
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

template <class Board>
int SearchWorker<Board>::leaf_value(const Board& p) const {
    const Side me = p.to_move();
    auto side_difference = [this](const Board& b, Side side) {
        return Ops::row_stones(b, context_, side) - Ops::row_stones(b, context_, opponent(side));
    };
    switch (shared_.heuristic) {
        case Heuristic::Store:
        case Heuristic::StoreDiff:
            return 0;
        case Heuristic::Side:
        case Heuristic::SideDiff:
            return kPointsPerStone * side_difference(p, me);
        case Heuristic::Weighted:
            return 3 * side_difference(p, me);
    }
    return 0;
}

template <class Board>
int SearchWorker<Board>::endgame_value(const Board& p, int stones) const {
    int cells[2 * kMaxPits];
    const Side me = p.to_move();
    const int n = p.pits();
    for (int i = 0; i < n; ++i) {
        cells[i] = p.pit(me, i);
        cells[n + i] = p.pit(opponent(me), i);
    }
    return kPointsPerStone * shared_.endgame->value(cells, stones);
}

// Plays `move` from `p` into `c`: the stones it wins at once, whether the game
// ends or the mover keeps the turn, and (when the child will consult the table)
// its key, whose bucket is fetched from memory at once.
template <class Board>
void SearchWorker<Board>::make_child(Child& c, const Board& p, int move, int depth) {
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
    if (!c.over && shared_.endgame_stones >= 0) {
        const int stones = shared_.total_stones - c.board.store(Side::South) - c.board.store(Side::North);
        if (stones <= shared_.endgame_stones) {
            const int exact = endgame_value(c.board, stones);
            c.known = true;
            c.value = c.same_side ? c.gain + exact : c.gain - exact;
            return;
        }
    }
    if (!c.over && depth - 1 >= kMinTableDepth) {
        c.key = Ops::key(c.board, context_);
        shared_.tt->prefetch(c.key);
    }
}

// The value of child `c` for the mover of its parent, searched within (alpha, beta).
template <class Board>
int SearchWorker<Board>::child_search(const Child& c, int depth, int alpha, int beta) {
    if (c.known) {
        count_node();
        return c.value;
    }
    if (c.same_side) return c.gain + search(c.board, c.key, depth - 1, alpha - c.gain, beta - c.gain);
    return c.gain - search(c.board, c.key, depth - 1, c.gain - beta, c.gain - alpha);
}

template <class Board>
int SearchWorker<Board>::child_value(const Board& p, int move, int depth, int alpha, int beta) {
    Child c;
    make_child(c, p, move, depth);
    return child_search(c, depth, alpha, beta);
}

template <class Board>
int SearchWorker<Board>::search(const Board& p, std::uint64_t key, int depth, int alpha, int beta) {
    count_node();
    if (stopped()) return 0;

    // Whatever happens, the mover cannot gain more than every stone left in the pits.
    const int on_board = kPointsPerStone * (shared_.total_stones - p.store(Side::South) - p.store(Side::North));
    if (alpha >= on_board) return on_board;
    if (beta <= -on_board) return -on_board;
    if (on_board <= kPointsPerStone * shared_.endgame_stones) return endgame_value(p, on_board / kPointsPerStone);

    if (depth <= 0) {
        ++estimates_;
        return leaf_value(p);
    }

    const bool use_table = depth >= kMinTableDepth;
    TTEntry entry;
    int tt_move = -1;
    if (use_table && shared_.tt->probe(key, entry)) {
        tt_move = entry.move;
        if (usable(entry, depth)) {
            const bool cut = entry.bound == Bound::Exact || (entry.bound == Bound::Lower && entry.score >= beta) ||
                             (entry.bound == Bound::Upper && entry.score <= alpha);
            if (cut) {
                if (!entry.proven) ++estimates_;
                return entry.score;
            }
        }
    }

    if (depth == 1) return frontier(p, alpha, beta);

    // Tell the other threads this subtree is taken (see BusyNodes).
    struct BusyMark {
        BusyNodes* busy = nullptr;
        std::uint64_t key = 0;
        ~BusyMark() {
            if (busy) busy->leave(key);
        }
    } mark;
    if (shared_.busy && depth >= kMinBusyDepth && shared_.busy->enter(key)) {
        mark.busy = shared_.busy;
        mark.key = key;
    }

    const Side me = p.to_move();
    const std::uint64_t estimates_before = estimates_;
    const int alpha_before = alpha;
    int best = -kScoreInfinity;
    int best_move = -1;
    auto finish = [&] {
        if (use_table) {
            const Bound bound = best >= beta ? Bound::Lower : (best > alpha_before ? Bound::Exact : Bound::Upper);
            shared_.tt->store(key, TTEntry{best, depth, bound, estimates_ == estimates_before, best_move});
        }
        return best;
    };

    // The table's move first, on its own: it cuts off often enough that making
    // the other children first would mostly be wasted.
    if (tt_move >= 0 && p.pit(me, tt_move) > 0) {
        best = child_value(p, tt_move, depth, alpha, beta);
        if (stopped()) return 0;
        best_move = tt_move;
        if (best > alpha) {
            alpha = best;
            if (alpha >= beta) return finish();
        }
    }

    // Every other child at once: their table buckets are fetched from memory in
    // parallel while the others are made, and the order can use what each move
    // really does (extra turn, stones won).
    const int n = p.pits();
    // Slots left uninitialised: a node fills only as many as it has moves.
    union Slot {
        Slot() {}
        Child child;
    };
    Slot slots[kMaxPits];
    int order[kMaxPits];
    int count = 0;
    for (int i = 0; i < n; ++i) {
        if (p.pit(me, i) == 0 || i == tt_move) continue;
        Child& c = *new (&slots[count].child) Child;
        make_child(c, p, i, depth);
        if (c.known && c.value >= beta) {
            // A finished game or a database position refutes at once: no need to make the others.
            count_node();
            best = c.value;
            best_move = i;
            return finish();
        }
        const int rank = c.known ? kKnownChildRank : move_rank(c.same_side, c.gain, i);
        c.rank = rank;
        int k = count++;
        while (k > 0 && slots[order[k - 1]].child.rank < rank) {
            order[k] = order[k - 1];
            --k;
        }
        order[k] = count - 1;
    }

    // Enhanced transposition cutoff: a child whose table entry already proves
    // this node fails high saves searching the others.
    if (depth >= kMinEtcDepth) {
        for (int k = 0; k < count; ++k) {
            const Child& c = slots[order[k]].child;
            TTEntry e;
            if (c.key == 0 || !shared_.tt->probe(c.key, e) || !usable(e, depth - 1)) continue;
            const bool lower = e.bound == Bound::Exact || e.bound == (c.same_side ? Bound::Lower : Bound::Upper);
            const int value = c.same_side ? c.gain + e.score : c.gain - e.score;
            if (lower && value >= beta) {
                if (!e.proven) ++estimates_;
                best = value;
                best_move = c.move;
                return finish();
            }
        }
    }

    // A child another thread is searching waits until the others are done: by
    // then its result is likely in the table. The first move is never put off.
    int deferred[kMaxPits];
    int deferred_count = 0;
    for (int k = 0; k < count + deferred_count; ++k) {
        const bool first_round = k < count;
        const int slot = first_round ? order[k] : deferred[k - count];
        const Child& c = slots[slot].child;
        if (first_round && shared_.busy && best_move >= 0 && c.key != 0 && shared_.busy->busy(c.key)) {
            deferred[deferred_count++] = slot;
            continue;
        }
        int value;
        if (best_move < 0) {
            value = child_search(c, depth, alpha, beta);
        } else {
            // Null window first: prove the move is no better than alpha; search again only if it is.
            value = child_search(c, depth, alpha, alpha + 1);
            if (value > alpha && value < beta && !stopped()) value = child_search(c, depth, alpha, beta);
        }
        if (stopped()) return 0;
        if (value > best) {
            best = value;
            best_move = c.move;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    return finish();
}

// One ply from the leaves every child is a leaf: no recursion, no ordering, no
// table; just the best of (stones won + the child's static value).
template <class Board>
int SearchWorker<Board>::frontier(const Board& p, int alpha, int beta) {
    const Side me = p.to_move();
    const int n = p.pits();
    const int before = p.store_difference(me);
    int best = -kScoreInfinity;
    for (int i = 0; i < n; ++i) {
        if (p.pit(me, i) == 0) continue;
        Board child = p;
        const MoveResult r = Ops::apply(child, context_, i);
        count_node();
        int value = kPointsPerStone * (child.store_difference(me) - before);
        const int stones = shared_.total_stones - child.store(Side::South) - child.store(Side::North);
        if (!r.game_over && stones <= shared_.endgame_stones) {
            const int exact = endgame_value(child, stones);
            value += child.to_move() == me ? exact : -exact;
        } else if (!r.game_over) {
            ++estimates_;
            const int leaf = leaf_value(child);
            value += child.to_move() == me ? leaf : -leaf;
        }
        if (value > best) {
            best = value;
            if (best >= beta) break;
        }
    }
    (void)alpha;
    return best;
}

template <class Board>
RootScore SearchWorker<Board>::search_root(const Board& root, int depth, int alpha, int beta,
                                           const std::vector<int>& order, std::vector<RootScore>* scores) {
    count_node();
    RootScore best{-1, -kScoreInfinity, false};
    const int alpha_before = alpha;
    const std::uint64_t estimates_before = estimates_;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const int move = order[k];
        const std::uint64_t move_estimates = estimates_;
        int value;
        if (scores) {  // analysis: an exact score for every move
            value = child_value(root, move, depth, -kScoreInfinity, kScoreInfinity);
        } else if (k == 0) {
            value = child_value(root, move, depth, alpha, beta);
        } else {
            value = child_value(root, move, depth, alpha, alpha + 1);
            if (value > alpha && value < beta && !stopped()) value = child_value(root, move, depth, alpha, beta);
        }
        if (stopped()) break;
        if (scores) scores->push_back(RootScore{move, value, estimates_ == move_estimates});
        if (value > best.score) {
            best = RootScore{move, value, false};
            if (value > alpha) alpha = value;
            if (!scores && alpha >= beta) break;
        }
    }
    best.proven = estimates_ == estimates_before;
    if (!stopped() && best.move >= 0) {
        TTEntry store;
        store.score = best.score;
        store.depth = depth;
        store.bound = best.score >= beta ? Bound::Lower : (best.score > alpha_before ? Bound::Exact : Bound::Upper);
        store.proven = best.proven;
        store.move = best.move;
        shared_.tt->store(Ops::key(root, context_), store);
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
        if (!shared_.tt->probe(Ops::key(p, context_), entry) || entry.bound != Bound::Exact ||
            !p.is_legal(entry.move))
            break;
        pv.push_back(entry.move);
        r = Ops::apply(p, context_, entry.move);
    }
    return pv;
}

template class SearchWorker<Position>;
template class SearchWorker<PackedBoard>;

}  // namespace mancala::search
