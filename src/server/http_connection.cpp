#include "server/http_connection.hpp"

#include "server/host_header.hpp"

#include <fmt/format.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <array>
#include <optional>
#include <string_view>

namespace mancala::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

using Clock = std::chrono::steady_clock;

/// A header's value without the spaces and tabs around it.
beast::string_view trimmed(beast::string_view value) {
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    return value;
}

/// What an HTTP/1.1 server must refuse in a request's framing (RFC 9112, 6.1-6.3),
/// beyond what Beast's parser refuses itself (differing lengths, a length beside chunked).
std::optional<std::string> framing_problem(const http::request_parser<http::string_body>& parser) {
    const auto& fields = parser.get();
    if (fields.count(http::field::content_length) > 1) return "the request has more than one Content-Length header";
    if (fields.count(http::field::transfer_encoding) > 1)
        return "the request has more than one Transfer-Encoding header";
    // Beast reads "gzip, chunked" as chunked (the last coding), but the body would then be
    // gzip: chunked must be the one coding, or a proxy that decodes gzip smuggles a request.
    if (const auto it = fields.find(http::field::transfer_encoding);
        it != fields.end() && !beast::iequals(trimmed(it->value()), "chunked"))
        return "Transfer-Encoding must be chunked alone (no other coding is accepted)";
    if (fields.count(http::field::transfer_encoding) == 1 && fields.count(http::field::content_length) > 0)
        return "the request has both Content-Length and Transfer-Encoding";
    // RFC 9112 section 3.2: an HTTP/1.1 request has exactly one Host, and a well-formed one.
    const std::size_t hosts = fields.count(http::field::host);
    if (fields.version() >= 11 && hosts == 0) return "an HTTP/1.1 request must have a Host header";
    if (hosts > 1) return "the request has more than one Host header";
    if (const auto it = fields.find(http::field::host);
        it != fields.end() && !well_formed_host(std::string_view(it->value().data(), it->value().size())))
        return "the Host header is not a host and an optional port";
    return std::nullopt;
}

/// The answer to a request that could not be read, or nothing if the connection
/// should just close (the client left, or never finished its request).
std::optional<std::pair<int, std::string>> read_failure(const beast::error_code& ec) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout || ec == net::error::operation_aborted ||
        ec == net::error::connection_reset || ec == net::error::eof || ec == http::error::partial_message)
        return std::nullopt;
    if (ec == http::error::body_limit)
        return std::pair{413, fmt::format("request body too large (the limit is {} bytes)", kMaxBodyBytes)};
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow)
        return std::pair{431, fmt::format("request header too large (the limit is {} bytes)", kMaxHeaderBytes)};
    if (ec == http::error::bad_content_length)
        return std::pair{400, "bad Content-Length (more than one value, or beside Transfer-Encoding: chunked)"};
    if (ec == http::error::bad_transfer_encoding)
        return std::pair{400, "bad Transfer-Encoding (repeated, or beside Content-Length)"};
    return std::pair{400, fmt::format("malformed request: {}", ec.message())};
}

class Connection : public std::enable_shared_from_this<Connection> {
public:
    Connection(tcp::socket socket, RequestHandler& handler, ConnectionLimits limits, ConnectionCount::Ticket ticket)
        : stream_(std::move(socket)),
          buffer_(kMaxHeaderBytes + kMaxBodyBytes + 1024),
          handler_(handler),
          limits_(limits),
          ticket_(std::move(ticket)) {
        beast::error_code ec;
        const tcp::endpoint peer = stream_.socket().remote_endpoint(ec);
        client_ = ec ? "unknown" : peer.address().to_string();
        client_key_ = ticket_.client();  // worked out once, when the connection was let in
        stream_.socket().set_option(tcp::no_delay(true), ec);
    }

    void start() {
        net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_header(); });
    }

