#include "util/remove_on_signal.hpp"

#include <array>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <unistd.h>

namespace mancala {

namespace {

// Each slot owns a heap copy of a path (or is null). The handler may only make
// async-signal-safe calls: it reads the slots and calls unlink().
std::array<std::atomic<char*>, RemoveOnSignal::kSlots> g_slots{};

constexpr std::array<int, 4> kSignals = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

extern "C" void remove_and_reraise(int signal) {
    for (auto& slot : g_slots)
        if (const char* path = slot.load()) ::unlink(path);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void install_handlers() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (int signal : kSignals) {
            struct sigaction current {};
            if (::sigaction(signal, nullptr, &current) != 0 || current.sa_handler != SIG_DFL) continue;
            struct sigaction action {};
            action.sa_handler = remove_and_reraise;
            sigemptyset(&action.sa_mask);
            ::sigaction(signal, &action, nullptr);
        }
    });
}

}  // namespace

RemoveOnSignal::RemoveOnSignal(const std::filesystem::path& path) {
    install_handlers();
    char* copy = ::strdup(path.c_str());
    if (!copy) return;
    for (int i = 0; i < kSlots; ++i) {
        char* empty = nullptr;
        if (g_slots[static_cast<std::size_t>(i)].compare_exchange_strong(empty, copy)) {
            slot_ = i;
            return;
        }
    }
    std::free(copy);
}

RemoveOnSignal::~RemoveOnSignal() {
    if (slot_ >= 0) std::free(g_slots[static_cast<std::size_t>(slot_)].exchange(nullptr));
}

}  // namespace mancala
