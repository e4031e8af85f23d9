#include "util/atomic_file.hpp"

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace mancala {

namespace {

constexpr mode_t kMode = 0644;

[[noreturn]] void fail(std::string_view what, const std::filesystem::path& path, int error) {
    throw std::runtime_error(fmt::format("cannot {} {}: {}", what, path.string(), std::strerror(error)));
}

std::filesystem::path directory_of(const std::filesystem::path& target) {
    return target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
}

// A fresh name for a temporary file beside `target`: .NAME.tmp-XXXXXX, X random.
std::string temp_name(const std::filesystem::path& target) {
    static constexpr std::string_view kChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::random_device device;
    std::string suffix(6, ' ');
    for (char& c : suffix) c = kChars[device() % kChars.size()];
    return (directory_of(target) / ("." + target.filename().string() + ".tmp-" + suffix)).string();
}

// Links the unnamed file behind `fd` as `name`; returns 0 or the errno of the last try.
int link_unnamed(int fd, const std::string& name) {
    const std::string proc = fmt::format("/proc/self/fd/{}", fd);
    if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) return 0;
    if (errno == EEXIST) return errno;
    // Without /proc: AT_EMPTY_PATH, which needs CAP_DAC_READ_SEARCH.
    if (::linkat(fd, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH) == 0) return 0;
    return errno;
}

void sync_directory(const std::filesystem::path& dir) {
    // Makes the rename itself durable; a failure here loses nothing already written.
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target, Temporary temporary) : target_(std::move(target)) {
    int fd = -1;
    // An unnamed file is named at commit through /proc/self/fd; without /proc that
    // would need CAP_DAC_READ_SEARCH, so without it the named file is the safe choice.
    if (temporary == Temporary::unnamed_if_possible && ::access("/proc/self/fd", F_OK) == 0)
        fd = ::open(directory_of(target_).c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, kMode);
    if (fd < 0) {
        // No O_TMPFILE here (some file systems, old kernels): a named temporary file,
        // guarded before it exists so that no signal finds it unguarded.
        int error = EEXIST;
        for (int attempt = 0; attempt < 100 && error == EEXIST; ++attempt) {
            std::string name = temp_name(target_);
            guard_.emplace(name);
            fd = ::open(name.c_str(), O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, kMode);
            error = fd < 0 ? errno : 0;
            if (fd >= 0) temp_ = name;
        }
        if (fd < 0) {
            guard_.reset();
            fail("create a temporary file for", target_, error);
        }
    }
    stream_ = ::fdopen(fd, "wb");
    if (!stream_) {
        const int error = errno;
        ::close(fd);
        if (!temp_.empty()) ::unlink(temp_.c_str());
        fail("open a temporary file for", target_, error);
    }
    // Large writes in big chunks: traverse logs run to hundreds of megabytes.
    std::setvbuf(stream_, nullptr, _IOFBF, 1 << 20);
}

AtomicFile::~AtomicFile() {
    if (stream_) std::fclose(stream_);
    if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::write(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), stream_) != text.size()) fail("write", target_, errno);
}

void AtomicFile::finish() {
    if (std::fflush(stream_) != 0 || std::ferror(stream_)) fail("write", target_, errno);
    if (::fsync(::fileno(stream_)) != 0) fail("sync", target_, errno);
}

void AtomicFile::stage() {
    // A directory in the target's place would fail the rename; find out before any file is replaced.
    std::error_code ec;
    if (std::filesystem::is_directory(std::filesystem::symlink_status(target_, ec)))
        fail("replace", target_, EISDIR);
    const int fd = ::fileno(stream_);
    if (temp_.empty()) {
        std::string name;
        int error = EEXIST;
        for (int attempt = 0; attempt < 100 && error == EEXIST; ++attempt) {
            name = temp_name(target_);
            guard_.emplace(name);
            error = link_unnamed(fd, name);
        }
        if (error != 0) {
            guard_.reset();
            fail("name the temporary file of", target_, error);
        }
        temp_ = name;
    }
    const int closed = std::fclose(stream_);
    stream_ = nullptr;
    if (closed != 0) fail("close", temp_, errno);
}

void AtomicFile::publish() {
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail("replace", target_, errno);
    committed_ = true;
    guard_.reset();
    sync_directory(directory_of(target_));
}

void AtomicFile::commit() { commit_together({*this}); }

void commit_together(std::initializer_list<std::reference_wrapper<AtomicFile>> files) {
    for (AtomicFile& file : files) file.finish();
    for (AtomicFile& file : files) file.stage();
    for (AtomicFile& file : files) file.publish();
}

}  // namespace mancala
