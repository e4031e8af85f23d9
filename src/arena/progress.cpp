#include "arena/progress.hpp"

#include <fmt/format.h>

#include <cmath>

namespace mancala::arena {

std::string format_eta(double seconds) {
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s < 60) return fmt::format("{}s", s);
    if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
    return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
}

std::string format_progress(int done, int total, std::optional<double> rate, int bar_width) {
    const double fraction = total > 0 ? static_cast<double>(done) / total : 1.0;
    std::string text;
    if (bar_width > 0) {
        const auto filled = static_cast<int>(fraction * bar_width);
        text = fmt::format("[{}{}] ", std::string(static_cast<std::size_t>(filled), '#'),
                           std::string(static_cast<std::size_t>(bar_width - filled), '.'));
    }
    text += fmt::format("{}/{} games ({:.0f}%)", done, total, 100 * fraction);
    if (rate && *rate > 0) {
        text += *rate >= 100 ? fmt::format(", {:.0f} games/s", *rate) : fmt::format(", {:.3g} games/s", *rate);
        if (done < total) text += ", ETA " + format_eta((total - done) / *rate);
    }
    return text;
}

ProgressBar::ProgressBar(std::FILE* out, bool interactive, std::chrono::milliseconds log_period)
    : out_(out), interactive_(interactive), period_(interactive ? std::chrono::milliseconds(100) : log_period) {}

void ProgressBar::start(int done, int total) {
    initial_ = last_done_ = done;
    total_ = total;
    started_ = last_draw_ = Clock::now();
    if (interactive_) draw(done, started_);
}

void ProgressBar::update(int done) {
    last_done_ = done;
    const auto now = Clock::now();
    if (now - last_draw_ >= period_) draw(done, now);
}

void ProgressBar::finish() {
    draw(last_done_, Clock::now());
    if (interactive_) std::fputc('\n', out_);
    std::fflush(out_);
}

void ProgressBar::draw(int done, Clock::time_point now) {
    last_draw_ = now;
    const double elapsed = std::chrono::duration<double>(now - started_).count();
    std::optional<double> rate;
    if (elapsed > 0 && done > initial_) rate = (done - initial_) / elapsed;
    if (interactive_) {
        // \r and clear-to-end-of-line: redraw in place, even when the new line is shorter.
        fmt::print(out_, "\r{}\x1b[K", format_progress(done, total_, rate, 30));
    } else {
        fmt::print(out_, "arena: {}\n", format_progress(done, total_, rate, 0));
    }
    std::fflush(out_);
}

}  // namespace mancala::arena
