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

/// Every level, easiest first.
std::span<const Level> levels();

/// The level a new game gets when it names neither a level nor an opponent.
inline constexpr std::string_view kDefaultLevel = "medium";

/// The level called `name`, if there is one.
std::optional<Level> find_level(std::string_view name);

}  // namespace mancala::server
