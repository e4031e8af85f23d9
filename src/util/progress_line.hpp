#pragma once
// One line of progress on a stream. On a terminal the line is rewritten in place
// (carriage return, then clear to the end of the line, so a shorter text leaves
// nothing behind) until keep() lets it stand; in a log (a file, a pipe, CI) every
// line shown stands on its own. due() throttles callers that could show far more
// often than anyone can read.

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

namespace mancala {

class ProgressLine {
public:
    using Clock = std::chrono::steady_clock;

    /// `terminal`: rewrite one line in place. `period`: the least time due() lets pass
    /// between lines (counted from construction for the first).
    ProgressLine(std::FILE* out, bool terminal, Clock::duration period = {})
        : out_(out), terminal_(terminal), period_(period), last_shown_(Clock::now()) {}

    bool terminal() const { return terminal_; }

    /// Whether `period` has passed since the last line shown.
    bool due(Clock::time_point now = Clock::now()) const { return now - last_shown_ >= period_; }

    /// Shows `text` now: over the line under way on a terminal, as a line of its own in a log.
    void show(std::string_view text);

    /// Shows what make() returns if due(); costs a clock read otherwise.
    template <class Make>
    void update(Make&& make) {
        if (due()) show(make());
    }

    /// On a terminal, ends the line shown so that it stands; the next starts below it.
    void keep();

private:
    std::FILE* out_;
    bool terminal_;
    Clock::duration period_;
    Clock::time_point last_shown_;
    bool open_ = false;  ///< a terminal line is shown and not yet kept
};

/// "[###.......] ": `fraction` (0..1) of `width` cells filled, and a space.
std::string progress_bar(double fraction, int width);

/// "45s", "3m05s", "2h07m".
std::string format_eta(double seconds);

}  // namespace mancala
