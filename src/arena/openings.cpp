#include "arena/openings.hpp"

#include "arena/seed.hpp"
#include "search/engine.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <optional>
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
            const MoveList moves = position.legal_moves(rules);
            std::uniform_int_distribution<int> pick(0, moves.size() - 1);
            ended = position.apply(rules, moves[pick(rng)]).game_over;
        }
        if (!ended) return position;
    }
    throw std::invalid_argument(
        fmt::format("no opening of {} random plies leaves a game to play on {} ({} tries): use fewer plies", plies,
                    describe(rules), kAttempts));
}

std::vector<Position> make_openings(const Rules& rules, int count, int plies, std::uint64_t tournament_seed,
                                    int balanced_within) {
    constexpr int kScreenDepth = 12;
    constexpr int kAttempts = 1000;
    std::optional<search::Engine> judge;
    if (plies > 0 && balanced_within >= 0)
        judge.emplace(search::EngineSettings{search::Heuristic::StoreDiff, 8, 1});
    std::vector<Position> openings;
    openings.reserve(static_cast<std::size_t>(count));
    for (int k = 0; k < count; ++k) {
        if (plies == 0) {
            openings.push_back(Position::start(rules));
            continue;
        }
        std::uint64_t seed = derive_seed(tournament_seed, SeedStream::Opening, static_cast<std::uint64_t>(k));
        for (int attempt = 0;; ++attempt) {
            const Position opening = random_opening(rules, plies, seed);
            if (!judge) {
                openings.push_back(opening);
                break;
            }
            judge->new_game();
            search::SearchLimits limits;
            limits.depth = kScreenDepth;
            // The final margin: the stones already stored count as much as those still to win
            // (the search scores only what the mover can still gain).
            const int margin = opening.store_difference(opening.to_move()) +
                               judge->search(rules, opening, limits).score / search::kPointsPerStone;
            if (std::abs(margin) <= balanced_within) {
                openings.push_back(opening);
                break;
            }
            if (attempt == kAttempts)
                throw std::invalid_argument(
                    fmt::format("no opening of {} random plies is balanced within {} stones ({} tries)", plies,
                                balanced_within, kAttempts));
            seed = derive_seed(seed, SeedStream::Opening, static_cast<std::uint64_t>(attempt));
        }
    }
    return openings;
}

}  // namespace mancala::arena
