#include "solve/sweep_schedule.hpp"

#include "solve/weighted_deal.hpp"

#include <algorithm>

namespace mancala::solve::tier_sweep {

Schedule schedule(const Rows& rows) {
    constexpr std::uint64_t kTaskPositions = 1 << 12;
    Schedule s;
    const int tier = rows.tier, n = rows.n;
    for (int layer = 0; layer <= rows.max_distance; ++layer) {
        s.layer_start.push_back(s.tasks.size());
        for (int mine = 0; mine <= tier; ++mine) {
            const int theirs = tier - mine;
            for (int near = std::max(0, layer - n * theirs); near <= std::min(layer, n * mine); ++near) {
                const std::uint32_t gx = rows.group(mine, near), gy = rows.group(theirs, layer - near);
                const std::uint32_t xs = rows.first(gx), xe = rows.last(gx), ys = rows.first(gy),
                                    ye = rows.last(gy);
                if (xs == xe || ys == ye) continue;
                const std::uint64_t per_x = ye - ys;
                const auto step = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, kTaskPositions / per_x));
                for (std::uint32_t x = xs; x < xe; x += std::min(step, xe - x))
                    s.tasks.push_back({x, x + std::min(step, xe - x), ys, ye});
            }
        }
    }
    s.layer_start.push_back(s.tasks.size());
    return s;
}

/// Which process solves each task: in proportion to the weights (WeightedDeal). One process: all.
std::vector<int> task_owners(const Schedule& plan, std::span<const double> weights) {
    std::vector<int> owner(plan.tasks.size(), 0);
    if (weights.size() <= 1) return owner;
    const WeightedDeal deal(weights);
    for (std::size_t t = 0; t < owner.size(); ++t) owner[t] = deal.taker(t);
    return owner;
}

}  // namespace mancala::solve::tier_sweep
