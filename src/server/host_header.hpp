#pragma once
// The Host header of a request (RFC 9112 section 3.2, RFC 3986 section 3.2.2): whether
// its value is one host with an optional port, and whether that host names this machine.
// The connection refuses a malformed Host with 400; a server on loopback answers only
// to loopback names (DNS rebinding), so a name must be read exactly, not by its prefix.

#include <string_view>

namespace mancala::server {

/// Whether `value` is uri-host [":" port]: an IP literal in brackets, an IPv4 address or
/// a registered name, then at most a colon and decimal digits. "" is allowed (a request
/// whose target has no authority sends an empty Host).
bool well_formed_host(std::string_view value);

/// Whether a well-formed Host names this machine: localhost (or a name under
/// .localhost), 127.x.y.z or [::1], with any port; "" too (HTTP/1.0 without Host is not
/// a browser, so not a rebound page).
bool names_loopback(std::string_view value);

}  // namespace mancala::server
