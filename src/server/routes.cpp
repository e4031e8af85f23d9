#include "server/routes.hpp"

#include <vector>

namespace mancala::server {

namespace {

constexpr Route kRoutes[] = {
    {RouteId::create_game, "POST", "/api/games", false},
    {RouteId::get_game, "GET", "/api/games/{id}", false},
    {RouteId::delete_game, "DELETE", "/api/games/{id}", false},
    {RouteId::play_move, "POST", "/api/games/{id}/moves", false},
    {RouteId::ai_move, "POST", "/api/games/{id}/ai-move", true},
    {RouteId::hint, "GET", "/api/games/{id}/hint", true},
    {RouteId::undo, "POST", "/api/games/{id}/undo", false},
    {RouteId::start_review, "POST", "/api/games/{id}/review", false},  // queues steps on the think pool
    {RouteId::review, "GET", "/api/games/{id}/review", false},
    {RouteId::agents, "GET", "/api/agents", false},
    {RouteId::rules, "GET", "/api/rules", false},
    {RouteId::health, "GET", "/healthz", false},
    {RouteId::metrics, "GET", "/metrics", false},
    {RouteId::asset, "GET", "/*", false},
};

std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> out;
    if (path.starts_with('/')) path.remove_prefix(1);
    while (true) {
        const auto slash = path.find('/');
        out.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return out;
}

/// Whether `path` fits `pattern`; the {id} segment (non-empty) goes to `id`.
bool fits(std::string_view pattern, std::string_view path, std::string& id) {
    if (pattern == "/*")
        return !path.starts_with("/api/") && path != "/api" && path != "/healthz" && path != "/metrics";
    const auto want = segments(pattern);
    const auto have = segments(path);
    if (want.size() != have.size()) return false;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (want[i] == "{id}") {
            if (have[i].empty()) return false;
            id = std::string(have[i]);
        } else if (want[i] != have[i]) {
            return false;
        }
    }
    return true;
}

}  // namespace

std::span<const Route> routes() { return kRoutes; }

std::optional<RouteMatch> match_route(std::string_view method, std::string_view path) {
    std::optional<RouteMatch> found;
    for (const Route& route : kRoutes) {
        std::string id;
        if (!fits(route.pattern, path, id)) continue;
        if (!found) found.emplace();
        if (route.method == method) {
            found->route = &route;
            found->game_id = std::move(id);
            found->allowed.clear();
            return found;
        }
        found->allowed += (found->allowed.empty() ? "" : ", ") + std::string(route.method);
    }
    return found;
}

}  // namespace mancala::server
