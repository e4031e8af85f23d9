#include "server/front_desk.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <memory>

namespace mancala::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr std::string_view kHealthPath = "/healthz";
/// "HEAD /healthz" and the byte after it: enough to tell a probe from anything else.
constexpr std::size_t kDecidingBytes = 5 + kHealthPath.size() + 1;

/// Holds a new connection on the front desk's thread until its first bytes come.
class Greeter : public std::enable_shared_from_this<Greeter> {
public:
    Greeter(tcp::socket socket, net::any_io_executor io, RequestHandler& handler, ConnectionLimits limits,
            ConnectionCount::Ticket ticket)
        : socket_(std::move(socket)),
          deadline_(socket_.get_executor()),
          io_(std::move(io)),
          handler_(handler),
          limits_(limits),
          ticket_(std::move(ticket)) {}

    void start() {
        ticket_.waiting([weak = weak_from_this()] {
            if (const auto self = weak.lock()) net::post(self->socket_.get_executor(), [self] { self->close(); });
        });
        deadline_.expires_after(limits_.read_timeout);
        deadline_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
            if (ec) return;  // cancelled: the bytes came
            if (const auto self = weak.lock()) self->close();
        });
        wait();
    }

private:
    void wait() {
        socket_.async_wait(tcp::socket::wait_read,
                           [self = shared_from_this()](boost::system::error_code ec) { self->on_readable(ec); });
    }

    void on_readable(boost::system::error_code ec) {
        if (ec || !socket_.is_open()) return;  // shed, or past the deadline
        std::array<char, kDecidingBytes> bytes{};
        const ssize_t got = ::recv(socket_.native_handle(), bytes.data(), bytes.size(), MSG_PEEK | MSG_DONTWAIT);
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return wait();
        if (got <= 0) return close();  // the client left, or the socket failed
        deadline_.cancel();
        ticket_.busy();  // the connection's own wait for its request starts where it is served
        if (lane_of(std::string_view(bytes.data(), static_cast<std::size_t>(got))) == Lane::express) {
            ConnectionLimits probe = limits_;
            probe.one_request = true;
            return serve_connection(std::move(socket_), handler_, probe, std::move(ticket_));
        }
        hand_to_io();
    }

    /// Moves the socket to a strand of the io threads: the bytes peeked are still unread.
    void hand_to_io() {
        boost::system::error_code ec;
        const tcp::endpoint local = socket_.local_endpoint(ec);
        if (ec) return close();
        const tcp::socket::native_handle_type fd = socket_.release(ec);
        if (ec) return close();
        tcp::socket moved(net::make_strand(io_));
        moved.assign(local.protocol(), fd, ec);
        if (ec) {
            ::close(fd);
            return;
        }
        serve_connection(std::move(moved), handler_, limits_, std::move(ticket_));
    }

    void close() {
        boost::system::error_code ignored;
        deadline_.cancel();
        socket_.close(ignored);
    }

    tcp::socket socket_;
    net::steady_timer deadline_;
    net::any_io_executor io_;
    RequestHandler& handler_;
    const ConnectionLimits limits_;
    ConnectionCount::Ticket ticket_;
};

}  // namespace

Lane lane_of(std::string_view first_bytes) {
    for (const std::string_view method : {std::string_view("GET "), std::string_view("HEAD ")}) {
        if (!first_bytes.starts_with(method)) continue;
        const std::string_view target = first_bytes.substr(method.size());
        if (target.size() > kHealthPath.size() && target.starts_with(kHealthPath) &&
            (target[kHealthPath.size()] == ' ' || target[kHealthPath.size()] == '?'))
            return Lane::express;
    }
    return Lane::main;
}

void greet_connection(tcp::socket socket, net::any_io_executor io, RequestHandler& handler, ConnectionLimits limits,
                      ConnectionCount::Ticket ticket) {
    std::make_shared<Greeter>(std::move(socket), std::move(io), handler, limits, std::move(ticket))->start();
}

}  // namespace mancala::server
