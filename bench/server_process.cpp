#include "server_process.hpp"

#include <fmt/format.h>

#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <fstream>
#include <stdexcept>

namespace mancala::bench {

ServerProcess::ServerProcess(const std::string& binary, const std::vector<std::string>& args, int port,
                             std::chrono::milliseconds timeout) {
    const auto start = std::chrono::steady_clock::now();
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
    std::vector<std::string> argv_strings = {binary,      "serve",  "--host",
                                             "127.0.0.1", "--port", std::to_string(port)};
    argv_strings.insert(argv_strings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& s : argv_strings) argv.push_back(s.data());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        ::dup2(pipe_fds[1], STDOUT_FILENO);
        ::dup2(pipe_fds[1], STDERR_FILENO);
        ::close(pipe_fds[0]);
        ::close(pipe_fds[1]);
        ::execv(binary.c_str(), argv.data());
        ::_exit(127);
    }
    ::close(pipe_fds[1]);
    reader_ = std::thread([this, fd = pipe_fds[0]] { drain(fd); });
    const std::string banner = "serving on http://127.0.0.1:";
    while (std::chrono::steady_clock::now() - start < timeout) {
        const std::string printed = output();
        if (const auto at = printed.find(banner);
            at != std::string::npos && printed.find('/', at + banner.size()) != std::string::npos) {
            port_ = std::stoi(printed.substr(at + banner.size()));
            startup_ =
                std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
            return;
        }
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            reader_.join();
            throw std::runtime_error(fmt::format("the server exited before listening:\n{}", output()));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    stop(SIGKILL);
    throw std::runtime_error(
        fmt::format("the server printed no address within {} ms:\n{}", timeout.count(), output()));
}

ServerProcess::~ServerProcess() {
    if (pid_ > 0) stop(SIGKILL);
    if (reader_.joinable()) reader_.join();
}

void ServerProcess::drain(int fd) {
    char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) {
        const std::lock_guard lock(mutex_);
        // Keep the start and the last part: a server that logs every request prints a lot.
        if (output_.size() > (1u << 20)) output_.erase(4096, output_.size() - (1u << 19));
        output_.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
}

std::size_t ServerProcess::resident_bytes() const {
    if (pid_ <= 0) return 0;
    std::ifstream status(fmt::format("/proc/{}/status", pid_));
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmRSS:")) return static_cast<std::size_t>(std::stoull(line.substr(6))) * 1024;
    return 0;
}

int ServerProcess::stop(int signal) {
    if (pid_ <= 0) return -1;
    ::kill(pid_, signal);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    if (reader_.joinable()) reader_.join();
    return status;
}

std::string ServerProcess::output() const {
    const std::lock_guard lock(mutex_);
    return output_;
}

}  // namespace mancala::bench
