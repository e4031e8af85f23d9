#pragma once
// Removes a file if the process is ended by SIGINT, SIGTERM, SIGHUP or SIGQUIT
// while a guard for it lives: for temporary files that have a name (an unnamed
// O_TMPFILE file needs no help, the kernel drops it with the process).
//
// The handlers are installed on first use, and only for signals still at their
// default action, so a program's own handlers (a graceful stop that unwinds and
// lets destructors clean up) keep priority. The handler unlinks the registered
// paths, restores the default action and raises the signal again, so the process
// still ends as the signal says. Nothing can run on SIGKILL: a named temporary
// file survives that, which is why AtomicFile prefers unnamed ones.

#include <filesystem>

namespace mancala {

class RemoveOnSignal {
public:
    explicit RemoveOnSignal(const std::filesystem::path& path);
    ~RemoveOnSignal();
    RemoveOnSignal(const RemoveOnSignal&) = delete;
    RemoveOnSignal& operator=(const RemoveOnSignal&) = delete;

    /// How many paths the handler can hold at once; past it a path is simply not guarded.
    static constexpr int kSlots = 64;

private:
    int slot_ = -1;
};

}  // namespace mancala
