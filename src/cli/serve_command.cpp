// `mancala serve`: the browser game and its JSON API (src/server/), until Ctrl-C.

#include "agents/agent_options.hpp"
#include "cli/commands.hpp"
#include "server/api.hpp"
#include "server/http_server.hpp"

#include <fmt/format.h>

#include <pthread.h>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>

namespace mancala::cli {

namespace {

struct ServeArgs {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::size_t max_games = 1000;
    std::string idle_timeout = "30m";
    std::string max_think = "5s";
    int threads = 16;
    std::string assets;
    std::string db;
};

std::chrono::milliseconds duration_option(const char* option, const std::string& text) {
    const auto value = agents::parse_duration(text);
    if (!value || value->count() == 0)
        throw UsageError(fmt::format("{} must be a duration such as 500ms, 10s or 30m, not '{}'", option, text));
    return *value;
}

void run(const ServeArgs& args) {
    server::ServerOptions options;
    if (args.max_games < 1) throw UsageError("--max-games must be at least 1");
    if (args.threads < 1 || args.threads > 1024) throw UsageError("--threads must be between 1 and 1024");
    if (args.port < 0 || args.port > 65535) throw UsageError("--port must be between 0 and 65535");
    options.max_games = args.max_games;
    options.idle_timeout = duration_option("--idle-timeout", args.idle_timeout);
    options.api.max_think = duration_option("--max-think", args.max_think);
    options.threads = args.threads;
    if (!args.db.empty()) {
        if (!std::filesystem::is_directory(args.db))
            throw UsageError(fmt::format("--db {}: not a folder", args.db));
        if (args.db.find_first_of(",=") != std::string::npos)
            throw UsageError(fmt::format("--db {}: the folder name may not contain ',' or '='", args.db));
        options.api.endgame_db = args.db;
    }
    if (!args.assets.empty()) {
        if (!std::filesystem::is_directory(args.assets))
            throw UsageError(fmt::format("--assets {}: not a folder", args.assets));
        options.assets = args.assets;
    }

    // SIGINT and SIGTERM are taken by one thread (sigwait) rather than a handler, so
    // stopping the server runs as ordinary code. Blocked here, before any thread starts,
    // they stay blocked in every thread the server makes.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    server::HttpServer http(options);
    const int port = http.bind(args.host, args.port);
    const std::string shown_host = args.host.find(':') != std::string::npos ? "[" + args.host + "]" : args.host;
    fmt::print("serving on http://{}:{}/ (press Ctrl-C to stop)\n", shown_host, port);
    std::fflush(stdout);

    std::atomic<bool> finished{false};
    std::atomic<int> received{0};
    std::thread watcher([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        received = signal;
        // stop() only acts on a running server: repeat until run() has returned.
        while (!finished) {
            http.stop();
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    http.run();
    finished = true;
    const int by_signal = received;
    if (by_signal == 0) pthread_kill(watcher.native_handle(), SIGTERM);  // run() ended by itself: wake the watcher
    watcher.join();
    if (by_signal == 0) throw std::runtime_error("the server stopped on a socket error");
    fmt::print("stopped ({})\n", by_signal == SIGINT ? "SIGINT" : "SIGTERM");
}

}  // namespace

void add_serve_command(CLI::App& app) {
    auto args = std::make_shared<ServeArgs>();
    CLI::App* cmd = app.add_subcommand("serve", "Serve the browser game and its JSON API over HTTP");
    cmd->add_option("--port", args->port, "TCP port (0: any free port)")->capture_default_str();
    cmd->add_option("--host", args->host, "address to listen on (127.0.0.1: this machine only)")
        ->capture_default_str();
    cmd->add_option("--max-games", args->max_games, "live games at most; more are refused with 503")
        ->capture_default_str();
    cmd->add_option("--idle-timeout", args->idle_timeout,
                    "a game untouched this long is forgotten (500ms, 10s, 30m)")
        ->capture_default_str();
    cmd->add_option("--max-think", args->max_think, "cap on an agent's thinking time per move")
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "HTTP worker threads")->capture_default_str();
    cmd->add_option("--assets", args->assets,
                    "serve the page from this folder (read on every request) instead of the compiled-in copy");
    cmd->add_option("--db", args->db,
                    "endgame databases (mancala db build): exact hints and perfect play where they cover the game");
    cmd->footer(
        "Open the printed address in a browser. The API is described in the README (\"HTTP API\").\n"
        "Examples:\n"
        "  mancala serve\n"
        "  mancala serve --port 9000 --assets web/\n"
        "Exit codes: 0 stopped by Ctrl-C or SIGTERM; 2 bad arguments; 1 the address cannot be used.");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
