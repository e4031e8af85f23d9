#pragma once
// Writes a file atomically: the target is replaced by rename only once the new
// contents are complete and synced. Until commit() the target is untouched, and
// a writer destroyed without commit() (an error, an exception) leaves nothing.
//
// The data goes to an unnamed file (O_TMPFILE) in the target's directory, so a
// process killed at any point, even by SIGKILL, leaves no temporary file; it is
// linked under a temporary name beside the target only at commit, then renamed
// onto it (Linux cannot link over an existing file), a window of two system calls.
// Where the file system has no O_TMPFILE, a named temporary file is used instead
// (removed on SIGINT, SIGTERM, SIGHUP and SIGQUIT; a SIGKILL leaves it behind).

#include "util/remove_on_signal.hpp"

#include <cstdio>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace mancala {

class AtomicFile {
public:
    enum class Temporary {
        unnamed_if_possible,  ///< O_TMPFILE, else a named temporary file
        named,                ///< always a named temporary file (the fallback, for tests)
    };

    /// Creates the temporary file; throws std::runtime_error naming the path on failure.
    explicit AtomicFile(std::filesystem::path target, Temporary temporary = Temporary::unnamed_if_possible);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Appends; throws std::runtime_error naming the target on failure (a full disk, a file size limit).
    void write(std::string_view text);

    /// Flushes, syncs and renames onto the target; throws std::runtime_error on any failure.
    void commit();

    /// True while the contents live in an unnamed (O_TMPFILE) file.
    bool unnamed() const { return temp_.empty(); }
    const std::filesystem::path& target() const { return target_; }

private:
    friend void commit_together(std::initializer_list<std::reference_wrapper<AtomicFile>> files);

    void finish();   // all data written and synced: only naming is left
    void stage();    // a temporary name beside the target, the stream closed
    void publish();  // renamed onto the target

    std::filesystem::path target_;
    std::filesystem::path temp_;  ///< empty while the file is unnamed
    std::FILE* stream_ = nullptr;
    std::optional<RemoveOnSignal> guard_;  ///< for temp_
    bool committed_ = false;
};

/// Commits several files as one: every file is written in full, synced and
/// named first, and only then is each renamed onto its target, so a failure in
/// any write (a full disk) leaves every target as it was. The renames are the
/// only steps left after that, and they allocate no data blocks.
void commit_together(std::initializer_list<std::reference_wrapper<AtomicFile>> files);

}  // namespace mancala
