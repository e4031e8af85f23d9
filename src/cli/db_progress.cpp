#include "cli/db_progress.hpp"

#include <fmt/format.h>

#include <string>

namespace mancala::cli {

namespace {

std::string millions(std::uint64_t n) { return fmt::format("{:.1f}M", static_cast<double>(n) / 1e6); }

}  // namespace

void DbProgress::update(const solve::BuildProgress& p) {
    last_ = p;
    if (!enabled_) return;
    // In a log: a line per finished tier, at most every 5 s, and the last one.
    const bool last = p.tier_finished && p.tier == p.last_tier;
    if (!line_.terminal() && !(last || (p.tier_finished && p.seconds - logged_at_ >= 5))) return;
    logged_at_ = p.seconds;
    const double fraction = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1.0;
    const double rate = p.seconds > 0 ? static_cast<double>(p.done) / p.seconds : 0;
    std::string line = fmt::format("tier {:>3}: {}/{} positions ({:.0f}%)", p.tier, millions(p.done),
                                   millions(p.total), 100 * fraction);
    if (p.sweep > 1) line += ", settling the cycles";
    if (rate > 0) {
        line += fmt::format(", {:.1f}M positions/s", rate / 1e6);
        if (p.done < p.total) line += ", ETA " + format_eta(static_cast<double>(p.total - p.done) / rate);
    }
    if (line_.terminal()) {
        line_.show(progress_bar(fraction, 30) + line);
    } else {
        line_.show(fmt::format("db: {}, {:.1f} s", line, p.seconds));
    }
}

void DbProgress::finish() { line_.keep(); }

}  // namespace mancala::cli
