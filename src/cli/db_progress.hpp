#pragma once
// The progress of an endgame database build on the terminal: a bar with the
// tier, positions done, rate and ETA, redrawn in place on a TTY, or a line per
// finished tier in a log.

#include "solve/endgame_db.hpp"

#include <cstdint>
#include <cstdio>

namespace mancala::cli {

class DbProgress {
public:
    DbProgress(std::FILE* out, bool enabled, bool interactive)
        : out_(out), enabled_(enabled), interactive_(interactive) {}

    void update(const solve::BuildProgress& p);
    /// Ends the line of the bar.
    void finish();

    double seconds() const { return last_.seconds; }
    std::uint64_t positions() const { return last_.done; }

private:
    std::FILE* out_;
    bool enabled_;
    bool interactive_;
    bool drawn_ = false;
    solve::BuildProgress last_;
};

}  // namespace mancala::cli
