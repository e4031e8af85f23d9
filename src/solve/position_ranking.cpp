#include "solve/position_ranking.hpp"

#include <fmt/format.h>

#include <array>
#include <stdexcept>

namespace mancala::solve {

namespace {

constexpr int kMaxCells = 2 * kMaxPits + 2;

// The pit counts of `p` in cell order, stores skipped: South's pits, then North's.
int pit_counts(const Position& p, std::array<int, kMaxCells>& out) {
    int k = 0;
    for (Side side : {Side::South, Side::North})
        for (int i = 0; i < p.pits(); ++i) out[static_cast<std::size_t>(k++)] = p.pit(side, i);
    return k;
}

std::uint64_t with_side(std::uint64_t index, Side side) { return 2 * index + (side == Side::North ? 1 : 0); }

}  // namespace

TierRanking::TierRanking(int pits, int max_stones) : pits_(pits), compositions_(max_stones, 2 * pits) {
    if (pits < 1 || pits > kMaxPits)
        throw std::invalid_argument(fmt::format("pits per side must be between 1 and {}, got {}", kMaxPits, pits));
}

std::uint64_t TierRanking::rank(const Position& p) const {
    if (p.pits() != pits_)
        throw std::invalid_argument(fmt::format("a {}-pit position in a {}-pit ranking", p.pits(), pits_));
    std::array<int, kMaxCells> counts{};
    const int k = pit_counts(p, counts);
    return with_side(compositions_.rank(std::span<const int>(counts.data(), static_cast<std::size_t>(k))),
                     p.to_move());
}

Position TierRanking::unrank(int stones, std::uint64_t index) const {
    std::array<int, kMaxCells> counts{};
    const auto n = static_cast<std::size_t>(pits_);
    compositions_.unrank(stones, index / 2, std::span<int>(counts.data(), 2 * n));
    return Position::from_counts(std::span<const int>(counts.data(), n), std::span<const int>(counts.data() + n, n),
                                 0, 0, index % 2 ? Side::North : Side::South);
}

StateRanking::StateRanking(int pits, int total) : pits_(pits), total_(total), compositions_(total, 2 * pits + 2) {
    if (pits < 1 || pits > kMaxPits)
        throw std::invalid_argument(fmt::format("pits per side must be between 1 and {}, got {}", kMaxPits, pits));
}

std::uint64_t StateRanking::rank(const Position& p) const {
    if (p.pits() != pits_ || p.total_stones() != total_)
        throw std::invalid_argument(
            fmt::format("position {} is not a {}-pit board of {} stones", to_string(p), pits_, total_));
    std::array<int, kMaxCells> counts{};
    int k = pit_counts(p, counts);
    counts[static_cast<std::size_t>(k++)] = p.store(Side::South);
    counts[static_cast<std::size_t>(k++)] = p.store(Side::North);
    return with_side(compositions_.rank(std::span<const int>(counts.data(), static_cast<std::size_t>(k))),
                     p.to_move());
}

Position StateRanking::unrank(std::uint64_t index) const {
    std::array<int, kMaxCells> counts{};
    const auto n = static_cast<std::size_t>(pits_);
    compositions_.unrank(total_, index / 2, std::span<int>(counts.data(), 2 * n + 2));
    return Position::from_counts(std::span<const int>(counts.data(), n), std::span<const int>(counts.data() + n, n),
                                 counts[2 * n], counts[2 * n + 1], index % 2 ? Side::North : Side::South);
}

}  // namespace mancala::solve
