#pragma once
// Ctrl-C (SIGINT) and SIGTERM as a request to stop: for the lifetime of a
// StopOnSignals the first one sets its flag and prints what will happen, so that a
// long run (an arena, a proof) ends on its own terms and saves what it has; a
// second one ends the process at once. The previous handlers come back after.

#include <atomic>
#include <csignal>

namespace mancala::cli {

class StopOnSignals {
public:
    /// `message` is printed on stderr at the first signal; it must outlive this object.
    explicit StopOnSignals(const char* message);
    ~StopOnSignals();
    StopOnSignals(const StopOnSignals&) = delete;
    StopOnSignals& operator=(const StopOnSignals&) = delete;

    /// Set by the first signal; what the run watches.
    const std::atomic<bool>* flag() const;

private:
    void (*previous_int_)(int) = SIG_DFL;
    void (*previous_term_)(int) = SIG_DFL;
};

}  // namespace mancala::cli
