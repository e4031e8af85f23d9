#pragma once
// A game review as one JSON object, the same for `mancala review --json` and the
// server's review route (docs/CLI.md, "mancala review").

#include "review/game_review.hpp"

#include <nlohmann/json.hpp>

namespace mancala::review {

/// {rules, pits, seeds, start, moves: [...], positions: [...], summary, thresholds, nodes, seconds}.
/// Moves and best moves are pit names; values are the mover's final margin in stones
/// (positions: South's), each with `exact`.
nlohmann::json to_json(const GameReview& review, const ReviewSettings& settings);

}  // namespace mancala::review
