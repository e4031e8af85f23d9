#pragma once
// Another program run as a child, talked to line by line: its standard input and
// output are ours, its standard error goes to a log file (appended, and cut off past
// a size, so a program that floods it cannot fill the disk). Everything it can make
// us wait for has a deadline, and it can make us spend no more than a line's worth of
// memory: the host of the engine protocol stays in charge of a program it does not trust.

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

class ChildProcess {
public:
    using Clock = std::chrono::steady_clock;

    struct Options {
        std::vector<std::string> argv;     ///< argv[0] is looked up in PATH unless it holds a '/'
        std::filesystem::path stderr_log;  ///< appended to; empty: standard error is discarded
        std::size_t stderr_log_limit = std::size_t{1} << 20;  ///< bytes kept from one run
    };

    /// Starts the program in a process group of its own (so that killing it kills what
    /// it started too); throws std::runtime_error naming the program if it cannot be run.
    explicit ChildProcess(Options options);
    ~ChildProcess();  ///< kills it if it still runs
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    /// Sends `line` and a line end; false if the program closed its input or does not
    /// read it (never blocks: a full input buffer is the program's fault).
    bool write_line(std::string_view line);

    enum class Read { Line, Timeout, Closed, TooLong };
    /// The next line of its output (without the line end) into `line`. Closed: it closed
    /// its output (it exited, most likely); TooLong: more than `max_length` bytes came
    /// without a line end.
    Read read_line(std::string& line, Clock::time_point deadline, std::size_t max_length);

    /// Closes its input, waits up to `grace` for it to exit by itself, then kills it; true
    /// if it exited by itself (or had before).
    bool stop(Clock::duration grace);
    /// How it ended, once stopped or exited: "exited with code 3", "killed by signal 11
    /// (Segmentation fault)"; "still running" if it has not.
    std::string exit_description();

    pid_t pid() const { return pid_; }

private:
    bool reap(Clock::duration wait);
    void drain_stderr();
    void log(std::string_view text);

    Options options_;
    pid_t pid_ = -1;
    int input_ = -1;   ///< its standard input (a socket, so that a write never raises SIGPIPE)
    int output_ = -1;  ///< its standard output
    int errors_ = -1;  ///< its standard error
    int log_ = -1;
    std::size_t logged_ = 0;
    std::string pending_;  ///< output read past the last line end
    bool exited_ = false;
    bool stopped_ = false;
    bool stopped_by_itself_ = false;
    int status_ = 0;
};

}  // namespace mancala
