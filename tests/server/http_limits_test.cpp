// `mancala serve` attacked the way a server on a network is: bodies too large however
// they are sent, framing that smuggles requests, slow and half-sent requests, posts
// from other origins, values out of range, specs that name server paths, floods of new
// games and of thinking. Every one gets a bounded, clear refusal; none a 5xx.

#include "server/test_server.hpp"

#include <gtest/gtest.h>

#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <thread>

namespace mancala::server {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
using testing::Answer;
using testing::RawExchange;
using testing::TestServer;

std::string post_head(const std::string& path, const std::string& extra_headers) {
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + extra_headers +
           "\r\n";
}

TEST(ServerLimits, AChunkedBodyIsCutOffAsSoonAsItPassesTheLimit) {
    const TestServer server;
    // A chunked body the server would have to read for ever: it must answer 413 after
    // about 64 KiB, while this client is still sending.
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(server.port()));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
    const std::string head = post_head("/api/games", "Transfer-Encoding: chunked\r\n");
    ASSERT_GT(::send(fd, head.data(), head.size(), MSG_NOSIGNAL), 0);
    const std::string chunk = "4000\r\n" + std::string(0x4000, ' ') + "\r\n";
    std::size_t sent = 0;
    while (sent < 100u * 1024 * 1024) {  // 100 MB, if the server let it
        const ssize_t n = ::send(fd, chunk.data(), chunk.size(), MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
    }
    std::string answer;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
        answer.append(buffer, static_cast<std::size_t>(n));
    ::close(fd);
    EXPECT_LT(sent, 8u * 1024 * 1024) << "the server kept reading";
    EXPECT_TRUE(answer.starts_with("HTTP/1.1 413")) << answer.substr(0, 200);
    EXPECT_LT(answer.size(), 1024u);
    EXPECT_EQ(server.get("/healthz").status, 200);
}

TEST(ServerLimits, ALengthOverTheLimitIsRefusedBeforeItsBodyIsRead) {
    const TestServer server;
    const RawExchange a = server.raw(post_head("/api/games", "Content-Length: 100000000\r\n"), 2s);
    EXPECT_EQ(a.status(), 413) << a.received;
    EXPECT_TRUE(a.closed);
    EXPECT_LT(a.took, 1500ms);
    const Answer b = server.post("/api/games", std::string(100 * 1024, ' '));
    EXPECT_EQ(b.status, 413);
    EXPECT_TRUE(b.body.is_object()) << b.text;
}

TEST(ServerLimits, RefusesFramingThatCouldSmuggleARequest) {
    const TestServer server;
    const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";
    const std::vector<std::string> framings = {
        "Content-Length: 2\r\nContent-Length: 2\r\n",
        "Content-Length: 2\r\nContent-Length: 40\r\n",
        "Content-Length: 2, 40\r\n",
        "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: chunked\r\nContent-Length: 2\r\n",
        "Transfer-Encoding: gzip\r\n",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
        "Content-Length: -2\r\n",
        "Content-Length: 0x2\r\n",
    };
    for (const std::string& framing : framings) {
        const RawExchange a = server.raw(post_head("/api/games", framing) + "{}0\r\n\r\n" + smuggled, 2s);
        EXPECT_EQ(a.status(), 400) << framing << a.received;
        EXPECT_TRUE(a.closed) << framing;
        // Exactly one answer: the rest was never read as a second request.
        EXPECT_EQ(a.received.find("HTTP/1.1", 1), std::string::npos) << framing << a.received;
        EXPECT_TRUE(json::parse(a.body(), nullptr, false).contains("error")) << a.received;
    }
}

// A body that is well-formed chunked: a coding before chunked must be refused for itself,
// not for a chunk the parser could not read (Beast takes the last coding as the framing).
TEST(ServerLimits, RefusesEveryTransferCodingButChunkedAlone) {
    const TestServer server;
    const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";
    for (const std::string coding : {"gzip, chunked", "identity, chunked", "chunked;q=1", "deflate,chunked"}) {
        const RawExchange a = server.raw(
            post_head("/api/games", "Transfer-Encoding: " + coding + "\r\n") + "2\r\n{}\r\n0\r\n\r\n" + smuggled,
            2s);
        EXPECT_EQ(a.status(), 400) << coding << a.received;
        EXPECT_TRUE(a.closed) << coding;
        EXPECT_EQ(a.received.find("HTTP/1.1", 1), std::string::npos) << coding << a.received;
    }
    for (const std::string coding : {"chunked", "Chunked", " chunked "}) {
        const RawExchange a =
            server.raw(post_head("/api/games", "Transfer-Encoding:" + coding + "\r\nConnection: close\r\n") +
                           "2\r\n{}\r\n0\r\n\r\n",
                       2s);
        EXPECT_EQ(a.status(), 201) << coding << a.received;
    }
}

TEST(ServerLimits, AnHttp11RequestNeedsExactlyOneWellFormedHost) {
    const TestServer server;
    const std::vector<std::string> heads = {
        "GET /healthz HTTP/1.1\r\n",
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n",
        "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n",
        "GET /healthz HTTP/1.1\r\nHost: [::1]evil.example\r\n",
        "GET /healthz HTTP/1.1\r\nHost: localhost:80evil\r\n",
        "GET /healthz HTTP/1.1\r\nHost: local host\r\n",
        "GET /healthz HTTP/1.1\r\nHost: [::1\r\n",
        "GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n",
    };
    for (const std::string& head : heads) {
        const RawExchange a = server.raw(head + "Connection: close\r\n\r\n");
        EXPECT_EQ(a.status(), 400) << head << a.received;
        EXPECT_TRUE(json::parse(a.body(), nullptr, false).contains("error")) << a.received;
    }
    // HTTP/1.0 may go without one.
    EXPECT_EQ(server.raw("GET /healthz HTTP/1.0\r\n\r\n").status(), 200);
}

TEST(ServerLimits, HeadIsAnsweredAsGetWithoutTheBody) {
    const TestServer server;
    for (const std::string path : {"/healthz", "/", "/api/rules"}) {
        const RawExchange get =
            server.raw("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        const RawExchange head =
            server.raw("HEAD " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        EXPECT_EQ(get.status(), 200) << path;
        EXPECT_EQ(head.status(), 200) << path << head.received;
        EXPECT_FALSE(get.body().empty()) << path;
        EXPECT_TRUE(head.body().empty()) << path << head.received;
        EXPECT_EQ(head.header("Content-Length"), std::to_string(get.body().size())) << path;
    }
    // A HEAD of a route that has no GET is refused as its GET would be.
    EXPECT_EQ(server.raw("HEAD /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").status(), 405);
}

TEST(ServerLimits, APostWithoutALengthHasAnEmptyBodyAndIsAnsweredAtOnce) {
    const TestServer server;
    const RawExchange a = server.raw(post_head("/api/games", "Connection: close\r\n"), 3s);
    EXPECT_EQ(a.status(), 201) << a.received;
    EXPECT_LT(a.took, 1000ms);
}

TEST(ServerLimits, OnlyJsonMayBePosted) {
    const TestServer server;
    for (const std::string type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""}) {
        const Answer a = server.post_as("/api/games", "{}", type);
        EXPECT_EQ(a.status, 415) << type;
        EXPECT_NE(a.body["error"].get<std::string>().find("application/json"), std::string::npos);
    }
    EXPECT_EQ(server.post_as("/api/games", "{}", "application/json; charset=utf-8").status, 201);
    EXPECT_EQ(server.post_as("/api/games", "{}", "Application/JSON").status, 201);
    // No permissive CORS: a preflight is not answered with an allowance.
    const RawExchange preflight = server.raw(
        "OPTIONS /api/games HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.example\r\n"
        "Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(preflight.status(), 405) << preflight.received;
    EXPECT_EQ(preflight.received.find("Access-Control-Allow"), std::string::npos);
}

// DNS rebinding: a page whose name resolves to 127.0.0.1 is same-origin with a server on this
// machine, but its requests still name it in Host.
TEST(ServerLimits, AServerOnLoopbackAnswersOnlyToLoopbackNames) {
    const TestServer server;
    for (const std::string host :
         {"evil.example", "evil.example:8080", "127.0.0.1.evil.example", "10.0.0.1", "[::2]", "localhost.evil"}) {
        const RawExchange a =
            server.raw("GET /healthz HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
        EXPECT_EQ(a.status(), 421) << host;
    }
    for (const std::string host :
         {"127.0.0.1", "127.0.0.1:8080", "localhost:1", "LOCALHOST", "[::1]:80", "127.1.2.3"}) {
        const RawExchange a =
            server.raw("GET /healthz HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
        EXPECT_EQ(a.status(), 200) << host;
    }
}

TEST(ServerLimits, WrongMethodsAre405WithAllow) {
    const TestServer server;
    const RawExchange a = server.raw("PUT /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(a.status(), 405);
    EXPECT_NE(a.received.find("Allow: POST"), std::string::npos) << a.received;
}

TEST(ServerLimits, ErrorsQuoteOnlyAShortPrefixOfWhatTheyRefuse) {
    const TestServer server;
    const std::string huge(20000, 'x');
    for (const json& request : {json{{"rules", huge}}, json{{"level", huge}}, json{{"first", huge}},
                                json{{huge, 1}}, json{{"opponent", huge}}}) {
        const Answer a = server.post("/api/games", request);
        EXPECT_EQ(a.status, 400);
        EXPECT_LT(a.text.size(), 400u) << a.text.substr(0, 100);
    }
    const Answer a = server.post("/api/games", "[\"" + huge);
    EXPECT_EQ(a.status, 400);
    EXPECT_LT(a.text.size(), 600u);
    const Answer b = server.get("/api/games/" + std::string(4000, 'x'));
    EXPECT_EQ(b.status, 404);
    EXPECT_LT(b.text.size(), 400u);
}

TEST(ServerLimits, NumbersOutOfRangeAre400) {
    const TestServer server;
    for (const std::string body :
         {"{\"seeds\": 1e400}", "{\"seeds\": -1e400}", "{\"pits\": 1e10}", "{\"seeds\": 99999999999999999999999}",
          "{\"seeds\": -99999999999999999999}", "{\"seeds\": 4.5}", "{\"pits\": -0}", "{\"seeds\": NaN}"}) {
        const Answer a = server.post("/api/games", body);
        EXPECT_EQ(a.status, 400) << body << " " << a.text;
    }
}

TEST(ServerLimits, ClientSpecsCannotNameFilesOrGrowWithoutBound) {
    const TestServer server;
    for (const std::string spec : {"perfect:db=/etc", "perfect:time=1s,db=/tmp", "engine:db=/"}) {
        const Answer a = server.post("/api/games", json{{"opponent", spec}});
        EXPECT_EQ(a.status, 400) << spec;
        EXPECT_NE(a.body["error"].get<std::string>().find("db"), std::string::npos) << a.text;
    }
    // Nor a book or a network: the server would read any file a client names.
    for (const std::string spec : {"engine:book=/etc/passwd", "engine:time=1s,book=x.book",
                                   "engine:heuristic=learned,network=/etc/passwd"}) {
        const Answer a = server.post("/api/games", json{{"opponent", spec}});
        EXPECT_EQ(a.status, 400) << spec;
        EXPECT_NE(
            a.body["error"].get<std::string>().find(spec.find("book") != std::string::npos ? "book=" : "network="),
            std::string::npos)
            << a.text;
    }
    const Answer a =
        server.post("/api/games", json{{"opponent", "engine:time=1s," + std::string(500, 'a') + "=1"}});
    EXPECT_EQ(a.status, 400);
    EXPECT_EQ(server.post("/api/games", json{{"opponent", "engine:hash=4096"}}).status, 400);
    EXPECT_EQ(server.post("/api/games", json{{"opponent", "engine:threads=64"}}).status, 400);
    // A database of its own no bigger than the levels' (64 MiB).
    const Answer big = server.post("/api/games", json{{"opponent", "engine:db-size=65536"}});
    EXPECT_EQ(big.status, 400);
    EXPECT_NE(big.body["error"].get<std::string>().find("db-size"), std::string::npos) << big.text;
    EXPECT_EQ(server.post("/api/games", json{{"opponent", "perfect:db-size=65"}}).status, 400);
    EXPECT_EQ(server.post("/api/games", json{{"opponent", "engine:db-size=64"}}).status, 201);
}

TEST(ServerLimits, AHeaderTooLargeIs431) {
    const TestServer server;
    const RawExchange a =
        server.raw("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n");
    EXPECT_EQ(a.status(), 431) << a.received.substr(0, 200);
}

TEST(ServerLimits, SlowAndHalfSentRequestsAreDropped) {
    ServerOptions options;
    options.connection.read_timeout = 300ms;
    const TestServer server(options);
    const RawExchange half = server.raw("GET /healthz HTTP/1.1\r\nHost: localhost\r\n", 3s);
    EXPECT_TRUE(half.closed);
    EXPECT_GE(half.took, 250ms);
    EXPECT_LT(half.took, 2000ms);
    const RawExchange body = server.raw(post_head("/api/games", "Content-Length: 10\r\n") + "{", 3s);
    EXPECT_TRUE(body.closed);
    EXPECT_LT(body.took, 2000ms);
    EXPECT_EQ(server.get("/healthz").status, 200);
}

TEST(ServerLimits, NewGamesAreRateLimitedPerClient) {
    ServerOptions options;
    options.new_games = RateLimit{60, 3};
    const TestServer server(options);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(server.post("/api/games", json::object()).status, 201);
    const Answer a = server.post("/api/games", json::object());
    EXPECT_EQ(a.status, 429);
    EXPECT_EQ(a.header("Retry-After"), "1");
    EXPECT_NE(a.body["error"].get<std::string>().find("too many new games"), std::string::npos);
    EXPECT_EQ(server.get("/healthz").status, 200);  // other routes are not limited
    std::this_thread::sleep_for(1100ms);            // one a second comes back
    EXPECT_EQ(server.post("/api/games", json::object()).status, 201);
    EXPECT_NE(server.get("/metrics").text.find("mancala_refusals_total{reason=\"rate_limit\"} 1"),
              std::string::npos);
}

// With every think thread busy and the queue full, thinking is refused at once with
// Retry-After, and quick requests are answered meanwhile.
TEST(ServerLimits, AFullThinkPoolRefusesAtOnceAndQuickRoutesGoOn) {
    ServerOptions options;
    options.think_threads = 1;
    options.think_queue = 0;
    options.api.max_think = 3000ms;
    const TestServer server(options);
    const json slow = server.create(json{{"first", "ai"}, {"opponent", "engine:time=30s"}});
    const json other = server.create(json{{"first", "ai"}, {"level", "easy"}});
    std::thread thinker(
        [&] { EXPECT_EQ(server.post("/api/games/" + slow["id"].get<std::string>() + "/ai-move").status, 200); });
    for (int i = 0; i < 200 && server.get("/healthz").body["think"]["busy"] != 1; ++i)
        std::this_thread::sleep_for(5ms);
    const auto start = std::chrono::steady_clock::now();
    const Answer busy = server.post("/api/games/" + other["id"].get<std::string>() + "/ai-move");
    EXPECT_EQ(busy.status, 503) << busy.text;
    EXPECT_EQ(busy.header("Retry-After"), "3");
    const Answer hint = server.get("/api/games/" + other["id"].get<std::string>() + "/hint");
    EXPECT_EQ(hint.status, 503);
    // The thinking game itself can be read, but not changed, while its AI thinks.
    const Answer read = server.get("/api/games/" + slow["id"].get<std::string>());
    EXPECT_EQ(read.status, 200);
    const Answer twice = server.post("/api/games/" + slow["id"].get<std::string>() + "/ai-move");
    EXPECT_EQ(twice.status, 409) << twice.text;
    EXPECT_EQ(server.post("/api/games/" + slow["id"].get<std::string>() + "/undo").status, 409);
    EXPECT_LT(std::chrono::steady_clock::now() - start, 2000ms);
    EXPECT_EQ(server.get("/healthz").body["think"]["busy"], 1);
    thinker.join();
    // The worker frees itself just after it answers.
    for (int i = 0; i < 200 && server.get("/healthz").body["think"]["busy"] != 0; ++i)
        std::this_thread::sleep_for(5ms);
    EXPECT_EQ(server.post("/api/games/" + other["id"].get<std::string>() + "/ai-move").status, 200);
}

// One ai-move has one budget of max_think for its whole chain of extra turns.
TEST(ServerLimits, AnExtraTurnChainSharesOneBudget) {
    ServerOptions options;
    options.api.max_think = 300ms;
    const TestServer server(options);
    // Kalah(6,6) from the start; any chain counts. Play AI replies until one is a chain of
    // extra turns, timing each against the cap: an engine at 30 s a move would take the cap
    // per move otherwise. Which move the engine picks depends on the depth it reaches, so on
    // the machine's load (a loaded sanitizer build played no chain in its first 6 replies):
    // the game goes on until a chain comes, to its end at worst.
    json state = server.create(json{{"first", "ai"}, {"opponent", "engine:time=30s"}, {"pits", 6}, {"seeds", 6}});
    std::size_t longest_chain = 0;
    for (int turn = 0; turn < 100 && longest_chain < 2 && !state["over"]; ++turn) {
        const auto start = std::chrono::steady_clock::now();
        const Answer a = server.post("/api/games/" + state["id"].get<std::string>() + "/ai-move");
        const auto took = std::chrono::steady_clock::now() - start;
        ASSERT_EQ(a.status, 200) << a.text;
        longest_chain = std::max(longest_chain, a.body["moves"].size());
        EXPECT_LT(took, 300ms + 250ms) << a.body["moves"].size() << " moves";
        state = a.body["state"];
        if (state["over"]) break;
        const Answer m = server.post("/api/games/" + state["id"].get<std::string>() + "/moves",
                                     json{{"pit", state["legal_moves"][0]}});
        ASSERT_EQ(m.status, 200);
        state = m.body["state"];
        while (!state["over"] && state["to_move"] == "south") {
            const Answer again = server.post("/api/games/" + state["id"].get<std::string>() + "/moves",
                                             json{{"pit", state["legal_moves"][0]}});
            ASSERT_EQ(again.status, 200);
            state = again.body["state"];
        }
    }
    EXPECT_GE(longest_chain, 2u);
}

TEST(ServerLimits, MetricsShowRequestsGamesAndTheThinkPool) {
    ServerOptions options;
    const TestServer server(options);
    server.create(json::object());
    server.get("/api/games/nope");
    const Answer m = server.get("/metrics");
    ASSERT_EQ(m.status, 200);
    EXPECT_TRUE(m.content_type.starts_with("text/plain; version=0.0.4")) << m.content_type;
    for (const std::string name :
         {"mancala_http_requests_total{route=\"/api/games\",status=\"201\"} 1",
          "mancala_http_requests_total{route=\"/api/games/{id}\",status=\"404\"} 1",
          "mancala_http_request_duration_seconds_bucket{route=\"/api/games\",le=\"0.1\"}",
          "mancala_games{where=\"memory\"} 1", "mancala_games{where=\"store_live\"} 1",
          "mancala_think_pool{state=\"threads\"}", "mancala_think_pool{state=\"queued\"} 0",
          "mancala_http_connections_open", "process_resident_memory_bytes", "mancala_games_evicted_total",
          "mancala_games_expired_total", "mancala_refusals_total"})
        EXPECT_NE(m.text.find(name), std::string::npos) << name << "\n" << m.text;
}

}  // namespace
}  // namespace mancala::server
