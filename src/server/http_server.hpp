#pragma once
// `mancala serve`'s HTTP transport (cpp-httplib): routes to the Api, the page's
// assets, JSON errors for everything that goes wrong, a body size limit and a
// pool of worker threads.

#include "server/api.hpp"
#include "server/game_store.hpp"

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace mancala::server {

/// Largest request body accepted; larger ones get 413.
inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

struct ServerOptions {
    std::size_t max_games = 1000;
    Clock::duration idle_timeout = std::chrono::minutes(30);
    ApiSettings api;
    int threads = 16;                             ///< HTTP worker threads
    std::optional<std::filesystem::path> assets;  ///< serve the page from here instead of the compiled-in copy
};

class HttpServer {
public:
    explicit HttpServer(ServerOptions options);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds to host:port (port 0: any free port). Returns the port; throws
    /// std::runtime_error if the address cannot be bound.
    int bind(const std::string& host, int port);

    /// Serves requests until stop(). Precondition: bind() succeeded.
    void run();

    /// Stops run() (from any thread); in-flight requests finish first.
    void stop();

    /// Whether run() is accepting connections.
    bool running() const;

    GameStore& store() { return store_; }

private:
    struct Transport;

    ServerOptions options_;
    GameStore store_;
    Api api_;
    std::unique_ptr<Transport> transport_;
};

}  // namespace mancala::server
