#pragma once
// A transposition table saved to a file and read back: what a long proof has
// learnt, kept across a stop. Every entry of a proof's table is a true bound on the
// value of a position (the stores left out, see position_key), so a proof that
// starts again from its saved table walks back over every subtree it had proven at
// the cost of a probe, and searches only what it had not.
//
// The file: a header (a magic line, the byte order, the format version, the entry
// layout, the slot count, the table's generation and the game it is for), the slots
// as the table holds them (two 64-bit words each), and a checksum of those words.
// Reading refuses a file of another version, layout or game, a truncated one and a
// damaged one, naming the file and the problem, and leaves the table empty then.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/transposition_table.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace mancala::search {

/// What a table file's entries are about: the rules, the pits and the stones of a
/// game, and the key the engine files one fixed position of it under, so that a
/// table keyed by another build is refused rather than misread.
std::string table_game(const Rules& rules, int total_stones);

struct TableFileReport {
    std::size_t slots = 0;    ///< the slots in the file
    std::size_t entries = 0;  ///< of them, the ones holding an entry
    std::uint64_t bytes = 0;  ///< the file's size
    double seconds = 0;
};

/// Writes the main table of `table` to `path` atomically (the old file, if any, stays
/// until the new one is complete), for `game` (table_game). The table may be in use
/// by searches meanwhile. Throws std::runtime_error naming the path on failure.
TableFileReport save_table(const TranspositionTable& table, const std::filesystem::path& path,
                           std::string_view game);

/// Checks the header of `path` (quick: the slots are not read): throws as
/// load_table does for a file that is not a table of this format for `game`, or not
/// of the size its header says.
void check_table_file(const std::filesystem::path& path, std::string_view game);

/// Reads `path` into `table`, which may be of another size (its entries are then
/// filed where their keys belong, as stores would). The table's entries so far are
/// replaced. Throws std::invalid_argument naming the path and what is wrong with it
/// (and leaves the table empty) when it is not a table file of this format for `game`,
/// is truncated, or its checksum fails.
TableFileReport load_table(TranspositionTable& table, const std::filesystem::path& path, std::string_view game);

}  // namespace mancala::search
