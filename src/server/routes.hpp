#pragma once
// The table of the server's routes: which method and path go where, which of them
// think (and so run on the think pool), and the pattern each is logged and
// counted under. Matching is plain string work, with no HTTP library in it.

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mancala::server {

enum class RouteId {
    create_game,
    get_game,
    delete_game,
    play_move,
    ai_move,
    hint,
    undo,
    start_review,
    review,
    agents,
    rules,
    health,
    metrics,
    asset,
};

struct Route {
    RouteId id;
    std::string_view method;   ///< "GET", "POST" or "DELETE"
    std::string_view pattern;  ///< e.g. "/api/games/{id}/moves"; "/*" for the page's files
    bool thinks;               ///< runs an agent: on the think pool, never on a request thread
};

/// Every route, in the order they are matched.
std::span<const Route> routes();

struct RouteMatch {
    const Route* route = nullptr;  ///< nullptr: no route for this method (see `allowed`)
    std::string game_id;           ///< the {id} segment, if the pattern has one
    std::string allowed;           ///< when the path is known but not the method: e.g. "GET, DELETE"
};

/// The route for `method` and `path` (the target without its query). Returns nullopt
/// if no route knows the path; a match with a null route if the path is known under
/// other methods only.
std::optional<RouteMatch> match_route(std::string_view method, std::string_view path);

}  // namespace mancala::server
