// The HTTP API's request handling (src/server/api.*, routes.*), in process and without
// HTTP, on an in-memory game store. An input is a session of requests, one a line:
//   <route> <body>      route: create, move, undo, ai-move, hint, get or delete
//   game <id>           the requests after it go to game <id> (any text)
//   route <method> <path>  the route table's match of a request line
// Each request goes to the game the last successful create made (at first, a small
// game against the easy level, the human to move). Every answer is either a success
// with a JSON object or an ApiError with a 4xx status and a short message: never
// another exception (the transport would answer 500, an internal error) or a crash.

#include "fuzz_support.hpp"
#include "server/api.hpp"
#include "server/game_database.hpp"
#include "server/game_store.hpp"
#include "server/routes.hpp"

#include <nlohmann/json.hpp>

#include <functional>

using namespace mancala;
using namespace mancala::server;
using nlohmann::json;

namespace {

/// Requests per input: enough for a short game, few enough to keep each run quick.
constexpr std::size_t kMaxRequests = 24;
/// An error message quotes at most a prefix of what it refuses (quoted_prefix) and
/// cuts parser messages; a longer one would echo a request back.
constexpr std::size_t kMaxErrorLength = 1024;

struct Service {
    GameDatabase database{":memory:"};
    GameStore store{StoreSettings{}, database};
    // A tiny think time: an AI move or a hint costs milliseconds, whatever the agent.
    Api api{store,
            ApiSettings{std::chrono::milliseconds(2), std::chrono::milliseconds(1), agents::AgentContext{}, {}}};
};

/// The answer to one request: its status, and the game's id if it created one.
struct Outcome {
    int status = 0;
    std::string created_id;
};

Outcome call(std::string_view what, const std::function<Reply()>& route) {
    Outcome outcome;
    try {
        const Reply reply = route();
        outcome.status = reply.status;
        fuzz::require(reply.status >= 200 && reply.status < 300, "a reply is a success", what);
        if (reply.status == 204) return outcome;
        const json body = reply.text.empty() ? reply.body : json::parse(reply.text);
        fuzz::require(body.is_object(), "a success is a JSON object", what);
        if (reply.status == 201) outcome.created_id = body.at("id").get<std::string>();
    } catch (const ApiError& e) {
        outcome.status = e.status();
        fuzz::require(e.status() >= 400 && e.status() < 500, "a refusal is a 4xx", e.what());
        fuzz::require(std::string_view(e.what()).size() <= kMaxErrorLength, "a refusal is short", what);
    } catch (const std::exception& e) {
        fuzz::require(false, "only ApiError leaves the API (anything else is a 500)", e.what());
    }
    return outcome;
}

void match(std::string_view request_line) {
    const auto space = request_line.find(' ');
    if (space == std::string_view::npos) return;
    const std::string_view path = request_line.substr(space + 1);
    const std::optional<RouteMatch> found = match_route(request_line.substr(0, space), path);
    if (!found) return;
    fuzz::require(found->route != nullptr || !found->allowed.empty(), "a known path names its methods");
    if (found->route && found->route->pattern.find("{id}") != std::string_view::npos)
        fuzz::require(!found->game_id.empty() && path.find(found->game_id) != std::string_view::npos,
                      "a game id is a segment of the path");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Service* const service = new Service;  // lives as long as the process, as a server's does
    Api& api = service->api;

    std::vector<std::string> created;
    std::string game;
    const auto create = [&](std::string_view body) {
        const Outcome outcome = call("create", [&] { return api.create_game(body); });
        if (outcome.created_id.empty()) return;
        created.push_back(outcome.created_id);
        game = outcome.created_id;
    };
    create(R"({"rules":"kalah","pits":4,"seeds":2,"first":"human","level":"easy"})");
    fuzz::require(!game.empty(), "the first game is created");

    std::size_t requests = 0;
    for (const std::string_view line : fuzz::split(fuzz::as_text(data, size), '\n')) {
        if (++requests > kMaxRequests) break;
        const auto space = line.find(' ');
        const std::string_view route = line.substr(0, space);
        const std::string_view body = space == std::string_view::npos ? "" : line.substr(space + 1);
        if (route == "create") {
            create(body);
        } else if (route == "move") {
            call(line, [&] { return api.play_move(game, body); });
        } else if (route == "undo") {
            call(line, [&] { return api.undo(game, body); });
        } else if (route == "ai-move") {
            // As the transport does: the quick check on the request thread, then the thinking.
            const Outcome check = call(line, [&] {
                api.check_ai_move(game, body);
                return Reply{200, json::object()};
            });
            if (check.status == 200) call(line, [&] { return api.ai_move(game, body); });
        } else if (route == "hint") {
            const Outcome check = call(line, [&] {
                api.check_hint(game);
                return Reply{200, json::object()};
            });
            if (check.status == 200) call(line, [&] { return api.hint(game); });
        } else if (route == "get") {
            call(line, [&] { return api.get_game(game); });
        } else if (route == "delete") {
            call(line, [&] { return api.delete_game(game); });
        } else if (route == "game") {
            game = std::string(body);
        } else if (route == "route") {
            match(body);
        }
    }
    for (const std::string& id : created) service->store.remove(id);
    return 0;
}
