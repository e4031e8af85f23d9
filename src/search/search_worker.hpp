#pragma once
// One thread of the engine: principal-variation search (negamax with null
// windows) over plies, where a move that earns an extra turn keeps the side to
// move. Scores are what the side to move can still gain, in points: the final
// store difference minus the current one. That value depends only on the pits
// and the side to move, never on the stores, which is why the transposition key
// leaves the stores out.

#include "search/board_ops.hpp"
#include "search/busy_nodes.hpp"
#include "search/child_list.hpp"
#include "search/endgame_oracle.hpp"
#include "search/heuristics.hpp"
#include "search/proof_passes.hpp"
#include "search/score_units.hpp"
#include "search/search_limits.hpp"
#include "search/search_mode.hpp"
#include "search/transposition_table.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

namespace mancala::search {

/// Plies from the leaves below which the table is not consulted: near the leaves
/// a probe (a likely cache miss) costs more than the few nodes it saves.
inline constexpr int kMinTableDepth = 2;
/// A node searched at most this many plies deep keeps its table entry in the
/// table's small near part, except in proofs (see SearchRun). Routing a proof's
/// nodes near by their stones above the database instead slowed Kalah(6,4)'s proof
/// (figures: docs/PERFORMANCE.md, "The constants in the code").
inline constexpr int kNearDepth = 6;
/// Plies from the leaves from which enhanced transposition cutoffs are tried.
inline constexpr int kMinEtcDepth = 4;
/// Plies from the leaves from which a node is marked busy for the other threads.
inline constexpr int kMinBusyDepth = 4;
/// A node with at most this many stones in its pits above the endgame database
/// neither consults nor fills the table: its subtree is small (each stone stored
/// takes it into the database), and probing the table, a likely cache miss, costs
/// more than the nodes it saves. 3 was the quickest of 0 to 4 on Kalah(6,4)'s proof
/// (docs/PERFORMANCE.md, "The constants in the code").
inline constexpr int kUntabledStones = 3;
/// The same on boards of fewer than 6 pits, where a stone reaches the store in fewer
/// moves and a subtree of as many stones above the database is smaller: 5 to 7 beat
/// 3 on Kalah(5,5), while 5 lost on 6 pits (docs/PERFORMANCE.md, "The constants in the code").
inline constexpr int kUntabledStonesSmallBoard = 5;
/// kUntabledStones or kUntabledStonesSmallBoard, for a board of `pits` pits a side.
constexpr int untabled_stones(int pits) { return pits >= 6 ? kUntabledStones : kUntabledStonesSmallBoard; }
/// With a database, enhanced transposition cutoffs are tried only at nodes with more
/// than this many stones above it: below, a subtree costs less to search than probing
/// every child's table entry first (docs/PERFORMANCE.md, "The constants in the code").
inline constexpr int kEtcStonesAboveDatabase = 15;
/// Nodes between two looks at the clock and the stop flags: about a tenth of a
/// millisecond, so that a search stops within 5% of even a 5 ms move.
inline constexpr std::uint64_t kCheckInterval = 1024;

/// What the threads of one search share.
struct SharedSearch {
    static constexpr Clock::rep kNoDeadline = std::numeric_limits<Clock::rep>::max();
    void set_deadline(std::optional<Clock::time_point> t) {
        deadline.store(t ? t->time_since_epoch().count() : kNoDeadline, std::memory_order_relaxed);
    }
    bool past_deadline() const {
        const Clock::rep d = deadline.load(std::memory_order_relaxed);
        return d != kNoDeadline && Clock::now().time_since_epoch().count() >= d;
    }

