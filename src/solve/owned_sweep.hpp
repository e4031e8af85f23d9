#pragma once
// A tier of the fast rules solved by processes that each hold only a block of
// every tier: the design for databases larger than one machine, after the Awari
// solver of Romein and Bal. Process p owns one contiguous block of each tier's
// indices. Layer by layer, in the order of solve/tier_sweep.hpp (every same-tier
// child lies in a nearer layer), each process plays the moves of its positions of
// the layer, sends each child it needs to the child's owner, one batch per process
// per round, answers the batches it receives from its own blocks, and takes the
// best of the answers. No process ever holds a whole tier.
//
// The trades are functions, so that the sweep runs the same under MPI (the cluster
// layer) and in one process's threads (the tests).

#include "core/rules.hpp"
#include "solve/tier_builder.hpp"
#include "solve/tier_index.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace mancala::solve {

/// Process p's block of a tier of `size` positions shared by `processes`: contiguous,
/// in process order, sizes differing by at most one.
IndexRange owned_block(std::uint64_t size, int processes, int p);
/// The process whose block holds `index`.
int owner_of(std::uint64_t size, int processes, std::uint64_t index);

/// This process's place among the others, and how it trades with them. Every
/// process calls each function the same number of times, in the same order.
struct OwnedTeam {
    int process = 0;
    int processes = 1;
    /// All-to-all: out[q] goes to process q; returns in[q], what process q sent this one.
    std::function<std::vector<std::vector<std::uint64_t>>(const std::vector<std::vector<std::uint64_t>>& out)>
        trade_questions;
    std::function<std::vector<std::vector<std::int8_t>>(const std::vector<std::vector<std::int8_t>>& out)>
        trade_answers;
    /// The largest of every process's `value`.
    std::function<std::uint64_t(std::uint64_t value)> max_all;
    /// Positions a process plays between two trades: bounds the batches' memory
    /// (about 6 questions of 8 bytes and their answers a position).
    std::uint64_t batch_positions = std::uint64_t{1} << 16;
};

/// What a process's sweep of one tier asked.
struct OwnedSweepStats {
    std::uint64_t questions = 0;  ///< children looked up, its own blocks' included
    std::uint64_t remote = 0;     ///< of those, in another process's block
    std::uint64_t rounds = 0;     ///< trades (each a question and an answer)
};

/// Solves this process's block of `tier` (has_fast_path(rules)) into `mine`, which
/// holds owned_block(index.size(tier), ...) entries; `lower[t]` is this process's
/// block of tier t for every t < tier. Together the blocks are sweep_tier's values.
OwnedSweepStats sweep_owned_block(const Rules& rules, const TierIndex& index, int tier,
                                  std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> mine,
                                  const OwnedTeam& team);

}  // namespace mancala::solve
