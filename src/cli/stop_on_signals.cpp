#include "cli/stop_on_signals.hpp"

#include <cstring>

#include <unistd.h>

namespace mancala::cli {

namespace {

// A signal handler may touch only lock-free atomics and async-signal-safe calls.
std::atomic<bool> g_stop_requested{false};
std::atomic<const char*> g_message{""};

extern "C" void request_stop(int signal) {
    g_stop_requested.store(true);
    const char* message = g_message.load();
    [[maybe_unused]] const auto ignored = ::write(STDERR_FILENO, message, std::strlen(message));
    std::signal(signal, SIG_DFL);  // a second signal ends the process
}

}  // namespace

StopOnSignals::StopOnSignals(const char* message) {
    g_stop_requested = false;
    g_message = message;
    previous_int_ = std::signal(SIGINT, request_stop);
    previous_term_ = std::signal(SIGTERM, request_stop);
}

StopOnSignals::~StopOnSignals() {
    std::signal(SIGINT, previous_int_);
    std::signal(SIGTERM, previous_term_);
}

const std::atomic<bool>* StopOnSignals::flag() const { return &g_stop_requested; }

}  // namespace mancala::cli
