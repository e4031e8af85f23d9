// The front desk: a health probe is answered on the desk's own thread even while the io
// threads are busy (here: never run), and every other connection reaches the io threads
// with the bytes the desk looked at still unread.

#include "server/front_desk.hpp"
#include "server/test_server.hpp"

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

namespace mancala::server {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;

TEST(FrontDesk, OnlyAHealthProbesRequestLineTakesTheExpressLane) {
    for (const char* probe :
         {"GET /healthz HTTP/1.1\r\n", "HEAD /healthz HTTP/1.1", "GET /healthz?full=1 HTTP/1.1"})
        EXPECT_EQ(lane_of(probe), Lane::express) << probe;
    for (const char* other : {"GET /healthzX HTTP/1.1", "GET /health HTTP/1.1", "POST /healthz HTTP/1.1",
                              "get /healthz HTTP/1.1", "GET  /healthz HTTP/1.1", "GET /api/games/healthz ",
                              // too short to tell yet: a header trickled a byte at a time
                              "G", "GET /heal", "GET /healthz", ""})
        EXPECT_EQ(lane_of(other), Lane::main) << '"' << other << '"';
}

/// Answers every request with 200 and the path it asked for, and counts them.
class EchoHandler final : public RequestHandler {
public:
    std::optional<Response> check_head(const RequestHead&) override { return std::nullopt; }
    void handle(Request request, std::function<void(Response)> respond) override {
        ++handled;
        Response response;
        response.body = request.head.path;
        respond(std::move(response));
    }
    Response refuse(int status, const std::string& message) override {
        Response response;
        response.status = status;
        response.body = message;
        return response;
    }
    void answered(const RequestHead&, const Response&, double) override {}
    std::atomic<int> handled{0};
};

/// A front desk on a thread of its own, in front of io threads that are started only
/// when a test says so: until then every one of them stands for a thread that is busy.
class Desk {
public:
    Desk() : acceptor_(front_, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)), counts_(100, 100) {
        accept();
        front_thread_ = std::thread([this] { front_.run(); });
    }
    ~Desk() {
        front_.stop();
        io_.stop();
        front_thread_.join();
        if (io_thread_.joinable()) io_thread_.join();
    }
    void start_io() {
        io_thread_ = std::thread([this] { io_.run(); });
    }
    int port() const { return acceptor_.local_endpoint().port(); }
    EchoHandler handler;

private:
    void accept() {
        acceptor_.async_accept(net::make_strand(front_), [this](boost::system::error_code ec, tcp::socket socket) {
            if (ec) return;
            if (auto ticket = counts_.admit("client"))
                greet_connection(std::move(socket), io_.get_executor(), handler, ConnectionLimits{},
                                 std::move(*ticket));
            accept();
        });
    }
    net::io_context front_;
    net::io_context io_;
    net::executor_work_guard<net::io_context::executor_type> io_work_ = net::make_work_guard(io_);
    tcp::acceptor acceptor_;
    ConnectionCount counts_;
    std::thread front_thread_;
    std::thread io_thread_;
};

/// A blocking client connection to the desk.
class Client {
public:
    explicit Client(int port) : socket_(context_) {
        socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
    }
    void send(const std::string& bytes) { net::write(socket_, net::buffer(bytes)); }
    /// Everything received within `timeout`, until the server closes.
    std::string receive(std::chrono::milliseconds timeout) {
        std::string received;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        socket_.non_blocking(true);
        while (std::chrono::steady_clock::now() < deadline) {
            char bytes[4096];
            boost::system::error_code ec;
            const std::size_t got = socket_.read_some(net::buffer(bytes), ec);
            if (ec == net::error::would_block) {
                std::this_thread::sleep_for(5ms);
                continue;
            }
            if (ec) {
                closed = true;
                break;
            }
            received.append(bytes, got);
        }
        return received;
    }
    bool closed = false;

private:
    net::io_context context_;
    tcp::socket socket_;
};

constexpr const char* kProbe = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";

TEST(FrontDesk, AnswersAProbeWhileEveryIoThreadIsBusyAndClosesAfterIt) {
    Desk desk;
    Client client(desk.port());
    client.send(kProbe);
    const std::string answer = client.receive(2s);
    EXPECT_TRUE(answer.starts_with("HTTP/1.1 200")) << answer;
    EXPECT_NE(answer.find("/healthz"), std::string::npos) << answer;
    EXPECT_NE(answer.find("Connection: close"), std::string::npos) << answer;
    EXPECT_TRUE(client.closed);
}

TEST(FrontDesk, OtherRequestsWaitForTheIoThreadsWithNothingLost) {
    Desk desk;
    Client game(desk.port());
    game.send("GET /api/rules HTTP/1.1\r\nHost: localhost\r\n\r\n");
    // A header trickled byte by byte cannot tell its lane at first: it goes to the io threads.
    Client trickle(desk.port());
    trickle.send("G");
    EXPECT_EQ(game.receive(300ms), "");
    EXPECT_EQ(desk.handler.handled.load(), 0);
    trickle.send("ET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    desk.start_io();
    const std::string answer = game.receive(1s);
    EXPECT_TRUE(answer.starts_with("HTTP/1.1 200")) << answer;
    EXPECT_NE(answer.find("/api/rules"), std::string::npos) << answer;
    EXPECT_EQ(answer.find("Connection: close"), std::string::npos) << "kept alive: " << answer;
    EXPECT_FALSE(game.closed);
    const std::string trickled = trickle.receive(1s);
    EXPECT_TRUE(trickled.starts_with("HTTP/1.1 200")) << trickled;
    EXPECT_NE(trickled.find("/healthz"), std::string::npos) << trickled;
}

TEST(FrontDesk, TheServerAnswersProbesThroughItAndEverythingElseAsBefore) {
    const testing::TestServer server;
    const testing::RawExchange probe = server.raw(kProbe);
    EXPECT_EQ(probe.status(), 200) << probe.received;
    EXPECT_EQ(probe.header("Connection"), "close");
    EXPECT_TRUE(probe.closed);
    EXPECT_EQ(server.get("/healthz").body["status"], "ok");
    EXPECT_EQ(server.get("/api/rules").status, 200);
}

}  // namespace
}  // namespace mancala::server
