#pragma once
// A book of openings: positions written one per line, for matches played from
// chosen positions rather than random ones, e.g. positions whose exact value is
// near even (bench/balanced_openings.py), where the players' mistakes decide the
// games and not the colours.

#include "core/position.hpp"
#include "core/rules.hpp"

#include <cstddef>
#include <filesystem>
#include <string_view>
#include <vector>

namespace mancala::arena {

/// The largest book read: about 40 bytes a Kalah(6,4) position, so room for 100,000.
inline constexpr std::size_t kMaxOpeningBookBytes = 4 << 20;

/// The positions of a book's text, in order: one a line in the notation of
/// parse_position; anything from `#` on, and blank lines, ignored. Each must be
/// a position of `rules`' board with its stones (rules.pits pits, 2 x pits x seeds
/// stones), with a game left to play. Throws std::invalid_argument naming `source`,
/// the line and the problem, or an empty book.
std::vector<Position> parse_opening_book(std::string_view text, const Rules& rules, std::string_view source);

/// parse_opening_book of the file at `path` (at most kMaxOpeningBookBytes).
std::vector<Position> read_opening_book(const std::filesystem::path& path, const Rules& rules);

}  // namespace mancala::arena
