#pragma once
// The bookkeeping of a proof split at the root among processes: MTD(f) over the
// root's moves. Each pass asks "is the root's value at least t?"; at the root
// (whose side chooses) that holds when one move's value is at least t, and fails
// when every move's is below t, so a pass is one bound test per move still open,
// run in parallel and over at the first that holds. Each move's proven bounds
// are kept from pass to pass, so a move is asked again only what it has not yet
// answered. No messages here: distributed_proof.cpp runs the tests this asks for.
// Values are final margins of the root's side to move.

#include <cstddef>
#include <optional>
#include <vector>

namespace mancala::cluster {

class RootSplit {
public:
    /// `moves` in the order to try them (the warm-up search's best first);
    /// `guess` is the value expected (the warm-up's score). With `only` the split
    /// answers that one bound test (is the value at least *only?) instead of the value.
    RootSplit(std::vector<int> moves, int guess, std::optional<int> only = std::nullopt);

    /// A move whose value is known at once (the game ends with it).
    void set_exact(int move, int value);

    /// True once the value (or the one bound test asked) is settled.
    bool done() const;
    /// The bound the pass under way tests: is the value at least threshold()?
    int threshold() const { return threshold_; }
    /// The moves whose test is still to run in this pass, in order (none when the
    /// pass is already settled by what is known).
    std::vector<int> open_moves() const;

    /// The outcome of the test "is `move`'s value at least `asked`?" (this pass's
    /// threshold or an earlier one's): it is at least `value` (holds; value >= asked)
    /// or at most `value` (fails; value < asked). Moves on to the next threshold when
    /// that settles the pass.
    void record(int move, int asked, bool holds, int value);

    /// Once done(): the root's value (or, for a bound test, its proven bound: see
    /// bound()), and the move that reaches it (-1 if the test failed).
    int value() const;
    /// For a bound test: +1 when value() is a lower bound, -1 an upper bound; 0 exact.
    int bound() const;
    int best_move() const { return best_move_; }
    std::optional<int> lower() const { return lower_; }
    std::optional<int> upper() const { return upper_; }

private:
    struct Known {
        int move;
        std::optional<int> at_least;  // proven lower bound of the move's value
        std::optional<int> at_most;   // proven upper bound
    };
    Known& known(int move);
    const Known& known(int move) const;
    void settle_pass();  // ends the pass if what is known settles it, and picks the next threshold

    std::vector<Known> moves_;
    std::optional<int> only_;
    std::optional<int> lower_, upper_;  // the root's proven bounds
    int threshold_;
    int best_move_ = -1;
};

}  // namespace mancala::cluster
