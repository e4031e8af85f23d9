#include "homework/traverse_log.hpp"

#include "core/pit_names.hpp"

#include <cstring>

namespace mancala::homework {

LogTooLarge::LogTooLarge(std::uint64_t max_bytes)
    : std::runtime_error("the traverse log would be larger than its limit"), max_bytes_(max_bytes) {}

TraverseLog::TraverseLog(AtomicFile& out, int pits, bool with_alpha_beta, std::uint64_t max_bytes)
    : out_(out), with_alpha_beta_(with_alpha_beta), max_bytes_(max_bytes) {
    for (Side side : {Side::South, Side::North})
        for (int i = 0; i < pits; ++i)
            names_[static_cast<std::size_t>(index_of(side))][static_cast<std::size_t>(i)] = pit_name(pits, side, i);
    put(with_alpha_beta ? "Node,Depth,Value,Alpha,Beta\n" : "Node,Depth,Value\n");
}

void TraverseLog::flush() {
    // Checked once per buffer, before writing it, so the file never grows past the limit.
    if (bytes() > max_bytes_) throw LogTooLarge(max_bytes_);
    out_.write(std::string_view(buffer_.data(), used_));
    written_ += used_;
    used_ = 0;
}

void TraverseLog::put(std::string_view text) {
    std::memcpy(buffer_.data() + used_, text.data(), text.size());
    used_ += text.size();
}

void TraverseLog::put_int(int value) {
    char digits[12];
    char* end = digits + sizeof digits;
    char* p = end;
    unsigned magnitude = value < 0 ? 0u - static_cast<unsigned>(value) : static_cast<unsigned>(value);
    do {
        *--p = static_cast<char>('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0) *--p = '-';
    put(std::string_view(p, static_cast<std::size_t>(end - p)));
}

void TraverseLog::put_value(int value) {
    if (value >= search::kScoreInfinity)
        put("Infinity");
    else if (value <= -search::kScoreInfinity)
        put("-Infinity");
    else
        put_int(value);
}

void TraverseLog::line(const search::NodeLabel& node, int depth, int value, int alpha, int beta) {
    if (used_ + kLongestLine > kBufferSize) flush();
    put(node.is_root()
            ? std::string_view("root")
            : std::string_view(
                  names_[static_cast<std::size_t>(index_of(node.side))][static_cast<std::size_t>(node.pit)]));
    buffer_[used_++] = ',';
    put_int(depth);
    buffer_[used_++] = ',';
    put_value(value);
    if (with_alpha_beta_) {
        buffer_[used_++] = ',';
        put_value(alpha);
        buffer_[used_++] = ',';
        put_value(beta);
    }
    buffer_[used_++] = '\n';
}

}  // namespace mancala::homework
