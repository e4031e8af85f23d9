#pragma once
// Where a new connection is served. Every request waits in one queue on the io
// threads, so under load a monitor's GET /healthz waited behind the players' requests
// (p99 280 ms with 200 clients on two cores). The front desk accepts on a thread of
// its own, looks at the first bytes a connection sends without taking them (MSG_PEEK),
// and answers a health probe there at once, closing after it; every other connection
// goes to the io threads, where it is served as before. A connection whose first bytes
// cannot tell yet (a header trickled a byte at a time) goes to the io threads too.

#include "server/connection_count.hpp"
#include "server/http_connection.hpp"
#include "server/http_exchange.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <string_view>

namespace mancala::server {

enum class Lane {
    express,  ///< a health probe: answered on the front desk's thread, one request, then closed
    main,     ///< everything else: the io threads
};

/// The lane of a connection that first sent `first_bytes`: express only for a request
/// line that starts "GET /healthz" or "HEAD /healthz" followed by a space or '?'.
Lane lane_of(std::string_view first_bytes);

/// Waits (within limits.read_timeout, and sheddable as any connection waiting for its
/// request) for `socket`'s first bytes, on the socket's own executor (the front desk's
/// thread), then serves it on its lane: there if express, else on a strand of `io`.
void greet_connection(boost::asio::ip::tcp::socket socket, boost::asio::any_io_executor io, RequestHandler& handler,
                      ConnectionLimits limits, ConnectionCount::Ticket ticket);

}  // namespace mancala::server
