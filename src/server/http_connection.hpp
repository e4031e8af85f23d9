#pragma once
// One client connection of `mancala serve`, on Boost.Beast: reads requests with
// bounds on every byte and second a client can make the server spend, hands each
// to the RequestHandler, and writes the answers, one request at a time.
//
// Bounds: the header (kMaxHeaderBytes, else 431), the body however it is sent
// (kMaxBodyBytes: a Content-Length above it is refused before a byte of the body is
// read, a chunked body as soon as its chunks pass it: 413), one deadline for the
// whole request from the moment the server waits for it (a slow or half-sent
// request is dropped), and one for writing the answer. Framing that HTTP/1.1 says
// to refuse is refused with 400 and the connection closed: two Content-Lengths,
// Content-Length with Transfer-Encoding, a Transfer-Encoding that is not chunked.
// While a request is being answered (thinking, say) the connection holds no thread.

#include "server/connection_count.hpp"
#include "server/http_exchange.hpp"

#include <boost/asio/ip/tcp.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>

namespace mancala::server {

/// Largest request header and body accepted.
inline constexpr std::size_t kMaxHeaderBytes = 8 * 1024;
inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

struct ConnectionLimits {
    std::chrono::milliseconds read_timeout{5000};    ///< for a whole request, from when it is awaited
    std::chrono::milliseconds write_timeout{10000};  ///< for an answer to be taken by the client
    bool one_request = false;                        ///< close after the first answer (the front desk's probes)
};

/// Starts serving `socket` until the client closes, a deadline passes or the
/// connection must close; its `ticket` (its place in the server's counts) goes when it ends.
void serve_connection(boost::asio::ip::tcp::socket socket, RequestHandler& handler, ConnectionLimits limits,
                      ConnectionCount::Ticket ticket);

/// The address of a client as rate limits see it: IPv4 as is (an IPv4-mapped IPv6
/// address as its IPv4), IPv6 by its /64 (one end site usually holds a whole /64).
std::string client_key(const boost::asio::ip::address& address);

}  // namespace mancala::server
