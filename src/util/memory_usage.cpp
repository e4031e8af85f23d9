#include "util/memory_usage.hpp"

#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

namespace mancala {

namespace {

/// A "Name:  1234 kB" line of /proc/self/status, in kB; 0 where unknown.
double status_kb(std::string_view name) {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (line.starts_with(name) && line.size() > name.size() && line[name.size()] == ':')
            return std::stod(line.substr(name.size() + 1));
    }
    return 0;
}

}  // namespace

double peak_rss_mb() { return status_kb("VmHWM") / 1024.0; }

std::size_t resident_bytes() { return static_cast<std::size_t>(status_kb("VmRSS") * 1024.0); }

std::size_t physical_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
}

}  // namespace mancala
