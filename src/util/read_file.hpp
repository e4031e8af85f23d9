#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace mancala {

/// Reads a whole text file of at most `limit` bytes. Throws std::invalid_argument
/// naming the path when it is missing, unreadable, not a regular file or too large.
std::string read_small_file(const std::filesystem::path& path, std::size_t limit = 1 << 20);

}  // namespace mancala
