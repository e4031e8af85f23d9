#pragma once
// Writes a file atomically: everything goes to a temporary file beside the
// target, which replaces the target by rename only once it is complete and
// flushed. Until commit() the target is untouched; a writer destroyed without
// commit() (an error, an exception) removes its temporary file.

#include <cstdio>
#include <filesystem>
#include <string_view>

namespace mancala {

class AtomicFile {
public:
    /// Creates the temporary file; throws std::runtime_error naming the path on failure.
    explicit AtomicFile(std::filesystem::path target);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    std::FILE* stream() { return stream_; }
    void write(std::string_view text);

    /// Flushes, syncs and renames onto the target; throws std::runtime_error on any failure.
    void commit();

    const std::filesystem::path& target() const { return target_; }

private:
    std::filesystem::path target_;
    std::filesystem::path temp_;
    std::FILE* stream_ = nullptr;
    bool committed_ = false;
};

}  // namespace mancala
