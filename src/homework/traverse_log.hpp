#pragma once
// The homework's traverse_log.txt as a trace listener of the textbook search.
// Lines are formatted by hand into a fixed buffer and streamed out, so a log of
// hundreds of megabytes costs a few kilobytes of memory and no allocation per line.
// The log has a size limit, checked as it grows: the search tree, and so the log,
// grows exponentially with the cutoff depth, and a huge depth must not fill the disk.

#include "search/textbook_search.hpp"
#include "util/atomic_file.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace mancala::homework {

/// Thrown out of the search once the log would be larger than its limit.
class LogTooLarge : public std::runtime_error {
public:
    explicit LogTooLarge(std::uint64_t max_bytes);
    std::uint64_t max_bytes() const { return max_bytes_; }

private:
    std::uint64_t max_bytes_;
};

class TraverseLog {
public:
    static constexpr bool kEnabled = true;

    /// Writes the header line at once; `with_alpha_beta` selects the Alpha-Beta format.
    /// The log may hold at most `max_bytes` bytes, header included.
    TraverseLog(AtomicFile& out, int pits, bool with_alpha_beta, std::uint64_t max_bytes);
    TraverseLog(const TraverseLog&) = delete;
    TraverseLog& operator=(const TraverseLog&) = delete;

    void line(const search::NodeLabel& node, int depth, int value, int alpha, int beta);

    /// Hands everything buffered to the file; throws LogTooLarge past the limit,
    /// std::runtime_error if the file cannot take it (a full disk).
    void flush();

    /// Bytes of the log so far.
    std::uint64_t bytes() const { return written_ + used_; }

private:
    static constexpr std::size_t kBufferSize = 1 << 16;
    static constexpr std::size_t kLongestLine = 64;

    void put(std::string_view text);
    void put_int(int value);
    void put_value(int value);

    AtomicFile& out_;
    bool with_alpha_beta_;
    std::uint64_t max_bytes_;
    std::uint64_t written_ = 0;
    std::array<std::array<std::string, kMaxPits>, 2> names_;
    std::array<char, kBufferSize> buffer_{};
    std::size_t used_ = 0;
};

}  // namespace mancala::homework
