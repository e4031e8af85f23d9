#pragma once
// Games, boards and moves as the JSON objects of the HTTP API (README, "HTTP API").

#include "core/position.hpp"
#include "play/game_session.hpp"
#include "server/game_store.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

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

/// The same state as JSON text, equal to state_json(game) once parsed, at a fraction of
/// the cost: the moves of the history are serialised once and kept in game.history_json.
/// The caller holds game.mutex.
std::string state_text(Game& game);

/// The moves of the history from index `from` on, as a JSON array (text), from the same
/// cache. The caller holds game.mutex.
std::string moves_text(Game& game, std::size_t from);

/// `object` (JSON text of an object) with `key` set to `value` (JSON text).
std::string with_field(std::string object, std::string_view key, std::string_view value);

/// JSON text, with any invalid UTF-8 replaced.
std::string json_text(const nlohmann::json& value);

}  // namespace mancala::server
