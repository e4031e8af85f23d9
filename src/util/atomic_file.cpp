#include "util/atomic_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

#include <unistd.h>

namespace mancala {

namespace {

[[noreturn]] void fail(std::string_view what, const std::filesystem::path& path, int error) {
    throw std::runtime_error(fmt::format("cannot {} {}: {}", what, path.string(), std::strerror(error)));
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
    const auto dir = target_.has_parent_path() ? target_.parent_path() : std::filesystem::path(".");
    std::string pattern = (dir / ("." + target_.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) fail("create a temporary file for", target_, errno);
    temp_ = pattern;
    stream_ = ::fdopen(fd, "wb");
    if (!stream_) {
        const int error = errno;
        ::close(fd);
        std::filesystem::remove(temp_);
        fail("open", temp_, error);
    }
    // Large writes in big chunks: traverse logs run to hundreds of megabytes.
    std::setvbuf(stream_, nullptr, _IOFBF, 1 << 20);
}

AtomicFile::~AtomicFile() {
    if (committed_) return;
    if (stream_) std::fclose(stream_);
    std::error_code ignored;
    std::filesystem::remove(temp_, ignored);
}

void AtomicFile::write(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), stream_) != text.size()) fail("write", temp_, errno);
}

void AtomicFile::commit() {
    if (std::fflush(stream_) != 0 || std::ferror(stream_)) fail("write", temp_, errno);
    if (::fsync(::fileno(stream_)) != 0) fail("sync", temp_, errno);
    const int closed = std::fclose(stream_);
    stream_ = nullptr;
    if (closed != 0) fail("close", temp_, errno);
    // mkstemp creates files readable by the owner only; give the result the usual mode.
    std::error_code ec;
    std::filesystem::permissions(temp_,
                                 std::filesystem::perms::owner_read | std::filesystem::perms::owner_write |
                                     std::filesystem::perms::group_read | std::filesystem::perms::others_read,
                                 ec);
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail("replace", target_, errno);
    committed_ = true;
}

}  // namespace mancala
