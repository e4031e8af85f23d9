#pragma once

namespace mancala {

/// The process's peak resident memory so far in MiB (VmHWM), or 0 where unknown.
double peak_rss_mb();

}  // namespace mancala
