#pragma once
// Checks of invariants on the hot types (a position's stones are conserved by a
// move, an index lies in its tier, ...): active in debug builds, the sanitize
// preset's tests included, and compiled out when NDEBUG is defined (release), so
// they cost the engine nothing. As Stockfish asserts pos_is_ok(): a broken
// invariant stops the program at once, where it broke, instead of a wrong value
// surfacing much later. Bad input is never checked this way: that gets an
// exception with a clear message, in every build.

#include <cstdio>
#include <cstdlib>

namespace mancala::util {

#ifdef NDEBUG
inline constexpr bool kAssertionsOn = false;
#else
inline constexpr bool kAssertionsOn = true;
#endif

[[noreturn]] inline void assertion_failed(const char* condition, const char* why, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: invariant broken: %s (%s)\n", file, line, why, condition);
    std::fflush(stderr);
    std::abort();
}

}  // namespace mancala::util

/// MANCALA_ASSERT(condition, "what must hold"): aborts with the file, line and
/// both texts when `condition` is false, in debug builds only. In release the
/// condition is not evaluated (so it may be as slow as it needs to be).
#ifdef NDEBUG
#define MANCALA_ASSERT(condition, why) static_cast<void>(0)
#else
#define MANCALA_ASSERT(condition, why) \
    ((condition) ? static_cast<void>(0) : ::mancala::util::assertion_failed(#condition, why, __FILE__, __LINE__))
#endif
