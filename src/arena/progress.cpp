#include "arena/progress.hpp"

#include <fmt/format.h>

namespace mancala::arena {

std::string format_progress(int done, int total, std::optional<double> rate, int bar_width) {
    const double fraction = total > 0 ? static_cast<double>(done) / total : 1.0;
    std::string text = bar_width > 0 ? progress_bar(fraction, bar_width) : "";
    text += fmt::format("{}/{} games ({:.0f}%)", done, total, 100 * fraction);
    if (rate && *rate > 0) {
        text += *rate >= 100 ? fmt::format(", {:.0f} games/s", *rate) : fmt::format(", {:.3g} games/s", *rate);
        if (done < total) text += ", ETA " + format_eta((total - done) / *rate);
    }
    return text;
}

ProgressBar::ProgressBar(std::FILE* out, bool interactive, std::chrono::milliseconds log_period)
    : out_(out),
      interactive_(interactive),
      period_(interactive ? std::chrono::milliseconds(100) : log_period),
      line_(out, interactive, period_) {}

void ProgressBar::start(int done, int total) {
    initial_ = last_done_ = done;
    total_ = total;
    started_ = Clock::now();
    line_ = ProgressLine(out_, interactive_, period_);  // the first line in a log comes a period after the start
    if (interactive_) line_.show(text(done));
}

void ProgressBar::update(int done) {
    last_done_ = done;
    line_.update([&] { return text(done); });
}

void ProgressBar::finish() {
    line_.show(text(last_done_));
    line_.keep();
}

std::string ProgressBar::text(int done) const {
    const double elapsed = std::chrono::duration<double>(Clock::now() - started_).count();
    std::optional<double> rate;
    if (elapsed > 0 && done > initial_) rate = (done - initial_) / elapsed;
    if (interactive_) return format_progress(done, total_, rate, 30);
    return "arena: " + format_progress(done, total_, rate, 0);
}

}  // namespace mancala::arena
