#pragma once
// Games, boards and moves as the JSON objects of the HTTP API (docs/HTTP-API.md).

#include "core/position.hpp"
#include "play/game_session.hpp"
#include "server/game_store.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mancala::server {

/// Longest `sowing` list of a move object; longer sowings are cut and marked `sowing_truncated`.
inline constexpr std::size_t kMaxSowingCells = 200;

/// {"south":[...], "north":[...], "south_store", "north_store"}: each row left to right as
/// drawn (core/pit_names.hpp's columns: South's B2..B(N+1) and North's A2..A(N+1) on a
/// counter-clockwise board, mirrored on a clockwise one); with tuzdyks in the rules, also
/// "tuzdyk": {"south": the pit of North's row South holds, or null, "north": ...}.
nlohmann::json board_json(const Rules& rules, const Position& position);

/// The names of the cells of board_json, in the same order:
/// {"south":["B2"..], "north":["A2"..], "south_store":"B8", "north_store":"A1"} for Kalah.
nlohmann::json pit_names_json(const Rules& rules);

/// What a page needs to draw and explain a game of `rules`: names (kalah|letters),
/// direction (ccw|cw), stores_on_ring, tuzdyk, must_feed, extra_turn, repetition,
/// kalah_shaped, and databases (agents::perfect_plays: proofs or endgame databases hold
/// the game, so that the perfect level plays it).
nlohmann::json drawing_json(const Rules& rules);

/// The state's "rules" object: preset, spec, pits, seeds and drawing_json's fields.
nlohmann::json rules_json(const Rules& rules);

/// The names of the cells set in `cells` (MoveResult::captured_cells), in board order.
nlohmann::json cell_names_json(const Rules& rules, std::uint64_t cells);

/// The move object: side, pit, before, after, sowing, captured, capture_pit, captured_cells,
/// extra_turn, game_over (and tuzdyk, grand_slam, sowing_truncated when they apply).
nlohmann::json move_json(const Rules& rules, const play::PlayedMove& move);

/// True when must-feed limits the moves of the side to move now: the opponent's row is
/// empty and some of the mover's non-empty pits may not be played.
bool must_feed_now(const play::GameSession& session);

/// The state object of `game`. The caller holds game.mutex.
nlohmann::json state_json(const Game& game);

/// The same state as JSON text, equal to state_json(game) once parsed, at a fraction of
/// the cost: the moves of the history are serialised once and kept in game.history_json.
/// With `since`, only the moves after the first `since` (all there are, if fewer), and
/// "history_from" saying where they start: a client that has the others asks for no more.
/// The caller holds game.mutex.
std::string state_text(Game& game, std::optional<std::size_t> since = std::nullopt);

/// The moves of the history from index `from` on, as a JSON array (text), from the same
/// cache. The caller holds game.mutex.
std::string moves_text(Game& game, std::size_t from);

/// `object` (JSON text of an object) with `key` set to `value` (JSON text).
std::string with_field(std::string object, std::string_view key, std::string_view value);

/// JSON text, with any invalid UTF-8 replaced.
std::string json_text(const nlohmann::json& value);

}  // namespace mancala::server
