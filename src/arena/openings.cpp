#include "arena/openings.hpp"

#include "arena/seed.hpp"

#include <fmt/format.h>

#include <random>
#include <stdexcept>

namespace mancala::arena {

Position random_opening(const Rules& rules, int plies, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    constexpr int kAttempts = 1000;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        Position position = Position::start(rules);
        bool ended = false;
        for (int ply = 0; ply < plies && !ended; ++ply) {
            const MoveList moves = position.legal_moves();
            std::uniform_int_distribution<int> pick(0, moves.size() - 1);
            ended = position.apply(rules, moves[pick(rng)]).game_over;
        }
        if (!ended) return position;
    }
    throw std::invalid_argument(
        fmt::format("no opening of {} random plies leaves a game to play on {} ({} tries): use fewer plies", plies,
                    describe(rules), kAttempts));
}

std::vector<Position> make_openings(const Rules& rules, int count, int plies, std::uint64_t tournament_seed) {
    std::vector<Position> openings;
    openings.reserve(static_cast<std::size_t>(count));
    for (int k = 0; k < count; ++k)
        openings.push_back(plies == 0 ? Position::start(rules)
                                      : random_opening(rules, plies,
                                                       derive_seed(tournament_seed, SeedStream::Opening,
                                                                   static_cast<std::uint64_t>(k))));
    return openings;
}

}  // namespace mancala::arena
