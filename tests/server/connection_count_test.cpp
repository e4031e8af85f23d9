// Connections counted in all and by client address: one address cannot take every slot.

#include "server/connection_count.hpp"
#include "server/test_server.hpp"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <vector>

namespace mancala::server {
namespace {

using namespace std::chrono_literals;

TEST(ConnectionCount, CapsEachClientAndTheTotal) {
    ConnectionCount count(5, 2);
    ConnectionCount::Refusal why{};
    std::vector<ConnectionCount::Ticket> held;
    held.push_back(*count.admit("a"));
    held.push_back(*count.admit("a"));
    EXPECT_FALSE(count.admit("a", &why));
    EXPECT_EQ(why, ConnectionCount::Refusal::PerClient);
    held.push_back(*count.admit("b"));
    held.push_back(*count.admit("b"));
    held.push_back(*count.admit("c"));
    EXPECT_FALSE(count.admit("d", &why));
    EXPECT_EQ(why, ConnectionCount::Refusal::Total);
    EXPECT_EQ(count.open(), 5u);
    held.erase(held.begin());  // one of a's goes
    EXPECT_EQ(count.open_from("a"), 1u);
    EXPECT_TRUE(count.admit("a", &why));  // taken and given back at once
    EXPECT_EQ(why, ConnectionCount::Refusal::None);
    held.clear();
    EXPECT_EQ(count.open(), 0u);
    EXPECT_EQ(count.open_from("b"), 0u);
}

// At the total cap a newcomer is let in by shedding the connection that has waited longest
// for its request (a slow or idle one), if it has waited at least shed_after; one being
// answered is never shed, and a client past its own cap sheds nobody.
TEST(ConnectionCount, ShedsTheConnectionWaitingLongestAtTheTotalCap) {
    ConnectionCount count(3, 2, 0ms);
    std::vector<ConnectionCount::Ticket> held;
    for (const char* client : {"a", "b", "c"}) held.push_back(*count.admit(client));
    std::vector<std::string> shed;
    ConnectionCount::Refusal why{};
    EXPECT_FALSE(count.admit("d", &why)) << "none waits: nobody to shed";
    EXPECT_EQ(why, ConnectionCount::Refusal::Total);
    held[1].waiting([&] { shed.push_back("b"); });
    std::this_thread::sleep_for(2ms);
    held[2].waiting([&] { shed.push_back("c"); });
    held[0].waiting([&] { shed.push_back("a"); });
    held[0].busy();  // its request came: being answered
    const std::optional<ConnectionCount::Ticket> d = count.admit("d", &why);
    ASSERT_TRUE(d);
    EXPECT_EQ(why, ConnectionCount::Refusal::None);
    EXPECT_EQ(shed, std::vector<std::string>{"b"}) << "the one waiting longest";
    EXPECT_EQ(count.open(), 3u) << "the shed one no longer counts";
    EXPECT_EQ(count.open_from("b"), 0u);
    EXPECT_EQ(count.shed_total(), 1u);
    held.erase(held.begin() + 1);  // b's connection closes: nothing given back twice
    EXPECT_EQ(count.open(), 3u);
    // A client at its own cap sheds nobody.
    ConnectionCount small(2, 1, 0ms);
    std::vector<ConnectionCount::Ticket> mine;
    mine.push_back(*small.admit("x"));
    mine.push_back(*small.admit("y"));
    mine[1].waiting([&] { shed.push_back("y"); });
    EXPECT_FALSE(small.admit("x", &why));
    EXPECT_EQ(why, ConnectionCount::Refusal::PerClient);
    // Not before it has waited shed_after.
    ConnectionCount patient(1, 0, 10s);
    std::vector<ConnectionCount::Ticket> one;
    one.push_back(*patient.admit("p"));
    one[0].waiting([&] { shed.push_back("p"); });
    EXPECT_FALSE(patient.admit("q"));
    EXPECT_EQ(shed, std::vector<std::string>{"b"});
}

TEST(ConnectionCount, ZeroMeansNoCapByClient) {
    ConnectionCount count(3, 0);
    std::vector<ConnectionCount::Ticket> held;
    for (int i = 0; i < 3; ++i) held.push_back(*count.admit("proxy"));
    EXPECT_FALSE(count.admit("proxy"));  // the total still holds
}

/// A connection to the test server from `source` (any 127.x.y.z), holding half a request header.
int half_open_from(const char* source, int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, source, &local.sin_addr);
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&local), sizeof local) != 0) return -1;
    sockaddr_in server{};
    server.sin_family = AF_INET;
    server.sin_port = htons(static_cast<std::uint16_t>(port));
    ::inet_pton(AF_INET, "127.0.0.1", &server.sin_addr);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&server), sizeof server) != 0) return -1;
    const std::string half = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow";
    ::send(fd, half.data(), half.size(), MSG_NOSIGNAL);
    return fd;
}

