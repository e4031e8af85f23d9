#pragma once
// An opening book: for positions of one game, the move to play and what is known of
// its value, found before the game by proofs (a proof journal's split answers) or by
// deep searches (solve/book_builder.hpp). book_file.hpp reads and writes it; the
// engine agent (book=FILE) plays its moves without searching.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mancala::book {

/// What the entry's value is of the position's value (the side to move's final margin).
enum class Bound { exact, at_least, at_most, estimate };
/// How the entry was found.
enum class Source {
    journal,  ///< a proof journal's split answer named the move, with a proven bound
    search,   ///< a search of the engine (to a depth, or for a time)
};

std::string_view to_string(Bound bound);
std::string_view to_string(Source source);
/// nullopt for a word that names none.
std::optional<Bound> parse_bound(std::string_view text);
std::optional<Source> parse_source(std::string_view text);

struct BookEntry {
    Position position;
    int move = -1;     ///< a legal pit of the side to move, in its sowing order (0 .. pits-1)
    double value = 0;  ///< the side to move's final margin in stones, as `bound` says
    Bound bound = Bound::estimate;
    Source how = Source::search;
    int depth = 0;    ///< search: the deepest iteration completed, in plies
    int time_ms = 0;  ///< search: the time it was given (0: a depth limit)

    friend bool operator==(const BookEntry&, const BookEntry&) = default;
};

class Book {
public:
    /// An empty book of `rules` (board size included). `settings` says how it was built
    /// ("plies=8,depth=14,journal=kalah-6-6.journal"): a resumed build must match it.
    explicit Book(Rules rules, std::string settings = {});

    const Rules& rules() const { return rules_; }
    const std::string& settings() const { return settings_; }
    const std::vector<BookEntry>& entries() const { return entries_; }
    std::size_t size() const { return entries_.size(); }

    /// Adds an entry. Throws std::invalid_argument for a position already in the book.
    void add(const BookEntry& entry);

    /// The entry of exactly `position` (pits, stores, side to move), or null.
    const BookEntry* find(const Position& position) const;

private:
    struct KeyOf {
        std::size_t operator()(const Position& p) const;
    };

    Rules rules_;
    std::string settings_;
    std::vector<BookEntry> entries_;
    std::unordered_map<Position, std::size_t, KeyOf> index_;  ///< position -> its entry
};

}  // namespace mancala::book
