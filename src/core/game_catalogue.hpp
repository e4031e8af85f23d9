#pragma once
// The catalogue of named games: sections of an INI text that inherit from one
// another, as Fairy-Stockfish's variants.ini does:
//
//   [oware]
//   description = Oware Abapa, ...
//   source = https://...
//   pits = 6
//   stores-on-ring = no
//   [awari:oware]            ; every key of oware, then these
//   grand-slam = forbidden
//
// The built-in games (src/core/games.ini) are compiled into the binary; a user's own
// file (`--games FILE`) adds more, each checked on load. Every refusal names the
// file, the line and the field.

#include "core/rules.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

struct GameEntry {
    std::string name;
    std::string parent;  ///< the game it inherits from; empty for none
    std::string description;
    std::string source;  ///< where its rules were taken from
    Rules rules;         ///< with the game's own board size
    std::string origin;  ///< "built in", or the file it was loaded from
};

class GameCatalogue {
public:
    /// Adds the games of the INI `text`, `where` naming it in messages ("games.ini").
    /// Throws std::invalid_argument "where:line: problem" for a malformed line, an unknown
    /// key or parent, a bad value, a game defined twice, or a game that cannot be played;
    /// nothing is added then.
    void add(std::string_view text, std::string_view where);

    /// The game called `name`, or nullptr.
    const GameEntry* find(std::string_view name) const;
    /// The game called `name`; throws std::invalid_argument listing the known games otherwise.
    const GameEntry& get(std::string_view name) const;
    /// Every game, in the order defined (the built-in ones first).
    std::span<const GameEntry> games() const { return games_; }

private:
    std::vector<GameEntry> games_;
};

/// The built-in catalogue's text (src/core/games.ini).
std::string_view builtin_games_text();

/// The process's catalogue: the built-in games, and those added by load_games_file.
/// Read freely; only load_games_file changes it, which a command does first, before it
/// starts any other thread.
const GameCatalogue& game_catalogue();

/// Adds the games of the INI file at `path` to the process's catalogue. Throws
/// std::invalid_argument naming the file (and line) when it cannot be read or is refused.
void load_games_file(const std::string& path);

}  // namespace mancala
