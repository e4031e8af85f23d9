#pragma once
// A `mancala serve` server in the test process, on a free loopback port, and a
// client that speaks JSON to it.

#include "server/http_server.hpp"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <thread>

namespace mancala::server::testing {

struct Answer {
    int status = 0;       ///< HTTP status, or -1 if the request failed
    nlohmann::json body;  ///< the parsed body (null if empty or not JSON)
    std::string text;     ///< the raw body
    std::string content_type;
    std::map<std::string, std::string> headers;

    /// The header `name`'s value, or "" if there is none.
    std::string header(const std::string& name) const {
        const auto it = headers.find(name);
        return it == headers.end() ? "" : it->second;
    }
};

/// What a raw exchange over a socket gave: every byte the server sent until it closed
/// the connection (or `timeout` passed), and whether it closed it.
struct RawExchange {
    std::string received;
    bool closed = false;
    std::chrono::milliseconds took{0};
    int status() const;  ///< the status of the first answer, or -1
    /// The first answer's header `name` (as the server writes it), or "none" if it has none.
    std::string header(const std::string& name) const;
    /// What follows the first answer's header ("" if there is no header's end).
    std::string body() const;
};

class TestServer {
public:
    explicit TestServer(ServerOptions options = {});
    ~TestServer();

    int port() const { return port_; }
    HttpServer& server() { return *server_; }

    Answer get(const std::string& path) const;
    Answer post(const std::string& path, const std::string& body = "{}") const;
    Answer post(const std::string& path, const nlohmann::json& body) const { return post(path, body.dump()); }
    Answer del(const std::string& path) const;
    /// POST with another Content-Type (or none, if empty).
    Answer post_as(const std::string& path, const std::string& body, const std::string& content_type) const;

    /// Sends `bytes` as they are over a new connection and reads until the server closes
    /// it or `timeout` passes.
    RawExchange raw(const std::string& bytes, std::chrono::milliseconds timeout = std::chrono::seconds(5)) const;

    /// Creates a game (201 expected) and returns its state.
    nlohmann::json create(const nlohmann::json& request) const;

private:
    std::unique_ptr<HttpServer> server_;
    std::thread thread_;
    int port_ = 0;
};

}  // namespace mancala::server::testing
