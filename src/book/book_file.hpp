#pragma once
// An opening book on disk: text, one JSON object a line, reviewable by eye and by diff.
// The first line is the header: the format and its version, the game (a rules string,
// core/rules_string.hpp, with the board's pits and seeds), how the book was built, the
// number of entries and a checksum (util/checksum.hpp) of the header's other fields and
// of every byte after it. Then one line an entry, e.g.
//   {"book":"mancala opening book","version":1,"rules":"kalah","pits":6,"seeds":6,
//    "settings":"plies=8,depth=14","entries":2,"checksum":"2f6c0b7d31a9e4c8"}
//   {"position":"6,6,6,6,6,6/6,6,6,6,6,6/0/0/S","move":1,"value":2,"bound":"at-least","how":"journal"}
//   {"position":"7,7,7,7,7,0/6,0,7,7,7,7/0/1/N","move":3,"value":-1.3,"bound":"estimate","how":"search","depth":14}
// A position is in the notation of core/notation.hpp; a move is a pit of the side to
// move in its sowing order (0 .. pits-1); a value is the side to move's final margin in
// stones. Reading checks everything, so a hostile file is refused, never trusted.

#include "book/book.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace mancala::book {

/// The largest book read: about 110 bytes an entry, so room for 150,000 entries.
inline constexpr std::size_t kMaxBookBytes = 16 << 20;
inline constexpr int kBookVersion = 1;

/// The file's text.
std::string book_text(const Book& book);

/// Writes the book at `path` atomically (util/atomic_file.hpp).
void write_book(const std::filesystem::path& path, const Book& book);

/// The book of `text`. Throws std::invalid_argument starting with `source` and naming
/// the problem (and the line): another format or version, a checksum that does not
/// match, a malformed line, a position that is not one of the header's game (its pits,
/// its stones, a game over), a move that is not legal there, a position given twice.
Book parse_book(std::string_view text, std::string_view source);

/// parse_book of the file at `path`, refused past kMaxBookBytes.
Book read_book(const std::filesystem::path& path);

/// Throws std::invalid_argument naming `source` when `book` is not of `rules` (the
/// game and its board size).
void require_rules(const Book& book, const Rules& rules, std::string_view source);

}  // namespace mancala::book
