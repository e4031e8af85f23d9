#pragma once
// The homework's traverse_log.txt as a trace listener of the textbook search.
// Lines are formatted by hand into a fixed buffer and streamed out, so a log of
// hundreds of megabytes costs a few kilobytes of memory and no allocation per line.

#include "search/textbook_search.hpp"

#include <array>
#include <cstdio>
#include <string>

namespace mancala::homework {

class TraverseLog {
public:
    static constexpr bool kEnabled = true;

    /// Writes the header line at once; `with_alpha_beta` selects the Alpha-Beta format.
    TraverseLog(std::FILE* out, int pits, bool with_alpha_beta);
    ~TraverseLog() { flush(); }
    TraverseLog(const TraverseLog&) = delete;
    TraverseLog& operator=(const TraverseLog&) = delete;

    void line(const search::NodeLabel& node, int depth, int value, int alpha, int beta);

    /// Hands everything buffered to the stream.
    void flush();

private:
    static constexpr std::size_t kBufferSize = 1 << 16;
    static constexpr std::size_t kLongestLine = 64;

    void put(std::string_view text);
    void put_int(int value);
    void put_value(int value);

    std::FILE* out_;
    bool with_alpha_beta_;
    std::array<std::array<std::string, kMaxPits>, 2> names_;
    std::array<char, kBufferSize> buffer_{};
    std::size_t used_ = 0;
};

}  // namespace mancala::homework
