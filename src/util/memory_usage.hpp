#pragma once

#include <cstddef>

namespace mancala {

/// The process's peak resident memory so far in MiB (VmHWM), or 0 where unknown.
double peak_rss_mb();

/// The process's resident memory now in bytes (VmRSS), or 0 where unknown.
std::size_t resident_bytes();

/// The machine's physical memory in bytes, or 0 where unknown.
std::size_t physical_memory_bytes();

}  // namespace mancala
