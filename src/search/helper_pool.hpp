#pragma once
// Lazy SMP: helper threads search the same root as the main thread, half of them
// one ply deeper, and share what they learn through the transposition table;
// only the main thread's result counts. In a proof, once their warm-up is over,
// they join each null-window pass the main thread begins; BusyNodes (owned here,
// as only helpers make it worth its cost) steers the threads into different
// subtrees, and the table passes their proven bounds on. A helper that finishes
// a pass first hands the main thread its answer (see ProofPasses).

#include "search/busy_nodes.hpp"
#include "search/proof_passes.hpp"
#include "search/search_worker.hpp"

#include <memory>
#include <thread>
#include <vector>

namespace mancala::search {

template <class Board>
class HelperPool {
public:
    using Context = typename BoardOps<Board>::Context;

    /// Starts `count` helpers (none: the pool does nothing). Each deepens from ply 1
    /// or 2 to `deepen_to`, root moves in `order`, then with `join_proof_passes`
    /// follows the passes begun by begin_pass() until stop().
    HelperPool(SharedSearch& shared, const Context& context, const Board& root, std::vector<int> order, int count,
               int deepen_to, bool join_proof_passes);
    ~HelperPool() { stop(); }
    HelperPool(const HelperPool&) = delete;
    HelperPool& operator=(const HelperPool&) = delete;

    /// The main thread begins a proof pass "is the value at least beta?": helpers join
    /// it, and `main` takes the answer of the first helper to finish it.
    void begin_pass(int beta, SearchWorker<Board>& main) {
        if (!threads_.empty()) main.accept_answers(passes_, passes_.open(beta));
    }
    /// Stops the search (shared.stop) and joins the helpers; nodes they counted are flushed.
    void stop();

private:
    void run(int index);

    SharedSearch& shared_;
    const Context& context_;
    const Board& root_;
    const std::vector<int> order_;
    const int deepen_to_;
    const bool join_proof_passes_;
    std::unique_ptr<BusyNodes> busy_;
    ProofPasses passes_;
    std::vector<std::jthread> threads_;
};

extern template class HelperPool<Position>;
extern template class HelperPool<PackedBoard>;
extern template class HelperPool<WidePackedBoard>;
extern template class HelperPool<CyclicBoard>;

}  // namespace mancala::search
