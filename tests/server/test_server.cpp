#include "server/test_server.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace mancala::server::testing {

namespace {

Answer answer(const httplib::Result& result) {
    Answer a;
    if (!result) {
        a.status = -1;
        return a;
    }
    a.status = result->status;
    a.text = result->body;
    a.content_type = result->get_header_value("Content-Type");
    a.body = nlohmann::json::parse(a.text, nullptr, false);
    if (a.body.is_discarded()) a.body = nullptr;
    return a;
}

}  // namespace

TestServer::TestServer(ServerOptions options) : server_(std::make_unique<HttpServer>(std::move(options))) {
    port_ = server_->bind("127.0.0.1", 0);
    thread_ = std::thread([this] { server_->run(); });
    for (int i = 0; i < 500 && !server_->running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
}

TestServer::~TestServer() {
    server_->stop();
    thread_.join();
}

Answer TestServer::get(const std::string& path) const {
    httplib::Client client("127.0.0.1", port_);
    return answer(client.Get(path));
}

Answer TestServer::post(const std::string& path, const std::string& body) const {
    httplib::Client client("127.0.0.1", port_);
    return answer(client.Post(path, body, "application/json"));
}

Answer TestServer::del(const std::string& path) const {
    httplib::Client client("127.0.0.1", port_);
    return answer(client.Delete(path));
}

nlohmann::json TestServer::create(const nlohmann::json& request) const {
    const Answer a = post("/api/games", request);
    EXPECT_EQ(a.status, 201) << a.text;
    return a.body;
}

}  // namespace mancala::server::testing
