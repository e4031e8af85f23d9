#include "server/assets.hpp"

#include <algorithm>
#include <cctype>
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
            if (asset.path == *path)
                return Asset{std::string(asset.bytes), content_type_for(*path), asset.gzip, asset.etag};
        return std::nullopt;
    }
    const std::filesystem::path file = *dir / *path;
    std::error_code error;
    if (!std::filesystem::is_regular_file(file, error)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream body;
    body << in.rdbuf();
    return Asset{std::move(body).str(), content_type_for(*path), {}, {}};
}

namespace {

/// Calls f(element) for each element of a comma-separated header value, spaces trimmed.
template <class F>
void for_each_element(std::string_view list, F&& f) {
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        std::string_view element = list.substr(0, comma);
        while (!element.empty() && (element.front() == ' ' || element.front() == '\t')) element.remove_prefix(1);
        while (!element.empty() && (element.back() == ' ' || element.back() == '\t')) element.remove_suffix(1);
        if (!element.empty()) f(element);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
    bool accepted = false;
    for_each_element(accept_encoding, [&](std::string_view element) {
        std::string_view coding = element.substr(0, element.find(';'));
        while (!coding.empty() && coding.back() == ' ') coding.remove_suffix(1);
        if (!equals_ignoring_case(coding, "gzip") && !equals_ignoring_case(coding, "x-gzip") && coding != "*")
            return;
        // q=0 (or 0.0, 0.00...) refuses the coding; any other weight takes it.
        bool refused = false;
        if (const std::size_t q = element.find(";q="); q != std::string_view::npos) {
            const std::string_view weight = element.substr(q + 3);
            refused = !weight.empty() && weight.find_first_not_of("0.") == std::string_view::npos;
        }
        if (!refused) accepted = true;
    });
    return accepted;
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
    if (etag.empty()) return false;
    bool matched = false;
    for_each_element(if_none_match, [&](std::string_view element) {
        if (element.starts_with("W/")) element.remove_prefix(2);  // If-None-Match compares weakly
        if (element == "*" || element == etag) matched = true;
    });
    return matched;
}

}  // namespace mancala::server
