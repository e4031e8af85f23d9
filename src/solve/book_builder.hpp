#pragma once
// Builds an opening book (book/book.hpp) by walking the game from its start: at each
// position where the book must answer, the move a proof journal's split answer names
// (a proven bound) if it has one, else a deep search of the engine.
//
// The book answers for either colour. So the walk is two trees at once: one where
// South plays the book's move and North every move, one the other way round. A
// position of the first tree with South to move gets an entry and only its book
// move is followed there; with North to move every move is. The start is in both,
// so the first player's every first move is in the book (the second tree), and
// every reply to the book's first move (the first). A position both trees reach is
// searched once. The walk stops `plies` plies (moves, extra turns each one) from the
// start: the book's moves are the game's first `plies` plies. Each tree grows by the
// branching factor every two plies, so the book holds about 2 x b^(plies/2)
// positions.
//
// The book is written to FILE.partial as it grows (atomically, every
// `checkpoint_seconds` and when stopped) and to FILE at the end. A build that finds
// FILE.partial takes its entries instead of searching them again: with a depth limit
// the resumed book is byte for byte the uninterrupted one, since every search starts
// from an empty table.

#include "book/book.hpp"
#include "core/rules.hpp"
#include "search/endgame_oracle.hpp"
#include "solve/proof_journal.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace mancala::solve {

struct BookBuildProgress {
    int ply = 0;                    ///< of the positions being answered
    std::size_t entries = 0;        ///< in the book so far
    std::size_t from_journal = 0;   ///< of them, the journal's
    std::size_t searched = 0;       ///< of them, searched in this run
    std::size_t resumed = 0;        ///< of them, taken from FILE.partial
    std::size_t ply_done = 0;       ///< positions of this ply walked
    std::size_t ply_positions = 0;  ///< positions of this ply to walk
    double seconds = 0;
};

struct BookBuildOptions {
    int plies = 8;
    /// The engine's limit for each search: a depth in plies, or a time (one of them).
    std::optional<int> depth;
    std::optional<std::chrono::milliseconds> time;
    int threads = 1;
    std::size_t hash_mb = 64;
    /// Bounds proven by split answers (may be null). `journal_name` names it in the settings.
    const ProofJournal* journal = nullptr;
    std::string journal_name;
    /// Exact values at the search's leaves (may be null).
    const search::EndgameOracle* endgame = nullptr;
    double checkpoint_seconds = 10;
    /// Set to stop: the search under way is dropped, FILE.partial is written and
    /// build_book returns with `stopped`. nullptr: never.
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const BookBuildProgress&)> on_progress;
};

struct BookBuildReport {
    BookBuildProgress totals;
    bool stopped = false;
    std::filesystem::path written;  ///< FILE, or FILE.partial when stopped
};

/// "plies=8,depth=14,journal=kalah-6-6.journal": what a resumed build must match.
std::string book_settings(const BookBuildOptions& options);

/// Where the build keeps its book while it grows: `out` with ".partial" appended.
std::filesystem::path partial_path(const std::filesystem::path& out);

/// Builds the book of `rules` from its start into `out` (see above). Throws
/// std::invalid_argument for options out of range, a game over at the start, or a
/// FILE.partial of another game or other settings (naming it).
BookBuildReport build_book(const Rules& rules, const BookBuildOptions& options, const std::filesystem::path& out);

}  // namespace mancala::solve
