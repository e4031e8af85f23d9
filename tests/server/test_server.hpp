#pragma once
// A `mancala serve` server in the test process, on a free loopback port, and a
// client that speaks JSON to it.

#include "server/http_server.hpp"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <thread>

namespace mancala::server::testing {

struct Answer {
    int status = 0;       ///< HTTP status, or -1 if the request failed
    nlohmann::json body;  ///< the parsed body (null if empty or not JSON)
    std::string text;     ///< the raw body
    std::string content_type;
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

    /// Creates a game (201 expected) and returns its state.
    nlohmann::json create(const nlohmann::json& request) const;

private:
    std::unique_ptr<HttpServer> server_;
    std::thread thread_;
    int port_ = 0;
};

}  // namespace mancala::server::testing
