#pragma once
// A proof shared by the processes of an MPI job: the root's moves are the pieces.
// The leader (rank 0) runs the warm-up search for a first guess and an order of
// the moves, then MTD(f) over the root (cluster/root_split.hpp): each pass hands
// one bound test per open move to the processes (itself included: its own tests
// run on a thread beside the coordination), cancels the rest of a pass at the
// first move that reaches the bound, and keeps every move's proven bounds for the
// next. Each process has its own engine, table and copy of the endgame database
// (built together beforehand, or read from a shared folder); a move goes back to
// the process that tested it before, whose table remembers the work.

#include "cluster/communicator.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"
#include "solve/game_solver.hpp"

#include <cstdint>
#include <vector>

namespace mancala::cluster {

/// What the processes did, as the leader saw it.
struct ProofTeamReport {
    int processes = 1;
    int passes = 0;
    std::uint64_t tests = 0;      ///< bound tests run (of one move each)
    std::uint64_t cancelled = 0;  ///< of those, stopped because their pass was settled
    std::vector<double> busy;     ///< seconds each process spent testing, by rank
    double seconds = 0;           ///< the split, from the warm-up on (the database excluded)
};

/// Solves `start` (which has a legal move) as solve::solve_position does, with
/// every process of `comm`; each calls it with the same arguments and gets the same
/// Solution. Retrograde analysis builds its tiers across the processes; the search
/// splits at the root. `report` (if given) hears how the work was shared.
solve::Solution solve_together(const Communicator& comm, const Rules& rules, const Position& start,
                               solve::SolveOptions options, const solve::SolveHooks& hooks,
                               ProofTeamReport* report = nullptr);

}  // namespace mancala::cluster
