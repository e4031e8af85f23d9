#include "util/progress_line.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mancala {

void ProgressLine::show(std::string_view text) {
    last_shown_ = Clock::now();
    if (terminal_) {
        fmt::print(out_, "\r{}\x1b[K", text);
        open_ = true;
    } else {
        fmt::print(out_, "{}\n", text);
    }
    std::fflush(out_);
}

void ProgressLine::keep() {
    if (!open_) return;
    std::fputc('\n', out_);
    std::fflush(out_);
    open_ = false;
}

std::string progress_bar(double fraction, int width) {
    const int filled = std::clamp(static_cast<int>(fraction * width), 0, width);
    return fmt::format("[{}{}] ", std::string(static_cast<std::size_t>(filled), '#'),
                       std::string(static_cast<std::size_t>(width - filled), '.'));
}

std::string format_eta(double seconds) {
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s < 60) return fmt::format("{}s", s);
    if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
    return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
}

}  // namespace mancala
