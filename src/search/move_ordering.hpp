#pragma once
// The order in which the engine tries moves: the transposition-table move, then
// moves that earn an extra turn (the one nearest the store first, since sowing it
// leaves the others intact), then captures by size, then killers and history.

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

/// Moves of `p` in the order to try them. `tt_move` may be -1.
class OrderedMoves {
public:
    template <class Board>
    OrderedMoves(const Board& p, const Rules& rules, int tt_move, const OrderingTables& tables, int ply) {
        const Side side = p.to_move();
        const int n = p.pits();
        const int loop = 2 * n + 1;
        const int base = p.first_pit(side);
        const auto& killers = tables.killers[static_cast<std::size_t>(ply & 127)];
        for (int i = 0; i < n; ++i) {
            const int stones = p.pit(side, i);
            if (stones == 0) continue;
            int score;
            if (i == tt_move) {
                score = 1 << 30;
            } else if (stones % loop == n - i) {
                score = (1 << 28) + i;  // extra turn
            } else {
                score = tables.history[static_cast<std::size_t>(index_of(side))][static_cast<std::size_t>(i)];
                if (stones < loop && rules.capture != CaptureRule::Never) {
                    const int land = (i + stones) % loop;  // in the mover's loop: own pits, store, other pits
                    if (land < n && land != i && p.cell(base + land) == 0) {
                        const int across = p.cell(2 * n - (base + land));
                        if (across > 0 || rules.capture == CaptureRule::Always) score = (1 << 26) + across;
                    }
                }
                if (score < (1 << 26) && (i == killers[0] || i == killers[1]))
                    score = (1 << 25) + (i == killers[0]);
            }
            insert(i, score);
        }
    }

    int size() const { return size_; }
    int operator[](int k) const { return moves_[static_cast<std::size_t>(k)]; }

private:
    void insert(int move, int score) {
        int k = size_++;
        while (k > 0 && scores_[static_cast<std::size_t>(k - 1)] < score) {
            moves_[static_cast<std::size_t>(k)] = moves_[static_cast<std::size_t>(k - 1)];
            scores_[static_cast<std::size_t>(k)] = scores_[static_cast<std::size_t>(k - 1)];
            --k;
        }
        moves_[static_cast<std::size_t>(k)] = move;
        scores_[static_cast<std::size_t>(k)] = score;
    }

    std::array<int, kMaxPits> moves_{};
    std::array<int, kMaxPits> scores_{};
    int size_ = 0;
};

}  // namespace mancala::search
