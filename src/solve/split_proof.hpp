#pragma once
// A bound proof split into pieces, each a proof search that finishes and is recorded,
// so that a proof too long for one run (Kalah(6,6)) can be done a piece at a time
// and resumed after any stop.
//
// The question is the same at every node: is the first player's final margin at
// least V? (margins count the stores, so it means the same whoever is to move.) A
// node where the first player moves answers yes when one child does; a node where
// the second player moves, when every child does. The tree is expanded to
// `split_plies` plies from the root, and below that wherever a piece's search runs
// past `piece_seconds` (it is abandoned and its children asked instead; the table
// keeps what it learnt). Children are tried in the order a short search expects to
// settle the node soonest: the mover's best first; with a time limit, each child's
// piece is searched once before any of them is split, since the child that settles
// the node is often not the first in that order.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/engine.hpp"
#include "solve/proof_journal.hpp"
#include "solve/proof_stopped.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace mancala::solve {

struct SplitOptions {
    int split_plies = 0;                  ///< expand the tree this far before any search
    std::optional<double> piece_seconds;  ///< a piece searching longer is split instead; none: never
    int ordering_depth = 12;              ///< plies of the search that orders a node's children
    int warmup_depth = search::kProveWarmupDepth;
    /// Set to stop: the piece under way ends unanswered, and prove_split throws
    /// ProofStopped (the journal keeps every answer so far). nullptr: never.
    const std::atomic<bool>* stop = nullptr;
};

/// What became of a piece: its search began, answered, ran past piece_seconds (and
/// was split), or its answer was in the journal.
enum class PieceStage { Started, Answered, Abandoned, FromJournal };

/// One piece's news.
struct PieceReport {
    std::vector<int> line;  ///< moves from the root, each the mover's pit index
    Position position;
    PieceStage stage = PieceStage::Answered;
    bool holds = false;  ///< answered or from the journal: the answer
    std::uint64_t nodes = 0;
    double seconds = 0;
};

struct SplitResult {
    bool holds = false;
    /// The first player to move at the root and the bound holding: the move that proved it.
    int move = -1;
    std::uint64_t nodes = 0;  ///< searched in this run, abandoned pieces and ordering included
    int pieces_searched = 0;  ///< answered by a search in this run
    int pieces_abandoned = 0;
    int pieces_from_journal = 0;
};

/// Is the first player's (South's) final margin from `root` at least `at_least`?
/// `engine` searches every piece (its table is kept between them); `journal` (may be
/// null) gives answers recorded before and gets every new one; `on_piece` hears of
/// each piece. `root` must not be over.
SplitResult prove_split(const Rules& rules, const Position& root, int at_least, search::Engine& engine,
                        const SplitOptions& options, ProofJournal* journal,
                        const std::function<void(const PieceReport&)>& on_piece = {},
                        search::SearchObserver* observer = nullptr);

}  // namespace mancala::solve
