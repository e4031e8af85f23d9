#include "server/assets.hpp"

#include <fstream>
#include <iterator>
#include <sstream>

namespace mancala::server {

namespace {

struct TypeByExtension {
    std::string_view extension;
    std::string_view type;
};

constexpr TypeByExtension kTypes[] = {
    {".html", "text/html; charset=utf-8"},
    {".htm", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".json", "application/json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".jpeg", "image/jpeg"},
    {".gif", "image/gif"},
    {".webp", "image/webp"},
    {".ico", "image/x-icon"},
    {".txt", "text/plain; charset=utf-8"},
    {".woff", "font/woff"},
    {".woff2", "font/woff2"},
    {".map", "application/json"},
    {".webmanifest", "application/manifest+json"},
    {".wasm", "application/wasm"},
};

/// The path relative to the asset folder, or nullopt if it could leave the folder.
std::optional<std::string> relative_path(std::string_view url_path) {
    if (url_path.empty() || url_path.front() != '/') return std::nullopt;
    std::string path(url_path.substr(1));
    if (path.empty() || path.back() == '/') path += "index.html";
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view segment = std::string_view(path).substr(start, end - start);
        if (segment.empty() || segment.front() == '.') return std::nullopt;  // "", ".", "..", hidden
        start = end + 1;
    }
    if (path.find('\\') != std::string::npos || path.find('\0') != std::string::npos) return std::nullopt;
    return path;
}

}  // namespace

std::string_view content_type_for(std::string_view path) {
    for (const TypeByExtension& t : kTypes)
        if (path.size() > t.extension.size() && path.ends_with(t.extension)) return t.type;
    return "application/octet-stream";
}

std::optional<Asset> find_asset(const std::optional<std::filesystem::path>& dir, std::string_view url_path) {
    const std::optional<std::string> path = relative_path(url_path);
    if (!path) return std::nullopt;
    if (!dir) {
        for (const EmbeddedAsset& asset : embedded_assets())
            if (asset.path == *path) return Asset{std::string(asset.bytes), content_type_for(*path)};
        return std::nullopt;
    }
    const std::filesystem::path file = *dir / *path;
    std::error_code error;
    if (!std::filesystem::is_regular_file(file, error)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream body;
    body << in.rdbuf();
    return Asset{std::move(body).str(), content_type_for(*path)};
}

}  // namespace mancala::server
