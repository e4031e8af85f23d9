#include "cluster/root_split.hpp"

#include "util/assert.hpp"

#include <algorithm>

namespace mancala::cluster {

RootSplit::RootSplit(std::vector<int> moves, int guess, std::optional<int> only) : only_(only) {
    MANCALA_ASSERT(!moves.empty(), "a position to prove has a move");
    for (int m : moves) moves_.push_back({m, std::nullopt, std::nullopt});
    threshold_ = only ? *only : guess;
}

RootSplit::Known& RootSplit::known(int move) {
    return const_cast<Known&>(static_cast<const RootSplit&>(*this).known(move));
}

const RootSplit::Known& RootSplit::known(int move) const {
    const auto it = std::find_if(moves_.begin(), moves_.end(), [&](const Known& k) { return k.move == move; });
    MANCALA_ASSERT(it != moves_.end(), "a move of the root");
    return *it;
}

void RootSplit::set_exact(int move, int value) {
    Known& k = known(move);
    k.at_least = value;
    k.at_most = value;
    settle_pass();
}

bool RootSplit::done() const {
    if (only_) return lower_ >= *only_ || (upper_ && *upper_ < *only_);
    return lower_ && upper_ && *lower_ == *upper_;
}

std::vector<int> RootSplit::open_moves() const {
    std::vector<int> open;
    if (done()) return open;
    for (const Known& k : moves_)
        if (!(k.at_least && *k.at_least >= threshold_) && !(k.at_most && *k.at_most < threshold_))
            open.push_back(k.move);
    return open;
}

void RootSplit::record(int move, [[maybe_unused]] int asked, bool holds, int value) {
    Known& k = known(move);
    if (holds) {
        MANCALA_ASSERT(value >= asked, "a test that holds proves at least its threshold");
        k.at_least = std::max(k.at_least.value_or(value), value);
    } else {
        MANCALA_ASSERT(value < asked, "a test that fails proves less than its threshold");
        k.at_most = std::min(k.at_most.value_or(value), value);
    }
    settle_pass();
}

void RootSplit::settle_pass() {
    // The root is at least the best lower bound of a move, and at most the best upper
    // bound (once every move has one).
    std::optional<int> lower, upper;
    int best = -1;
    bool all_bounded = true;
    for (const Known& k : moves_) {
        if (k.at_least && (!lower || *k.at_least > *lower)) {
            lower = k.at_least;
            best = k.move;
        }
        if (!k.at_most)
            all_bounded = false;
        else if (!upper || *k.at_most > *upper)
            upper = k.at_most;
    }
    if (lower) {
        lower_ = lower;
        best_move_ = best;
    }
    if (all_bounded) upper_ = upper;
    if (done()) return;
    // MTD(f): the next test lies just above what is proven from below, or at what
    // is proven from above, whichever is nearer the guess (the threshold so far).
    if (lower_ && threshold_ <= *lower_) threshold_ = *lower_ + 1;
    if (upper_ && threshold_ > *upper_) threshold_ = *upper_;
}

int RootSplit::value() const {
    MANCALA_ASSERT(done(), "the value is settled");
    if (only_ && !(lower_ && *lower_ >= *only_)) return *upper_;
    return *lower_;
}

int RootSplit::bound() const {
    if (!only_) return 0;
    return lower_ && *lower_ >= *only_ ? +1 : -1;
}

}  // namespace mancala::cluster
