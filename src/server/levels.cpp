#include "server/levels.hpp"

namespace mancala::server {

namespace {

constexpr Level kLevels[] = {
    {"easy", "greedy", "takes the best move one turn ahead"},
    {"medium", "alphabeta:depth=4", "alpha-beta search four turns ahead"},
    {"hard", "engine:time=300ms", "the strong engine, 300 ms a move"},
    {"expert", "engine:time=2s", "the strong engine, 2 s a move"},
    {"perfect", "perfect:time=5s", "searches to the end of the game for a proven best move (5 s a move)"},
    {kTwoPlayerLevel, kTwoPlayerSpec, "no computer: two people take turns on one screen"},
};

}  // namespace

std::span<const Level> levels() { return kLevels; }

std::optional<Level> find_level(std::string_view name) {
    for (const Level& level : kLevels)
        if (level.name == name) return level;
    return std::nullopt;
}

}  // namespace mancala::server
