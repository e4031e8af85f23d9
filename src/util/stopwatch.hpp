#pragma once
// Seconds since a moment, on the steady clock: for figures of how long work took.

#include <chrono>

namespace mancala {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace mancala
