#pragma once
// Progress of a tournament: a bar redrawn in place on a TTY, or, when the
// output is a log (CI, a pipe), a plain line every so often (util/progress_line).

#include "util/progress_line.hpp"

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>

namespace mancala::arena {

class ProgressBar {
public:
    using Clock = std::chrono::steady_clock;

    /// `interactive`: redraw one line in place (a TTY); otherwise print a line every `log_period`.
    ProgressBar(std::FILE* out, bool interactive, std::chrono::milliseconds log_period = std::chrono::seconds(10));

    /// `done` of `total` are already finished (resumed); the rate counts only what follows.
    void start(int done, int total);
    void update(int done);  ///< cheap; draws at most every 100 ms (TTY) or log period
    void finish();          ///< draws the final state and ends the line

private:
    std::string text(int done) const;

    std::FILE* out_;
    bool interactive_;
    std::chrono::milliseconds period_;
    ProgressLine line_;
    int initial_ = 0;
    int total_ = 0;
    int last_done_ = 0;
    Clock::time_point started_;
};

/// "12/400 games (3%), 25.1 games/s, ETA 15s", with a bar of `bar_width` cells first if non-zero.
std::string format_progress(int done, int total, std::optional<double> rate, int bar_width);

}  // namespace mancala::arena
