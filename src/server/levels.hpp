#pragma once
// The named difficulty levels the web page offers, each an agent spec.

#include <optional>
#include <span>
#include <string_view>

namespace mancala::server {

struct Level {
    std::string_view name;
    std::string_view spec;
    std::string_view description;
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

}  // namespace mancala::server
