#pragma once
// A request and its answer as the server's parts see them, with no HTTP library
// in them: the connection (src/server/http_connection.*) reads and writes the
// wire format; the request handler decides what to answer.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mancala::server {

/// What is known of a request once its header is read, before its body.
struct RequestHead {
    std::string method;
    std::string path;   ///< the target without its query
    std::string query;  ///< after '?', if any
    std::optional<std::string> content_type;
    std::string host;             ///< the Host header, "" if none
    std::string accept_encoding;  ///< the Accept-Encoding header, "" if none
    std::string if_none_match;    ///< the If-None-Match header, "" if none
    bool has_body = false;        ///< a Content-Length above 0, or a chunked body
    std::string client;           ///< the peer's address
    std::string client_key;       ///< the client as rate limits count it (an IPv6 address by its /64)
};

struct Request {
    RequestHead head;
    std::string body;
};

struct Response {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;  ///< besides Content-Type and Content-Length
    bool close = false;                                        ///< close the connection after this answer
    /// The route pattern it was answered under, for logs and metrics ("-": none).
    std::string route = "-";
};

/// Answers requests. The connection calls it on its own thread; `respond` may be
/// called later from any thread, exactly once.
class RequestHandler {
public:
    virtual ~RequestHandler() = default;

    /// Before the body is read: an answer that refuses the request (the body is then
    /// never read and the connection closes), or nullopt to go on.
    virtual std::optional<Response> check_head(const RequestHead& head) = 0;

    virtual void handle(Request request, std::function<void(Response)> respond) = 0;

    /// A refusal of the connection itself (malformed, too large, too slow) as an answer.
    virtual Response refuse(int status, const std::string& message) = 0;

    /// As the answer is sent: for logs and metrics.
    virtual void answered(const RequestHead& head, const Response& response, double seconds) = 0;
};

}  // namespace mancala::server