    Heuristic heuristic = Heuristic::StoreDiff;
    /// Under Heuristic::Learned, the network of the game (not owned); none: fitted.
    const LearnedNetwork* network = nullptr;
    bool reuse_deeper_results = true;
    /// Late move reductions (Step 10 of the search): off in proofs, and when the search
    /// must return exact depth-d minimax values (reuse_deeper_results off).
    bool reductions = false;
    int total_stones = 0;  ///< constant through a game: stones leave the pits only for the stores
    TranspositionTable* tt = nullptr;
    BusyNodes* busy = nullptr;  ///< with more than one thread
    /// Exact values of every position with at most `endgame_stones` stones in the pits.
    const EndgameOracle* endgame = nullptr;
    int endgame_stones = -1;
    /// The database's values are only the game's in sign (EndgameOracle::exact_under).
    bool endgame_signs_only = false;
    /// Nodes with at most this many stones in the pits skip the table (untabled_stones()).
    int untabled_stones = -1;
    /// Nodes with at most this many stones in the pits try no enhanced transposition
    /// cutoffs (kEtcStonesAboveDatabase).
    int no_etc_stones = -1;
    /// In a proof pass with helpers, the side (static_cast<int>(Side)) whose nodes the
    /// pass is expected to refute every move of; -1: not known. At such a node every
    /// child is searched, so the threads split the children at once, the first one too,
    /// rather than all searching the first before putting any off (ABDADA's rule, made
    /// for nodes that may cut off after it).
    std::atomic<int> fail_low_side{-1};
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> nodes{0};  ///< flushed from the workers now and then
    /// When the workers stop (ticks of Clock's epoch; none: never). The main thread
    /// moves it between iterations (TimeManager) while the helpers read it.
    std::atomic<Clock::rep> deadline{kNoDeadline};
    const std::atomic<bool>* caller_stop = nullptr;  ///< SearchLimits::stop
    std::optional<std::uint64_t> node_limit;
    /// Called now and then by the thread that reports (see SearchWorker::report_progress).
    std::function<void()> on_tick;
    Clock::duration tick_interval{};
};

/// The outcome of searching one root move.
struct RootScore {
    int move = -1;
    int score = 0;  ///< points the mover gains from the root on with this move
    bool proven = false;
    /// Only scoring the best few moves: this one is no better than the last of them
    /// (its score is just that bound).
    bool excluded = false;
};

/// Where a worker's root search stands: the move it is searching, the `index`-th
/// (from 1) of `count` (none: move -1).
struct RootProgress {
    int move = -1;
    int index = 0;
    int count = 0;
};

template <class Board>
class SearchWorker {
public:
    using Ops = BoardOps<Board>;
    using Context = typename Ops::Context;

    SearchWorker(SharedSearch& shared, const Context& context)
        : shared_(shared),
          context_(context),
          extra_turns_(rule::earns_extra_turn(Ops::rules(context))),
          repetitions_(Ops::rules(context).repetition) {}

    /// Searches the root to `depth` within (alpha, beta), moves in `order`. Returns
    /// the best move and score; `scores` (if given) receives every root move, each
    /// searched with a full window, or, with `multipv` above 0, exactly while it may be
    /// among the best `multipv` (the others marked `excluded`, their score a bound).
    RootScore search_root(const Board& root, int depth, int alpha, int beta, const std::vector<int>& order,
                          std::vector<RootScore>* scores, int multipv = 0);

    std::uint64_t nodes() const { return nodes_; }
    /// The root move this worker is on; read it on the worker's own thread (a tick).
    const RootProgress& root_progress() const { return root_progress_; }
    void flush_nodes();
    bool stopped() const { return aborted_ || shared_.stop.load(std::memory_order_relaxed); }
    /// A helper searching proof pass `pass`: it stops (as if stopped) soon after
    /// the main thread moves on to another pass.
    void follow_pass(const ProofPasses& passes, std::uint32_t pass) {
        passes_ = &passes;
        pass_ = pass;
        aborted_ = false;
    }

    /// The main thread of a proof, searching pass `pass`: once a helper has answered
    /// it, this worker gives its own search up (as if stopped) and search_root returns
    /// the helper's answer instead.
    void accept_answers(const ProofPasses& passes, std::uint32_t pass) {
        answers_ = &passes;
        answer_pass_ = pass;
    }

    /// This worker calls shared.on_tick (the engine's main thread does).
    void report_progress() { reports_ = true; }

    /// The principal variation from `root` read back from the transposition table
    /// (each entry's move, exact or a bound's), at most `max_length` moves.
    std::vector<int> principal_variation(const Board& root, int first_move, int max_length) const;

private:
    /// A node under search: its window as it came, and the best child so far.
    struct Node {
        std::uint64_t key;
        int depth;
        int alpha;  ///< as it came: the table's bound compares the result with it
        int beta;
        std::uint64_t estimates;  ///< estimates_ when its children's search began
        std::uint64_t nodes;      ///< nodes_ when it was entered
        bool use_table;
        int best = -kScoreInfinity;
        int best_move = -1;
    };
    /// What the table says of a node: the move to try first, and a score that settles it.
    struct TableProbe {
        int move = -1;
        std::optional<int> cutoff;
    };
    /// A child's bound from the table that makes its parent fail high (enhanced transposition cutoff).
    struct EtcCut {
        int value;
        int move;
    };

