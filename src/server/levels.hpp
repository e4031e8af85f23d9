#pragma once
// The named difficulty levels the web page offers, each an agent spec.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::server {

struct Level {
    std::string_view name;
    std::string_view spec;
    std::string_view description;
    /// The level plays only the games whose proofs and endgame databases it rests on
    /// (agents::perfect_plays: the Kalah-shaped ones, Oware and the games like it): the
    /// perfect level. Other games refuse it (400).
    bool databases_only = false;
};

/// The level of a game between two people on one screen (pass and play): no agent, and
/// POST .../moves plays for whichever side is to move. Its spec is stored like an agent's,
/// but names none (the registry has no "human" agent, so it cannot be sent as an opponent).
inline constexpr std::string_view kTwoPlayerLevel = "human";
inline constexpr std::string_view kTwoPlayerSpec = "human";

/// Every level, easiest first, then the two-player one.
std::span<const Level> levels();

/// The level a new game gets when it names neither a level nor an opponent.
inline constexpr std::string_view kDefaultLevel = "medium";

/// The level called `name`, if there is one.
std::optional<Level> find_level(std::string_view name);

/// A level the server's operator adds: another program (`serve --allow-external
/// NAME=cmd:...`). Clients choose it by name; they can never name a program themselves.
struct ExternalLevel {
    std::string name;
    std::string spec;  ///< cmd:PATH [ARGS...]
    std::string description;
};

/// Parses NAME=cmd:PATH [ARGS...]; throws std::invalid_argument naming what is wrong (a
/// name that is not a word of lowercase letters, digits and '-', or the name of a built-in level).
ExternalLevel parse_external_level(std::string_view text);

}  // namespace mancala::server
