#include "cli/db_progress.hpp"

#include "arena/progress.hpp"

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
    if (!interactive_ && !(last || (p.tier_finished && p.seconds - logged_at_ >= 5))) return;
    logged_at_ = p.seconds;
    const double fraction = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1.0;
    const double rate = p.seconds > 0 ? static_cast<double>(p.done) / p.seconds : 0;
    std::string line = fmt::format("tier {:>3}: {}/{} positions ({:.0f}%)", p.tier, millions(p.done),
                                   millions(p.total), 100 * fraction);
    if (rate > 0) {
        line += fmt::format(", {:.1f}M positions/s", rate / 1e6);
        if (p.done < p.total) line += ", ETA " + arena::format_eta(static_cast<double>(p.total - p.done) / rate);
    }
    if (interactive_) {
        const auto filled = static_cast<std::size_t>(fraction * 30);
        fmt::print(out_, "\r[{}{}] {}\x1b[K", std::string(filled, '#'), std::string(30 - filled, '.'), line);
        drawn_ = true;
    } else {
        fmt::print(out_, "db: {}, {:.1f} s\n", line, p.seconds);
    }
    std::fflush(out_);
}

void DbProgress::finish() {
    if (drawn_) fmt::print(out_, "\n");
    drawn_ = false;
}

}  // namespace mancala::cli
