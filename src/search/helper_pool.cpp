#include "search/helper_pool.hpp"

#include <utility>

namespace mancala::search {

template <class Board>
HelperPool<Board>::HelperPool(SharedSearch& shared, const Context& context, const Board& root,
                              std::vector<int> order, int count, int deepen_to, bool join_proof_passes)
    : shared_(shared),
      context_(context),
      root_(root),
      order_(std::move(order)),
      deepen_to_(deepen_to),
      join_proof_passes_(join_proof_passes) {
    if (count <= 0) return;
    busy_ = std::make_unique<BusyNodes>();
    shared_.busy = busy_.get();
    for (int index = 1; index <= count; ++index) threads_.emplace_back([this, index] { run(index); });
}

template <class Board>
void HelperPool<Board>::stop() {
    shared_.stop = true;
    if (threads_.empty()) return;
    passes_.close();
    threads_.clear();  // joins
}

template <class Board>
void HelperPool<Board>::run(int index) {
    SearchWorker<Board> worker(shared_, context_);
    for (int depth = 1 + (index & 1); depth <= deepen_to_ && !worker.stopped(); ++depth)
        worker.search_root(root_, depth, -kScoreInfinity, kScoreInfinity, order_, nullptr);
    if (join_proof_passes_) {
        std::uint32_t done = 0;
        while (const auto pass = passes_.wait_after(done)) {
            worker.follow_pass(passes_, pass->id);
            const RootScore result =
                worker.search_root(root_, kProveDepth, pass->beta - 1, pass->beta, order_, nullptr);
            if (!worker.stopped() && result.move >= 0)
                passes_.answer(pass->id, {result.move, result.score, result.proven});
            done = pass->id;
        }
    }
    worker.flush_nodes();
}

template class HelperPool<Position>;
template class HelperPool<PackedBoard>;
template class HelperPool<WidePackedBoard>;
template class HelperPool<CyclicBoard>;

}  // namespace mancala::search