    /// `key` is the position's table key when depth >= kMinTableDepth (the parent computed it).
    int search(const Board& p, std::uint64_t key, int depth, int alpha, int beta);
    TableProbe probe_table(std::uint64_t key, int depth, int alpha, int beta);
    /// Whether a node `depth` plies from the horizon keeps its entry in the near table.
    bool near_table(int depth) const { return depth <= kNearDepth && shared_.tt->uses_near_table(); }
    std::optional<EtcCut> etc_cutoff(const ChildList<Board>& children, int depth, int beta);
    /// Records the node's result in the table (when it uses one) and returns it.
    int finish(const Node& node);
    void make_child(Child<Board>& c, const Board& p, int move, int depth);
    /// Reads the database value make_child fetched, if any: the child is then known.
    void settle_child(Child<Board>& c);
    int child_search(const Child<Board>& c, int depth, int alpha, int beta);
    /// Whether another thread is searching the child `move` leads to.
    bool busy_child(const Board& p, int move) const;
    /// Searches the child reached by `move` and returns its value for the mover of `p`.
    int child_value(const Board& p, int move, int depth, int alpha, int beta);
    int frontier(const Board& p, int alpha, int beta);
    int leaf_value(const Board& p) const;
    /// The value of a position that repeats one on the path: the game ends and each side
    /// takes the stones in its own row.
    int repetition_value(const Board& p) const {
        const Side me = p.to_move();
        return kPointsPerStone * (Ops::row_stones(p, context_, me) - Ops::row_stones(p, context_, opponent(me)));
    }
    /// The stones still in `p`'s pits, from its stores (two reads, not a sum over the rows).
    int stones_in_pits(const Board& p) const {
        return shared_.total_stones - p.store(Side::South) - p.store(Side::North);
    }
    /// The exact value of `p` (in points) from the endgame database; `stones` are those in its pits.
    int endgame_value(const Board& p, int stones) const;
    /// Where the database keeps that value (in stones).
    const std::int8_t* endgame_address(const Board& p, int stones) const;
    void count_node() {
        ++nodes_;
        if (++unflushed_ >= kCheckInterval) check_limits();
    }
    void check_limits();
    bool usable(const TTEntry& e, int depth) const {
        return shared_.reuse_deeper_results ? (e.proven || e.depth >= depth) : e.depth == depth;
    }

    SharedSearch& shared_;
    const Context& context_;
    const bool extra_turns_;  ///< the rules give an extra turn: search() tries one first, on its own
    /// The rules end the game on a repeated position: search() compares each node with
    /// the positions on its path (`path_`), the root's included. The boards themselves
    /// are compared, not their keys: a node near the leaves needs no key otherwise.
    const bool repetitions_;
    struct PathStep {
        Board board;
        int stones;  ///< in the pits: never more than at the step before
    };
    std::vector<PathStep> path_;
    RootProgress root_progress_;
    std::uint64_t nodes_ = 0;
    std::uint64_t unflushed_ = 0;
    // Heuristic leaves and unproven table cutoffs seen so far. A subtree whose
    // search leaves it unchanged was searched to the end of every line: its
    // result is proven, and the table keeps it for any depth.
    std::uint64_t estimates_ = 0;
    bool reports_ = false;
    Clock::time_point next_tick_{};
    const ProofPasses* passes_ = nullptr;  ///< a helper's proof passes, once it follows them
    std::uint32_t pass_ = 0;
    const ProofPasses* answers_ = nullptr;  ///< the main thread's passes, once helpers answer them
    std::uint32_t answer_pass_ = 0;
    bool aborted_ = false;  ///< a helper's pass was superseded, or the main thread's answered
    /// The children of the node at each remaining depth (see ChildList).
    std::vector<ChildList<Board>> children_;
    /// The children of a frontier node (never nested): a member, so that no call constructs them.
    std::array<Child<Board>, kMaxPits> leaves_;
};

extern template class SearchWorker<Position>;
extern template class SearchWorker<PackedBoard>;
extern template class SearchWorker<WidePackedBoard>;
extern template class SearchWorker<CyclicBoard>;

}  // namespace mancala::search
