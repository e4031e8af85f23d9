#include "solve/cyclic_start_solver.hpp"

#include "core/rules_string.hpp"
#include "util/memory_usage.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::solve {

std::uint64_t default_build_memory_mb() { return physical_memory_bytes() / 4 * 3 / (1024 * 1024); }

std::uint64_t require_build_memory(const Rules& rules, const CyclicDatabase& db, int max_stones, bool shared,
                                   std::uint64_t bound_mb) {
    const std::uint64_t need_mb = (db.build_memory(max_stones, shared) + (1 << 20) - 1) >> 20;
    if (bound_mb > 0 && need_mb > bound_mb)
        throw std::invalid_argument(fmt::format(
            "building {} up to {} seeds needs about {} MiB at its peak ({} bytes a board of the largest tier while "
            "it is solved), more than --max-memory {} MiB",
            rules_string(rules), max_stones, need_mb, CyclicDatabase::bytes_per_board(shared), bound_mb));
    return need_mb;
}

CyclicSolution solve_by_cyclic_database(const Rules& rules, CyclicDatabase& db, const Position& position,
                                        int threads, std::uint64_t max_memory_mb,
                                        const std::function<void(const BuildProgress&)>& on_progress) {
    const int seeds = position.stones_in_pits();
    if (seeds > CyclicDatabase::kMaxStones)
        throw std::invalid_argument(
            fmt::format("{} seeds on the board: the databases hold up to {}", seeds, CyclicDatabase::kMaxStones));
    require_build_memory(rules, db, seeds, false, max_memory_mb);
    const std::size_t before = db.built_tiers().size();
    db.build(seeds, threads, on_progress);
    CyclicSolution s;
    for (std::size_t i = before; i < db.built_tiers().size(); ++i) s.built += db.built_tiers()[i].second.positions;
    s.margin = db.final_margin(position);
    if (!position.is_terminal(db.rules()))
        for (const int move : position.legal_moves(db.rules()))
            if (db.final_margin_after(position, move) == s.margin) s.best_moves.push_back(move);
    return s;
}

}  // namespace mancala::solve