/// Whether the server closed `fd` within `within` (reads the end of the stream).
bool closed_by_server(int fd, std::chrono::milliseconds within) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(within.count())) <= 0) return false;
    char c;
    return ::recv(fd, &c, 1, 0) <= 0;
}

// 1,000 trickling sockets from one address left other clients' /healthz mostly unanswered.
TEST(ServerLimits, OneAddressCannotTakeEveryConnection) {
    ServerOptions options;
    options.max_connections_per_client = 4;
    const testing::TestServer server(options);
    std::vector<int> held;
    for (int i = 0; i < 4; ++i) {
        held.push_back(half_open_from("127.0.0.1", server.port()));
        ASSERT_GE(held.back(), 0);
    }
    std::this_thread::sleep_for(100ms);  // the server has accepted all four
    const int fifth = half_open_from("127.0.0.1", server.port());
    ASSERT_GE(fifth, 0);
    EXPECT_TRUE(closed_by_server(fifth, 2000ms)) << "a fifth connection from the same address was kept";
    ::close(fifth);
    for (const int fd : held) EXPECT_FALSE(closed_by_server(fd, 0ms));
    // Another address is served meanwhile.
    const int other = half_open_from("127.0.0.2", server.port());
    ASSERT_GE(other, 0);
    const std::string rest = "\r\nConnection: close\r\n\r\n";
    ::send(other, rest.data(), rest.size(), MSG_NOSIGNAL);
    char answer[64] = {};
    pollfd p{other, POLLIN, 0};
    ASSERT_GT(::poll(&p, 1, 2000), 0);
    ASSERT_GT(::recv(other, answer, sizeof answer - 1, 0), 0);
    EXPECT_TRUE(std::string(answer).starts_with("HTTP/1.1 200")) << answer;
    ::close(other);
    // One of the four goes: the address may connect again.
    ::close(held.back());
    held.pop_back();
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(server.get("/healthz").status, 200);
    for (const int fd : held) ::close(fd);
}

// Many addresses holding half-sent requests fill the total: a newcomer is still served,
// and the connection that has waited longest for its request is closed to make room.
TEST(ServerLimits, SlowConnectionsMakeRoomAtTheTotalCap) {
    ServerOptions options;
    options.max_connections = 4;
    options.max_connections_per_client = 0;
    options.shed_after = 200ms;
    const testing::TestServer server(options);
    std::vector<int> held;
    for (const char* source : {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"}) {
        held.push_back(half_open_from(source, server.port()));
        ASSERT_GE(held.back(), 0);
        std::this_thread::sleep_for(20ms);  // the first is the oldest
    }
    std::this_thread::sleep_for(300ms);  // every one has waited past shed_after
    const testing::Answer a = server.get("/healthz");
    EXPECT_EQ(a.status, 200) << "a newcomer at the total cap was refused";
    EXPECT_TRUE(closed_by_server(held[0], 2000ms)) << "the oldest slow connection was kept";
    for (std::size_t i = 1; i < held.size(); ++i) EXPECT_FALSE(closed_by_server(held[i], 0ms)) << i;
    for (const int fd : held) ::close(fd);
}

}  // namespace
}  // namespace mancala::server
