#include "util/read_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mancala {

std::string read_small_file(const std::filesystem::path& path, std::size_t limit) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw std::invalid_argument(fmt::format("cannot read {}: no such file", path.string()));
    if (!std::filesystem::is_regular_file(status))
        throw std::invalid_argument(fmt::format("cannot read {}: not a regular file", path.string()));
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > limit)
        throw std::invalid_argument(
            fmt::format("cannot read {}: {} bytes is more than the limit of {}", path.string(), size, limit));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::invalid_argument(fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

}  // namespace mancala