private:
    void read_header() {
        parser_.emplace();
        parser_->header_limit(static_cast<std::uint32_t>(kMaxHeaderBytes));
        parser_->body_limit(kMaxBodyBytes);
        head_ = RequestHead{};
        head_only_ = false;
        head_.client = client_;
        head_.client_key = client_key_;
        stream_.expires_after(limits_.read_timeout);
        // Until its request comes, the connection may be shed to let a newcomer in at the
        // total cap (ConnectionCount): the close is asked for on the connection's strand.
        ticket_.waiting([weak = weak_from_this()] {
            if (const auto self = weak.lock()) net::post(self->stream_.get_executor(), [self] { self->close(); });
        });
        http::async_read_header(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
    }

    void on_header(beast::error_code ec) {
        if (ec) return fail_read(ec);
        ticket_.busy();
        const auto& req = parser_->get();
        head_.method = std::string(req.method_string());
        // HEAD is answered as GET would be, without the body (RFC 9110 section 9.3.2).
        head_only_ = head_.method == "HEAD";
        if (head_only_) head_.method = "GET";
        const std::string_view target(req.target().data(), req.target().size());
        const auto question = target.find('?');
        head_.path = std::string(target.substr(0, question));
        if (question != std::string_view::npos) head_.query = std::string(target.substr(question + 1));
        if (const auto it = req.find(http::field::content_type); it != req.end())
            head_.content_type = std::string(it->value());
        if (const auto it = req.find(http::field::host); it != req.end()) head_.host = std::string(it->value());
        if (const auto it = req.find(http::field::accept_encoding); it != req.end())
            head_.accept_encoding = std::string(it->value());
        if (const auto it = req.find(http::field::if_none_match); it != req.end())
            head_.if_none_match = std::string(it->value());
        head_.has_body = parser_->chunked() || parser_->content_length().value_or(0) > 0;
        keep_alive_ = req.keep_alive();
        started_ = Clock::now();

        if (const auto problem = framing_problem(*parser_)) return refuse(400, *problem);
        if (std::optional<Response> refusal = handler_.check_head(head_)) {
            refusal->close = true;  // the body, if any, is never read
            return send(std::move(*refusal));
        }
        if (parser_->is_done()) return on_body({});
        // A client that waits for our word before sending its body (curl does, past 1 KiB).
        const auto expect = req.find(http::field::expect);
        if (expect != req.end() && beast::iequals(expect->value(), "100-continue")) {
            continue_.emplace(http::status::continue_, req.version());
            return http::async_write(stream_, *continue_,
                                     [self = shared_from_this()](beast::error_code write_ec, std::size_t) {
                                         if (write_ec) return;
                                         self->read_body();
                                     });
        }
        read_body();
    }

    void read_body() {
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_body(ec); });
    }

    void on_body(beast::error_code ec) {
        if (ec) return fail_read(ec);
        stream_.expires_never();  // answering may take a while (thinking); the answer has its own deadline
        Request request{head_, parser_->release().body()};
        parser_.reset();
        auto self = shared_from_this();
        handler_.handle(std::move(request), [self](Response response) {
            net::post(self->stream_.get_executor(),
                      [self, response = std::move(response)]() mutable { self->send(std::move(response)); });
        });
    }

    void fail_read(beast::error_code ec) {
        const auto failure = read_failure(ec);
        if (!failure) return close();
        if (head_.method.empty()) started_ = Clock::now();
        refuse(failure->first, failure->second);
    }

    void refuse(int status, const std::string& message) {
        Response response = handler_.refuse(status, message);
        response.close = true;
        send(std::move(response));
    }

    void send(Response response) {
        const bool close_after = response.close || !keep_alive_ || limits_.one_request;
        response_.emplace(static_cast<http::status>(response.status), 11);
        response_->set(http::field::server, "mancala");
        response_->set(http::field::content_type, response.content_type);
        for (const auto& [name, value] : response.headers) response_->set(name, value);
        response_->keep_alive(!close_after);
        response_->body() = std::move(response.body);
        response_->prepare_payload();
        if (head_only_) response_->body().clear();  // Content-Length stays the GET's
        // A 304 has no body, and a length of 0 would misstate the one the client holds.
        if (response.status == 304) response_->erase(http::field::content_length);
        answer_ = std::move(response);
        answer_.close = close_after;
        // Counted when sent, not when written: a client that has its answer may ask what it counted.
        handler_.answered(head_, answer_, std::chrono::duration<double>(Clock::now() - started_).count());
        stream_.expires_after(limits_.write_timeout);
        http::async_write(stream_, *response_,
                          [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_written(ec); });
    }

    void on_written(beast::error_code ec) {
        response_.reset();
        if (ec) return close();
        if (answer_.close) return linger();
        read_header();
    }

    /// Closes after an answer that left part of a request unread: the client first
    /// gets our end of the stream, and what it still sends is read and dropped for a
    /// moment, because closing with unread bytes resets the connection, and a reset
    /// can destroy the answer before the client reads it (RFC 9112, 9.6).
    void linger() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.expires_after(kLingerTime);
        drain();
    }

    void drain() {
        stream_.async_read_some(net::buffer(drain_buffer_),
                                [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                                    self->drained_ += bytes;
                                    if (ec || self->drained_ > kMaxLingerBytes) return self->close();
                                    self->drain();
                                });
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.close();
    }

    static constexpr std::chrono::milliseconds kLingerTime{1000};
    static constexpr std::size_t kMaxLingerBytes = 1024 * 1024;
    std::array<char, 4096> drain_buffer_{};
    std::size_t drained_ = 0;

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    RequestHandler& handler_;
    const ConnectionLimits limits_;
    ConnectionCount::Ticket ticket_;  // given back when the connection goes
    std::string client_;
    std::string client_key_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::optional<http::response<http::empty_body>> continue_;
    std::optional<http::response<http::string_body>> response_;
    RequestHead head_;
    bool head_only_ = false;  // a HEAD request: the answer's header alone
    Response answer_;
    bool keep_alive_ = false;
    Clock::time_point started_ = Clock::now();
};

}  // namespace

void serve_connection(tcp::socket socket, RequestHandler& handler, ConnectionLimits limits,
                      ConnectionCount::Ticket ticket) {
    std::make_shared<Connection>(std::move(socket), handler, limits, std::move(ticket))->start();
}

std::string client_key(const net::ip::address& address) {
    if (address.is_v4()) return address.to_string();
    const net::ip::address_v6 v6 = address.to_v6();
    if (v6.is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, v6).to_string();
    net::ip::address_v6::bytes_type bytes = v6.to_bytes();
    for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
    return net::ip::make_address_v6(bytes).to_string() + "/64";
}

}  // namespace mancala::server
