#pragma once
// A `mancala serve` in a process of its own, for the tests that need one they can
// kill (kill -9 under load), watch (its resident memory) or restart on the same store.

#include <sys/types.h>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace mancala::bench {

class ServerProcess {
public:
    /// Starts `binary serve --host 127.0.0.1 --port <port> <args>` and waits (up to
    /// `timeout`) for it to print its address. Throws std::runtime_error, with what it
    /// printed, if it exits or stays silent.
    ServerProcess(const std::string& binary, const std::vector<std::string>& args, int port = 0,
                  std::chrono::milliseconds timeout = std::chrono::seconds(30));
    /// Kills it (SIGKILL) if it still runs.
    ~ServerProcess();
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    int port() const { return port_; }
    pid_t pid() const { return pid_; }
    /// How long from the start to the printed address (the store loaded, the port bound).
    std::chrono::milliseconds startup() const { return startup_; }

    /// Its resident memory now, in bytes (0 once it has exited).
    std::size_t resident_bytes() const;

    /// Sends `signal` and waits for it to exit; returns its exit status as waitpid gives it.
    int stop(int signal);

    /// Everything it printed so far.
    std::string output() const;

private:
    void drain(int fd);

    pid_t pid_ = -1;
    int port_ = 0;
    std::chrono::milliseconds startup_{0};
    mutable std::mutex mutex_;
    std::string output_;
    std::thread reader_;
};

}  // namespace mancala::bench
