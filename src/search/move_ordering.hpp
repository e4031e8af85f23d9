#pragma once
// What the engine learns about move order as it searches: killer moves per ply
// and a history of cutoffs per side and pit. The order itself (table move, extra
// turns, captures, killers, history) is decided in search_worker.cpp, where the
// children are made.

#include "core/position.hpp"

#include <array>

namespace mancala::search {

struct OrderingTables {
    std::array<std::array<int, kMaxPits>, 2> history{};  ///< [side][pit]: cutoffs weighted by depth^2
    std::array<std::array<int, 2>, 128> killers{};       ///< [ply]: two quiet moves that cut off recently

    void clear() {
        for (auto& side : history) side.fill(0);
        for (auto& k : killers) k = {-1, -1};
    }
    void reward(Side side, int pit, int depth, int ply) {
        int& h = history[static_cast<std::size_t>(index_of(side))][static_cast<std::size_t>(pit)];
        h += depth * depth;
        if (h > (1 << 18))
            for (auto& s : history)
                for (int& x : s) x /= 2;
        auto& k = killers[static_cast<std::size_t>(ply & 127)];
        if (k[0] != pit) {
            k[1] = k[0];
            k[0] = pit;
        }
    }
};

}  // namespace mancala::search
