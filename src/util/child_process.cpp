#include "util/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <thread>
#include <utility>

extern char** environ;

namespace mancala {

namespace {

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

int remaining_ms(ChildProcess::Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - ChildProcess::Clock::now());
    return static_cast<int>(std::clamp<std::chrono::milliseconds::rep>(left.count(), 0, 60'000));
}

// Closes the descriptors of a failed start.
struct Fds {
    int fd[6] = {-1, -1, -1, -1, -1, -1};
    ~Fds() {
        for (int& f : fd) close_fd(f);
    }
};

}  // namespace

ChildProcess::ChildProcess(Options options) : options_(std::move(options)) {
    if (options_.argv.empty() || options_.argv.front().empty()) throw std::runtime_error("no program to run");
    const std::string& program = options_.argv.front();
    Fds fds;  // [0],[1] input socket (ours, its); [2],[3] output pipe (ours, its); [4],[5] errors pipe (ours, its)
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds.fd) != 0 || ::pipe2(fds.fd + 2, O_CLOEXEC) != 0 ||
        ::pipe2(fds.fd + 4, O_CLOEXEC) != 0)
        throw std::runtime_error(fmt::format("cannot start '{}': {}", program, std::strerror(errno)));

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds.fd[1], 0);
    posix_spawn_file_actions_adddup2(&actions, fds.fd[3], 1);
    posix_spawn_file_actions_adddup2(&actions, fds.fd[5], 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // Its own process group, and the signals a host may ignore (SIGPIPE in the server) back to default.
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

    std::vector<char*> argv;
    for (std::string& word : options_.argv) argv.push_back(word.data());
    argv.push_back(nullptr);
    const int error = ::posix_spawnp(&pid_, program.c_str(), &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error != 0) {
        pid_ = -1;
        if (error == ENOENT)
            throw std::runtime_error(
                fmt::format("no program '{}' to run ({})", program,
                            program.find('/') != std::string::npos ? "no such file" : "not found on PATH"));
        throw std::runtime_error(fmt::format("cannot run '{}': {}", program, std::strerror(error)));
    }
    input_ = std::exchange(fds.fd[0], -1);
    output_ = std::exchange(fds.fd[2], -1);
    errors_ = std::exchange(fds.fd[4], -1);
    set_nonblocking(output_);
    set_nonblocking(errors_);

    if (!options_.stderr_log.empty()) {
        log_ = ::open(options_.stderr_log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (log_ >= 0) {
            const std::time_t now = std::time(nullptr);
            char when[32];
            std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", std::gmtime(&now));
            const std::string header = fmt::format("--- {} UTC, process {}: {}\n", when, pid_, program);
            [[maybe_unused]] const auto written = ::write(log_, header.data(), header.size());
        }
    }
}

ChildProcess::~ChildProcess() {
    stop(std::chrono::milliseconds(0));
    close_fd(input_);
    close_fd(output_);
    close_fd(errors_);
    close_fd(log_);
}

bool ChildProcess::write_line(std::string_view line) {
    if (input_ < 0) return false;
    std::string text(line);
    text += '\n';
    std::size_t sent = 0;
    while (sent < text.size()) {
        const ssize_t n = ::send(input_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;  // closed, or a full buffer: it does not read what we send
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline, std::size_t max_length) {
    for (;;) {
        if (const std::size_t end = pending_.find('\n'); end != std::string::npos) {
            line.assign(pending_, 0, end);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            pending_.erase(0, end + 1);
            return line.size() > max_length ? Read::TooLong : Read::Line;
        }
        if (pending_.size() > max_length) return Read::TooLong;
        if (output_ < 0) return Read::Closed;
        pollfd watched[2] = {{output_, POLLIN, 0}, {errors_, POLLIN, 0}};
        const int ready = ::poll(watched, errors_ >= 0 ? 2 : 1, remaining_ms(deadline));
        if (ready < 0 && errno != EINTR) return Read::Closed;
        if (errors_ >= 0 && watched[1].revents) drain_stderr();
        if (watched[0].revents) {
            char buffer[4096];
            const ssize_t n = ::read(output_, buffer, sizeof buffer);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
                close_fd(output_);
                continue;  // a last line without its line end is not a line
            }
            if (n > 0) pending_.append(buffer, static_cast<std::size_t>(n));
            continue;
        }
        if (Clock::now() >= deadline) return Read::Timeout;
    }
}

void ChildProcess::drain_stderr() {
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(errors_, buffer, sizeof buffer);
        if (n > 0) {
            log(std::string_view(buffer, static_cast<std::size_t>(n)));
            continue;
        }
        if (n == 0 || (errno != EAGAIN && errno != EINTR)) close_fd(errors_);
        return;
    }
}

void ChildProcess::log(std::string_view text) {
    if (log_ < 0) return;
    const std::size_t limit = options_.stderr_log_limit;
    if (logged_ >= limit) return;
    const std::size_t keep = std::min(text.size(), limit - logged_);
    [[maybe_unused]] auto written = ::write(log_, text.data(), keep);
    logged_ += keep;
    if (logged_ >= limit) {
        const std::string note = fmt::format("\n--- [the rest cut off: more than {} bytes]\n", limit);
        written = ::write(log_, note.data(), note.size());
    }
}

bool ChildProcess::reap(Clock::duration wait) {
    if (exited_ || pid_ < 0) return true;
    const auto until = Clock::now() + wait;
    for (;;) {
        const pid_t r = ::waitpid(pid_, &status_, WNOHANG);
        if (r == pid_ || (r < 0 && errno == ECHILD)) {
            exited_ = true;
            return true;
        }
        if (Clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

bool ChildProcess::stop(Clock::duration grace) {
    if (pid_ < 0) return true;
    if (stopped_) return stopped_by_itself_;
    close_fd(input_);  // a well-behaved program exits at the end of its input
    const bool by_itself = reap(grace);
    stopped_ = true;
    stopped_by_itself_ = by_itself;
    ::kill(-pid_, SIGKILL);  // the group: whatever it started and left behind too
    if (!by_itself) {
        ::kill(pid_, SIGKILL);
        reap(std::chrono::seconds(5));
    }
    if (errors_ >= 0) drain_stderr();
    return by_itself;
}

std::string ChildProcess::exit_description() {
    if (!reap(std::chrono::milliseconds(200))) return "still running";
    if (WIFEXITED(status_)) return fmt::format("exited with code {}", WEXITSTATUS(status_));
    if (WIFSIGNALED(status_))
        return fmt::format("killed by signal {} ({})", WTERMSIG(status_), ::strsignal(WTERMSIG(status_)));
    return "ended";
}

}  // namespace mancala
