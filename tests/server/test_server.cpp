#include "server/test_server.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

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
    for (const auto& [name, value] : result->headers) a.headers[name] = value;
    a.body = nlohmann::json::parse(a.text, nullptr, false);
    if (a.body.is_discarded()) a.body = nullptr;
    return a;
}

}  // namespace

int RawExchange::status() const {
    if (!received.starts_with("HTTP/1.") || received.size() < 12) return -1;
    return std::stoi(received.substr(9, 3));
}

std::string RawExchange::header(const std::string& name) const {
    const auto end = received.find("\r\n\r\n");
    const auto at = received.find("\r\n" + name + ": ");
    if (at == std::string::npos || at >= end) return "none";
    const auto start = at + 4 + name.size();
    return received.substr(start, received.find("\r\n", start) - start);
}

std::string RawExchange::body() const {
    const auto end = received.find("\r\n\r\n");
    return end == std::string::npos ? "" : received.substr(end + 4);
}

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

Answer TestServer::post_as(const std::string& path, const std::string& body,
                           const std::string& content_type) const {
    httplib::Client client("127.0.0.1", port_);
    return answer(client.Post(path, body, content_type.c_str()));
}

Answer TestServer::del(const std::string& path) const {
    httplib::Client client("127.0.0.1", port_);
    return answer(client.Delete(path));
}

RawExchange TestServer::raw(const std::string& bytes, std::chrono::milliseconds timeout) const {
    RawExchange out;
    const auto start = std::chrono::steady_clock::now();
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port_));
    ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return out;
    }
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
    }
    char buffer[4096];
    for (;;) {
        const auto left = timeout - (std::chrono::steady_clock::now() - start);
        if (left <= std::chrono::milliseconds(0)) break;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(left).count())) <=
            0)
            break;
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            out.closed = true;
            break;
        }
        out.received.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    out.took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    return out;
}

nlohmann::json TestServer::create(const nlohmann::json& request) const {
    const Answer a = post("/api/games", request);
    EXPECT_EQ(a.status, 201) << a.text;
    return a.body;
}

}  // namespace mancala::server::testing
