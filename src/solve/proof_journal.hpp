#pragma once
// The pieces of a split proof that have been answered, kept in a file so that a run
// stopped at any point loses at most the piece under way: a rerun with the same
// journal takes every answer recorded and searches only what is left.
//
// Every question in one journal is about the first player's (South's) final margin:
// "is it at least V?" asked of a position, whoever is to move there. The file is one
// JSON object a line: a header naming the game, then one line a piece, e.g.
//   {"journal":"mancala proof pieces","rules":"kalah","pits":6,"seeds":6}
//   {"position":"6,6,6,6,6,6/6,6,0,7,7,7/0/1/N","at_least":2,"holds":true,"how":"search","nodes":123,"seconds":4.5}
//   {"position":"6,6,6,6,6,6/6,6,6,6,6,6/0/0/S","at_least":2,"holds":true,"how":"split","move":2,...}
// and is rewritten whole (atomically) at each record.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mancala::solve {

/// One answered question: does the first player's final margin from `position`
/// reach `at_least`?
struct JournalEntry {
    Position position;
    int at_least = 0;
    bool holds = false;
    /// "search": one proof search answered it; "split": its children's answers did.
    std::string how = "search";
    /// A split's move that settled it (the first player's that reaches the bound, or
    /// the second player's that keeps it out of reach); -1: none named.
    int move = -1;
    std::uint64_t nodes = 0;  ///< searched for this answer (a split's: its own pieces')
    double seconds = 0;
};

class ProofJournal {
public:
    /// Reads `path` if it exists (else starts an empty journal there). Throws
    /// std::invalid_argument naming the file and line when it is not a journal of
    /// `rules`, or a line is malformed.
    ProofJournal(std::filesystem::path path, const Rules& rules);

    /// The entry that answers "is the first player's margin from `position` at least
    /// `at_least`?", by its own question or one that implies it (at least V holds, so
    /// does every smaller bound; fails, so does every larger); null: none does.
    const JournalEntry* answer(const Position& position, int at_least) const;

    /// Adds an answer and rewrites the file (atomically, synced) before returning.
    void record(const JournalEntry& entry);

    const std::vector<JournalEntry>& entries() const { return entries_; }
    const std::filesystem::path& path() const { return path_; }

    /// The most a journal file may hold (each line is about 150 bytes).
    static constexpr std::uintmax_t kMaxBytes = 256u << 20;

private:
    void save() const;

    std::filesystem::path path_;
    Rules rules_;
    std::vector<JournalEntry> entries_;
};

}  // namespace mancala::solve
