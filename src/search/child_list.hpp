#pragma once
// The children of one node, as the search takes them (cf. Stockfish's
// MovePicker): made all at once, so that their table buckets are fetched from
// memory in parallel while the others are made, ordered best first by what each
// move really does (move_rank), and handed out one at a time, except that a child
// another thread is searching is put off until the others are done: by then its
// result is likely in the table.
//
// A worker keeps one list per remaining depth (a child is always searched one ply
// shallower than its parent), made once per search: no node constructs or
// allocates one.

#include "core/rules.hpp"
#include "search/move_ordering.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace mancala::search {

/// The position after one move, and what the parent needs to know of it.
template <class Board>
struct Child {
    Board board;
    std::uint64_t key;  ///< its table key, or 0 when the child's search will not consult the table
    int move;
    int gain;  ///< points the move wins for the mover at once
    int rank;  ///< order: larger first
    bool over;
    bool same_side;  ///< the mover moves again (an extra turn)
    bool known;      ///< the game is over or the database holds the child: `value` is exact
    int value;       ///< when known: the child's exact value for the mover of the parent
    int replies;     ///< the opponent's legal moves in the child, where the order needs them (else 0)
    /// The database's value of the child, fetched from memory but not yet read (see
    /// ChildList::make_all); nullptr when the database does not hold it.
    const std::int8_t* exact_at;
};

template <class Board>
class ChildList {
public:
    /// Makes the children for every legal move (bit i of `moves` for pit i) but `skip`, calling
    /// make(child, move) for each, then settle(child) for each in the same order, and
    /// orders them. Making only starts the memory reads a child needs (its table
    /// bucket, its database value); settling reads them. All of them then wait for
    /// memory together rather than one after another, which is most of a proof's time.
    /// A child whose exact value is at least `beta` refutes the node at once: it is
    /// returned, and those after it are not settled. Otherwise returns nullptr.
    template <class Make, class Settle>
    const Child<Board>* make_all(unsigned moves, int skip, int beta, Make&& make, Settle&& settle) {
        count_ = next_ = deferred_count_ = next_deferred_ = 0;
        if (skip >= 0) moves &= ~(1u << skip);
        int made = 0;
        for (; moves != 0; moves &= moves - 1) make(children_[made++], std::countr_zero(moves));
        for (int slot = 0; slot < made; ++slot) {
            Child<Board>& c = children_[slot];
            settle(c);
            if (c.known && c.value >= beta) return &c;
            c.rank = c.known ? kKnownChildRank : move_rank(c.same_side, c.gain, c.move, c.replies);
            insert(count_++);
        }
        return nullptr;
    }

    int size() const { return count_; }
    /// The k-th child in order, best first.
    const Child<Board>& operator[](int k) const { return children_[order_[k]]; }

    /// The next child to search, or nullptr when every child has been handed out.
    /// One `put_off(child)` says is busy elsewhere comes after all the others.
    template <class PutOff>
    const Child<Board>* next(PutOff&& put_off) {
        while (next_ < count_) {
            const int slot = order_[next_++];
            if (!put_off(children_[slot])) return &children_[slot];
            deferred_[deferred_count_++] = slot;
        }
        if (next_deferred_ < deferred_count_) return &children_[deferred_[next_deferred_++]];
        return nullptr;
    }

private:
    // Insertion sort of slot indices: at most kMaxPits children, mostly arriving near their place.
    void insert(int slot) {
        const int rank = children_[slot].rank;
        int k = slot;
        while (k > 0 && children_[order_[k - 1]].rank < rank) {
            order_[k] = order_[k - 1];
            --k;
        }
        order_[k] = slot;
    }

    std::array<Child<Board>, kMaxPits> children_;
    std::array<int, kMaxPits> order_{};
    std::array<int, kMaxPits> deferred_{};
    int count_ = 0;
    int next_ = 0;
    int deferred_count_ = 0;
    int next_deferred_ = 0;
};

}  // namespace mancala::search
