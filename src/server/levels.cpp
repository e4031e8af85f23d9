#include "server/levels.hpp"

#include "agents/registry.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::server {

namespace {

constexpr Level kLevels[] = {
    {"easy", "greedy", "takes the best move one turn ahead"},
    {"medium", "alphabeta:depth=4", "alpha-beta search four turns ahead"},
    {"hard", "engine:time=300ms", "the strong engine, 300 ms a move"},
    {"expert", "engine:time=2s", "the strong engine, 2 s a move"},
    {"perfect", "perfect:time=5s",
     "a proven best move where it can: a search to the end of the game, or in Oware and the games like it their "
     "endgame databases (5 s a move)",
     true},
    {kTwoPlayerLevel, kTwoPlayerSpec, "no computer: two people take turns on one screen"},
};

}  // namespace

std::span<const Level> levels() { return kLevels; }

std::optional<Level> find_level(std::string_view name) {
    for (const Level& level : kLevels)
        if (level.name == name) return level;
    return std::nullopt;
}

ExternalLevel parse_external_level(std::string_view text) {
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos)
        throw std::invalid_argument(fmt::format("'{}' is not NAME=cmd:PATH [ARGS...]", text));
    const std::string_view name = text.substr(0, equals);
    const std::string_view spec = text.substr(equals + 1);
    const bool word = !name.empty() && name.size() <= 32 &&
                      name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string_view::npos;
    if (!word)
        throw std::invalid_argument(fmt::format(
            "the level name '{}' must be 1 to 32 lowercase letters, digits or '-'", name.substr(0, 40)));
    if (find_level(name))
        throw std::invalid_argument(
            fmt::format("'{}' is already a level of the server: choose another name", name));
    if (!spec.starts_with(agents::kExternalPrefix))
        throw std::invalid_argument(fmt::format("the level '{}' must be a program, cmd:PATH [ARGS...], not '{}'",
                                                name, spec.substr(0, 60)));
    return ExternalLevel{std::string(name), std::string(spec),
                         fmt::format("another program: {}", spec.substr(agents::kExternalPrefix.size()))};
}

}  // namespace mancala::server
