#include "solve/sweep_exchange.hpp"

#include <chrono>

namespace mancala::solve::tier_sweep {

/// After layer p, with every thread: this process's bytes packed, traded by the
/// calling thread, the others' spread into the tier. False if the trade failed.
bool exchange_layer(const Sweep& s, std::size_t p, bool calling) {
    LayerExchange& x = *s.exchange;
    const auto started = std::chrono::steady_clock::now();
    for (std::size_t k; (k = x.packed[p].fetch_add(1, std::memory_order_relaxed)) < s.mine[p].size();) {
        const std::size_t t = s.mine[p][k];
        std::int8_t* to = x.out.data() + x.offset[t];
        for_each_position(s.rows, s.plan.tasks[t], [&](std::uint64_t i) { *to++ = s.values[i]; });
    }
    s.layer_done.arrive_and_wait();
    if (calling) {
        try {
            x.trade(p);
        } catch (...) {
            s.failed = true;
            s.layer_done.arrive_and_wait();
            throw;
        }
    }
    s.layer_done.arrive_and_wait();
    if (s.failed.load()) return false;
    for (std::size_t k; (k = x.spread[p].fetch_add(1, std::memory_order_relaxed)) < x.others[p].size();) {
        const std::size_t t = x.others[p][k];
        const std::int8_t* from = x.in.data() + x.offset[t];
        for_each_position(s.rows, s.plan.tasks[t], [&](std::uint64_t i) { s.values[i] = *from++; });
    }
    s.layer_done.arrive_and_wait();
    if (calling) x.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

}  // namespace mancala::solve::tier_sweep
