#pragma once
// The progress of an endgame database build on the terminal: a bar with the
// tier, positions done, rate and ETA, redrawn in place on a TTY, or a line per
// finished tier in a log.

#include "solve/endgame_db.hpp"
#include "util/progress_line.hpp"

#include <cstdint>
#include <cstdio>

namespace mancala::cli {

class DbProgress {
public:
    DbProgress(std::FILE* out, bool enabled, bool interactive) : line_(out, interactive), enabled_(enabled) {}

    void update(const solve::BuildProgress& p);
    /// Ends the line of the bar.
    void finish();

    double seconds() const { return last_.seconds; }
    std::uint64_t positions() const { return last_.done; }

private:
    ProgressLine line_;
    bool enabled_;
    double logged_at_ = 0;
    solve::BuildProgress last_;
};

}  // namespace mancala::cli
