#include "server/http_server.hpp"

#include "server/assets.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <sys/socket.h>

#include <stdexcept>

namespace mancala::server {

using nlohmann::json;

namespace {

/// How many connections may wait to be accepted. cpp-httplib listens with a backlog
/// of 5; under a burst of clients the kernel then drops connection attempts, which
/// retry only after a second.
constexpr int kListenBacklog = 1024;
/// Seconds an idle keep-alive connection may hold a worker thread.
constexpr time_t kKeepAliveSeconds = 2;

std::string json_text(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

void send_json(httplib::Response& res, int status, const json& body) {
    res.status = status;
    res.set_header("Cache-Control", "no-store");
    if (status == 204) return;
    res.set_content(json_text(body), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send_json(res, status, json{{"error", message}});
}

/// Runs one route, turning every exception into a JSON error: bad input is the
/// client's (4xx), anything else the server's (500). Never lets one escape.
template <class Route>
httplib::Server::Handler guarded(Route route) {
    return [route](const httplib::Request& req, httplib::Response& res) {
        try {
            const Reply reply = route(req);
            send_json(res, reply.status, reply.body);
        } catch (const ApiError& e) {
            send_error(res, e.status(), e.what());
        } catch (const std::invalid_argument& e) {
            send_error(res, 400, e.what());
        } catch (const std::exception& e) {
            send_error(res, 500, fmt::format("internal error: {}", e.what()));
        } catch (...) {
            send_error(res, 500, "internal error");
        }
    };
}

}  // namespace

/// cpp-httplib's server, with access to its listening socket.
struct HttpServer::Transport : httplib::Server {
    bool raise_backlog() { return ::listen(svr_sock_, kListenBacklog) == 0; }
};

HttpServer::HttpServer(ServerOptions options)
    : options_(std::move(options)),
      store_(options_.max_games, options_.idle_timeout),
      api_(store_, options_.api),
      transport_(std::make_unique<Transport>()) {
    Transport& http = *transport_;
    const auto threads = static_cast<std::size_t>(std::max(1, options_.threads));
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    http.set_payload_max_length(kMaxBodyBytes);
    http.set_keep_alive_timeout(kKeepAliveSeconds);
    http.set_tcp_nodelay(true);
    // SO_REUSEADDR only: cpp-httplib also sets SO_REUSEPORT, which lets a second server
    // bind a port already in use and silently share its connections.
    http.set_socket_options([](socket_t socket) {
        const int yes = 1;
        ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    });

    Api& api = api_;
    const auto id = [](const httplib::Request& req) { return std::string(req.matches[1]); };
    http.Post("/api/games", guarded([&api](const httplib::Request& req) { return api.create_game(req.body); }));
    http.Get(R"(/api/games/([^/]+))",
             guarded([&api, id](const httplib::Request& req) { return api.get_game(id(req)); }));
    http.Delete(R"(/api/games/([^/]+))",
                guarded([&api, id](const httplib::Request& req) { return api.delete_game(id(req)); }));
    http.Post(R"(/api/games/([^/]+)/moves)",
              guarded([&api, id](const httplib::Request& req) { return api.play_move(id(req), req.body); }));
    http.Post(R"(/api/games/([^/]+)/ai-move)",
              guarded([&api, id](const httplib::Request& req) { return api.ai_move(id(req), req.body); }));
    http.Get(R"(/api/games/([^/]+)/hint)",
             guarded([&api, id](const httplib::Request& req) { return api.hint(id(req)); }));
    http.Post(R"(/api/games/([^/]+)/undo)",
              guarded([&api, id](const httplib::Request& req) { return api.undo(id(req), req.body); }));
    http.Get("/api/agents", guarded([&api](const httplib::Request&) { return api.agents(); }));
    http.Get("/api/rules", guarded([&api](const httplib::Request&) { return api.rules(); }));
    http.Get("/healthz", guarded([&api](const httplib::Request&) { return api.health(); }));

    const std::optional<std::filesystem::path> assets = options_.assets;
    http.Get(".*", [assets](const httplib::Request& req, httplib::Response& res) {
        try {
            if (req.path.starts_with("/api/"))
                return send_error(res, 404, fmt::format("no route GET {}", req.path));
            std::optional<Asset> asset = find_asset(assets, req.path);
            if (!asset) return send_error(res, 404, fmt::format("no file {}", req.path));
            res.set_header("Cache-Control", "no-cache");
            res.set_content(std::move(asset->body), std::string(asset->content_type));
        } catch (const std::exception& e) {
            send_error(res, 500, fmt::format("internal error: {}", e.what()));
        }
    });

    // Every error without a body of its own (unknown routes, 413, ...) still answers JSON.
    http.set_error_handler(
        httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
            if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
            std::string message = fmt::format("HTTP error {}", res.status);
            if (res.status == 404) message = fmt::format("no route {} {}", req.method, req.path);
            if (res.status == 400 && !req.has_header("Content-Length") && !req.has_header("Transfer-Encoding"))
                message = "the request has no Content-Length: send a body, even an empty one (curl: -d '{}')";
            if (res.status == 413)
                message = fmt::format("request body too large (the limit is {} bytes)", kMaxBodyBytes);
            send_error(res, res.status, message);
            return httplib::Server::HandlerResponse::Handled;
        }));
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        send_error(res, 500, "internal error");
    });
}

HttpServer::~HttpServer() { stop(); }

int HttpServer::bind(const std::string& host, int port) {
    const bool bound =
        port == 0 ? (port = transport_->bind_to_any_port(host)) > 0 : transport_->bind_to_port(host, port);
    if (!bound)
        throw std::runtime_error(
            fmt::format("cannot listen on {}:{} (address in use or not available)", host, port));
    transport_->raise_backlog();
    return port;
}

void HttpServer::run() { transport_->listen_after_bind(); }

void HttpServer::stop() { transport_->stop(); }

bool HttpServer::running() const { return transport_->is_running(); }

}  // namespace mancala::server
