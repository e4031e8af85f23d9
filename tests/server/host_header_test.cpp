// The Host header read exactly: a host and an optional port, and loopback by the whole
// name, not by its first characters.

#include "server/host_header.hpp"

#include <gtest/gtest.h>

#include <string>

namespace mancala::server {
namespace {

TEST(HostHeader, TakesAHostAndAnOptionalPort) {
    for (const std::string host :
         {"", "localhost", "localhost:8080", "127.0.0.1", "127.0.0.1:1", "[::1]", "[::1]:80", "example.com",
          "EXAMPLE.com:443", "my-host_1.local", "[2001:db8::7]:9000", "localhost:"})
        EXPECT_TRUE(well_formed_host(host)) << host;
    for (const std::string host : {"[::1]evil.com", "[::1]:80x", "[::1", "[evil]", "localhost:80evil", "a b",
                                   "local/host", "a@b", "host:8080:1", "[]"})
        EXPECT_FALSE(well_formed_host(host)) << host;
}

TEST(HostHeader, NamesLoopbackByTheWholeName) {
    for (const std::string host :
         {"", "localhost", "LOCALHOST:1", "app.localhost", "127.0.0.1", "127.1.2.3:8080", "[::1]", "[::1]:80"})
        EXPECT_TRUE(names_loopback(host)) << host;
    for (const std::string host : {"[::1]evil.com", "localhost.evil", "127.0.0.1.evil.example", "10.0.0.1", "[::2]",
                                   "evil.example:8080", "localhost:80evil"})
        EXPECT_FALSE(names_loopback(host)) << host;
}

}  // namespace
}  // namespace mancala::server
