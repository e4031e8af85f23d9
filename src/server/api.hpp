#pragma once
// The JSON API of `mancala serve` (docs/HTTP-API.md): each route as a function
// from the request's id and body to a status and a JSON answer, with no HTTP in it.
// The transport (src/server/http_server.*) maps routes here and turns errors into
// {"error": "..."} answers.

#include "agents/agent_context.hpp"
#include "agents/kept_agents.hpp"
#include "review/game_moves.hpp"
#include "server/game_store.hpp"
#include "server/levels.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace mancala::server {

/// Size limits of the games the server creates.
inline constexpr int kMinPits = 1;
inline constexpr int kMaxServedPits = 10;
inline constexpr int kMinSeeds = 1;
inline constexpr int kMaxServedSeeds = 1000;
/// Limits on an opponent spec's resources (per move, while it thinks).
inline constexpr int kMaxAgentHashMb = 256;
inline constexpr int kMaxAgentThreads = 2;
/// The largest database of its own (db-size=) an opponent spec may ask for: the levels' own.
inline constexpr int kMaxAgentOwnDatabaseMb = 64;
/// Longest opponent spec or rules string a client may send.
inline constexpr std::size_t kMaxSpecLength = 200;
/// How much of a refused value an error message quotes.
inline constexpr std::size_t kMaxQuotedLength = 40;

struct ApiSettings {
    std::chrono::milliseconds max_think{5000};  ///< cap on an agent's thinking per move
    std::chrono::milliseconds hint_time{500};   ///< the engine's time for a hint (within max_think)
    std::chrono::milliseconds hint() const { return std::min(hint_time, max_think); }
    /// What every agent of the server gets: its endgame databases (serve --db: the folder,
    /// and the cache that opens them), which hints and the perfect level take exact values
    /// from where they cover the position. No endgame_dir: none.
    agents::AgentContext agents;
    /// Programs the operator offers as levels (serve --allow-external); agents.external_agents
    /// builds them. Clients cannot name a program of their own.
    std::vector<ExternalLevel> external_levels;
};

/// A request the API refuses: the HTTP status and the message for {"error": ...};
/// for 429 and 503, the seconds after which to try again (Retry-After).
class ApiError : public std::runtime_error {
public:
    ApiError(int status, const std::string& message, int retry_after = 0)
        : std::runtime_error(message), status_(status), retry_after_(retry_after) {}
    int status() const { return status_; }
    int retry_after() const { return retry_after_; }

private:
    int status_;
    int retry_after_;
};

/// `text` for an error message: quoted, and cut to kMaxQuotedLength characters
/// (an error never echoes back a whole request).
std::string quoted_prefix(std::string_view text);

struct Reply {
    Reply(int status, nlohmann::json body) : status(status), body(std::move(body)) {}
    /// A reply whose body is JSON text already (game states: see json_views.hpp).
    static Reply serialised(int status, std::string text) {
        Reply reply(status, nullptr);
        reply.text = std::move(text);
        return reply;
    }

    int status = 200;
    nlohmann::json body;  ///< ignored for 204, and when `text` is given
    std::string text;     ///< the body as JSON text already, if not empty
};

/// Each route may throw ApiError (the client's fault or a refusal), StoreError (the
/// game store cannot be read or written) or StoreFull.
class Api {
public:
    Api(GameStore& store, ApiSettings settings) : store_(store), settings_(settings) {}

    /// The moves a client already has, from a request's query (`since=N`, other
    /// parameters ignored): the states it gets back list only the moves after them.
    /// Throws ApiError (400) for a since that is not a whole number up to kMaxSince.
    static std::optional<std::size_t> since_of(std::string_view query);
    static constexpr std::size_t kMaxSince = 1'000'000;

    /// `client`: who asks (an address, as rate limits count it), for the store's cap on
    /// the games one client has in play.
    Reply create_game(std::string_view body, std::string client = {});
    Reply get_game(const std::string& id, std::optional<std::size_t> since = std::nullopt);
    Reply play_move(const std::string& id, std::string_view body, std::optional<std::size_t> since = std::nullopt);
    Reply undo(const std::string& id, std::string_view body, std::optional<std::size_t> since = std::nullopt);
    Reply delete_game(const std::string& id);
    Reply agents() const;
    Reply rules() const;
    Reply health() const;

    // The routes that think: a quick check that throws what the route would throw
    // before it thinks (so that a request that cannot succeed never waits for a
    // thinking thread), and the route itself, which may take up to max_think.
    /// Returns the spec of the agent that will think.
    std::string check_ai_move(const std::string& id, std::string_view body);
    Reply ai_move(const std::string& id, std::string_view body, std::optional<std::size_t> since = std::nullopt);
    void check_hint(const std::string& id);
    Reply hint(const std::string& id);

    /// The moves of finished game `id`, for a review (the body takes no fields); 409 if it
    /// is not over yet (a review of a game in play would be a hint for every move).
    review::GameMoves finished_game(const std::string& id, std::string_view body);

    const ApiSettings& settings() const { return settings_; }

private:
    /// The built-in levels, then the operator's programs, then two players.
    std::vector<Level> all_levels() const;
    std::shared_ptr<Game> game(const std::string& id, GameStore::Access access);
    /// The game `id`, locked and present (a copy dropped from memory meanwhile is looked up
    /// again). A game only read may be a copy the store does not keep (GameStore::find).
    std::pair<std::shared_ptr<Game>, std::unique_lock<std::mutex>> locked_game(
        const std::string& id, GameStore::Access access = GameStore::Access::Change);

    GameStore& store_;
    ApiSettings settings_;
    /// The operator's programs (external levels), started once per slot, not once a move.
    agents::KeptAgentSlots kept_agents_;
};

}  // namespace mancala::server
