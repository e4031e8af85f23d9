#include "server/host_header.hpp"

#include <boost/asio/ip/address.hpp>

#include <algorithm>
#include <cctype>
#include <string>

namespace mancala::server {

namespace {

struct HostAndPort {
    std::string_view host;  ///< with its brackets, for an IP literal
    std::string_view port;  ///< digits, or "" when there is none
    bool ok = false;
};

bool all_digits(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// unreserved / pct-encoded / sub-delims (RFC 3986): the characters of a reg-name.
bool reg_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("-._~%!$&'()*+,;=").find(c) != std::string_view::npos;
}

HostAndPort split(std::string_view value) {
    HostAndPort parts;
    std::string_view rest;
    if (value.starts_with('[')) {
        const auto close = value.find(']');
        if (close == std::string_view::npos) return parts;
        parts.host = value.substr(0, close + 1);
        const std::string_view inside = value.substr(1, close - 1);
        const bool literal = !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char c) {
            return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
        });
        if (!literal) return parts;
        rest = value.substr(close + 1);
    } else {
        const auto colon = value.find(':');
        parts.host = value.substr(0, colon);
        if (!std::all_of(parts.host.begin(), parts.host.end(), reg_name_char)) return parts;
        rest = colon == std::string_view::npos ? std::string_view{} : value.substr(colon);
    }
    if (!rest.empty()) {
        if (rest.front() != ':' || !all_digits(rest.substr(1))) return parts;
        parts.port = rest.substr(1);
    }
    parts.ok = true;
    return parts;
}

}  // namespace

bool well_formed_host(std::string_view value) { return split(value).ok; }

bool names_loopback(std::string_view value) {
    if (value.empty()) return true;
    const HostAndPort parts = split(value);
    if (!parts.ok) return false;
    std::string name(parts.host);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == "localhost" || name.ends_with(".localhost")) return true;
    if (name.starts_with('[')) name = name.substr(1, name.size() - 2);
    boost::system::error_code ec;
    const boost::asio::ip::address address = boost::asio::ip::make_address(name, ec);
    return !ec && address.is_loopback();
}

}  // namespace mancala::server
