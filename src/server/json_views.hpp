#pragma once
// Games, boards and moves as the JSON objects of the HTTP API (README, "HTTP API").

#include "core/position.hpp"
#include "play/game_session.hpp"
#include "server/game_store.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>

namespace mancala::server {

/// Longest `sowing` list of a move object; longer sowings are cut and marked `sowing_truncated`.
inline constexpr std::size_t kMaxSowingCells = 200;

/// {"south":[B2..], "north":[A2..], "south_store", "north_store"}, rows left to right as drawn.
nlohmann::json board_json(const Position& position);

/// {"south":["B2"..], "north":["A2"..], "south_store":"B8", "north_store":"A1"}.
nlohmann::json pit_names_json(int pits);

/// The move object: side, pit, before, after, sowing, captured, capture_pit, extra_turn, game_over.
nlohmann::json move_json(const Rules& rules, const play::PlayedMove& move);

/// The state object of `game`. The caller holds game.mutex.
nlohmann::json state_json(const Game& game);

}  // namespace mancala::server
