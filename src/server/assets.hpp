#pragma once
// The browser page's files: compiled into the binary from web/ (see
// cmake/embed_assets.cmake), or read from a folder on disk on every request.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mancala::server {

struct EmbeddedAsset {
    std::string_view path;  ///< relative to web/, e.g. "index.html", "img/board.svg"
    std::string_view bytes;
    std::string_view gzip;  ///< the bytes gzipped, or empty where that saves nothing
    std::string_view etag;  ///< a quoted strong ETag from the bytes' SHA-256
};

/// Every file of web/ as it was at build time (generated source).
std::span<const EmbeddedAsset> embedded_assets();

/// The Content-Type for a file name, by its extension ("application/octet-stream" if unknown).
std::string_view content_type_for(std::string_view path);

struct Asset {
    std::string body;
    std::string_view content_type;
    std::string_view gzip;  ///< the compiled-in copy's gzipped body, if any
    std::string_view etag;  ///< the compiled-in copy's ETag; none for a folder on disk
};

/// Whether an Accept-Encoding value takes gzip: gzip, x-gzip or * with a q above 0.
bool accepts_gzip(std::string_view accept_encoding);

/// Whether an If-None-Match value names `etag` (or is *): the client's copy is current.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

/// The file for a URL path ("/" is "/index.html"), from `dir` if given, else from the
/// compiled-in copy. Nothing outside the folder is ever served: paths with "..",
/// empty or hidden segments, backslashes or NULs find nothing.
std::optional<Asset> find_asset(const std::optional<std::filesystem::path>& dir, std::string_view url_path);

}  // namespace mancala::server
