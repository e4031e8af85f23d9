#pragma once
// The JSON API of `mancala serve` (README, "HTTP API"): each route as a function
// from the request's id and body to a status and a JSON answer, with no HTTP in it.
// The transport (src/server/http_server.*) maps routes here and turns errors into
// {"error": "..."} answers.

#include "server/game_store.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mancala::server {

/// Size limits of the games the server creates.
inline constexpr int kMinPits = 1;
inline constexpr int kMaxServedPits = 10;
inline constexpr int kMinSeeds = 1;
inline constexpr int kMaxServedSeeds = 1000;
/// Limits on an opponent spec's resources (per move, while it thinks).
inline constexpr int kMaxAgentHashMb = 256;
inline constexpr int kMaxAgentThreads = 2;

struct ApiSettings {
    std::chrono::milliseconds max_think{5000};  ///< cap on an agent's thinking per move
    std::chrono::milliseconds hint_time{500};   ///< the engine's time for a hint (within max_think)
    /// Folder of endgame databases (mancala db build): hints and the perfect level take
    /// exact values from it where it covers the position. Empty: none.
    std::string endgame_db;
};

/// A request the API refuses: the HTTP status and the message for {"error": ...}.
class ApiError : public std::runtime_error {
public:
    ApiError(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
    int status() const { return status_; }

private:
    int status_;
};

struct Reply {
    int status = 200;
    nlohmann::json body;  ///< ignored for 204
};

class Api {
public:
    Api(GameStore& store, ApiSettings settings) : store_(store), settings_(settings) {}

    Reply create_game(std::string_view body);
    Reply get_game(const std::string& id);
    Reply play_move(const std::string& id, std::string_view body);
    Reply ai_move(const std::string& id, std::string_view body);
    Reply hint(const std::string& id);
    Reply undo(const std::string& id, std::string_view body);
    Reply delete_game(const std::string& id);
    Reply agents() const;
    Reply rules() const;
    Reply health() const;

private:
    std::shared_ptr<Game> game(const std::string& id);

    GameStore& store_;
    ApiSettings settings_;
};

}  // namespace mancala::server
