#pragma once
// How a tier's positions are dealt among the processes of a distributed build:
// in stripes (runs of consecutive indices), each process taking a number of
// stripes in proportion to its weight (its measured rate of solving), spread
// over the whole tier by a low-discrepancy sequence, so that each process gets
// a sample of every region of the index (whose cost per position varies) rather
// than one block of it.

#include "solve/tier_builder.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace mancala::cluster {

/// The runs of [0, size) that process `rank` of weights.size() solves. Weights are
/// positive (a process's expected positions per second); the shares of all ranks
/// are disjoint and cover the tier. Every process computes every share alike from
/// the same weights, so they need no message to agree.
std::vector<solve::IndexRange> tier_share(std::uint64_t size, std::span<const double> weights, int rank);

}  // namespace mancala::cluster
