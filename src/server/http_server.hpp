#pragma once
// `mancala serve`'s HTTP service: the routes of the JSON API and the page over
// Boost.Beast connections, with the game store on SQLite, a think pool that keeps
// agents' thinking away from the threads that answer quick requests, a budget of
// new games per client, and metrics. Every resource a client can make it spend has
// a bound (docs/CLI.md, "mancala serve").

#include "server/api.hpp"
#include "server/game_database.hpp"
#include "server/game_store.hpp"
#include "server/http_connection.hpp"
#include "server/rate_limiter.hpp"
#include "server/review_jobs.hpp"

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace mancala::server {

struct ServerOptions {
    /// The game store's file; ":memory:" keeps nothing (the default here, for tests and
    /// embedding; `mancala serve` defaults to mancala-games.sqlite3).
    std::string store_path = ":memory:";
    Durability durability = Durability::process_crash;
    StoreSettings store;
    ApiSettings api;
    ReviewLimits review;            ///< reviews of finished games (on the think pool)
    int io_threads = 2;             ///< threads that read, answer quick requests and write
    int think_threads = 0;          ///< threads that think (agents' moves, hints); 0: one per core
    std::size_t think_queue = 256;  ///< thinking requests that may wait for a thread; more get 503
    /// The longest a thinking request is expected to wait for a thread before it is
    /// refused (503) instead; 0: max_think.
    std::chrono::milliseconds think_wait{0};
    int think_nice = 5;  ///< how much lower the think threads' priority is
    std::size_t max_connections = 1000;
    /// Connections from one client address at most (IPv6 by its /64); 0: no cap, as
    /// behind a proxy, where every client comes from the proxy's address.
    std::size_t max_connections_per_client = 64;
    /// At max_connections, a connection that has waited this long for its request may be
    /// closed to let a newcomer in (the one waiting longest first).
    std::chrono::milliseconds shed_after{1000};
    ConnectionLimits connection;
    RateLimit new_games{0, 0};                    ///< games a client (address) may create per minute (0: no limit)
    bool log_requests = false;                    ///< an access log line per request on standard output
    std::optional<std::filesystem::path> assets;  ///< serve the page from here instead of the compiled-in copy
    std::chrono::milliseconds sweep_interval{5000};  ///< how often expired games are deleted
};

class HttpServer {
public:
    /// Opens the game store and loads its live games. Throws StoreError if the store
    /// cannot be used (the message says why).
    explicit HttpServer(ServerOptions options);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds to host:port (port 0: any free port). Returns the port; throws
    /// std::runtime_error if the address cannot be bound.
    int bind(const std::string& host, int port);

    /// Serves requests until stop(), on the io threads (this one among them).
    /// Precondition: bind() succeeded.
    void run();

    /// Stops run() (from any thread): no new connections; requests being answered
    /// finish first (thinking ones within max_think), then it returns.
    void stop();

    /// Whether run() is accepting connections.
    bool running() const;

    GameStore& store();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace mancala::server
