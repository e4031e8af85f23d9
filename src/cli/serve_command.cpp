// `mancala serve`: the browser game and its JSON API (src/server/), until Ctrl-C.

#include "agents/registry.hpp"
#include "cli/agent_host_options.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "protocol/external_agent.hpp"
#include "server/api.hpp"
#include "server/http_server.hpp"

#include <fmt/format.h>

#include <pthread.h>
#include <sys/resource.h>
#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <thread>

namespace mancala::cli {

namespace {

struct ServeArgs {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::string store = "mancala-games.sqlite3";
    bool durable = false;
    long long max_games = 1000;
    long long max_games_per_client = 50;
    long long max_stored = 100'000;
    std::string idle_timeout = "30m";
    std::string keep_finished = "30d";
    std::string max_think = "5s";
    std::string read_timeout = "5s";
    int io_threads = 2;
    int think_threads = 0;
    long long think_queue = 256;
    std::string think_wait = "5s";
    std::string review_time = "500ms";
    long long max_reviews = 2;
    long long max_connections = 1000;
    long long max_connections_per_client = 64;
    double games_per_minute = 60;
    bool log_requests = false;
    std::string assets;
    std::string db;
    std::vector<std::string> external;  ///< NAME=cmd:PATH [ARGS...]
    std::string engine_logs;
};

/// A duration such as 500ms, 10s, 30m, 12h or 30d, from 1 ms to a year.
std::chrono::milliseconds duration_option(const char* option, const std::string& text) {
    constexpr std::pair<std::string_view, double> kUnits[] = {
        {"ms", 1.0}, {"s", 1e3}, {"m", 60e3}, {"h", 3600e3}, {"d", 86400e3}};
    for (const auto& [unit, scale] : kUnits) {
        if (!text.ends_with(unit) || text.size() == unit.size()) continue;
        const std::string_view number(text.data(), text.size() - unit.size());
        double value = 0;
        const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (error != std::errc() || end != number.data() + number.size() || !std::isfinite(value)) break;
        const double ms = value * scale;
        if (ms < 1 || ms > 365 * 86400e3) break;
        return std::chrono::milliseconds(static_cast<long long>(std::llround(ms)));
    }
    throw UsageError(fmt::format(
        "{} must be a duration such as 500ms, 10s, 30m, 12h or 30d (1 ms to 365 d), not '{}'", option, text));
}

void run(const ServeArgs& args) {
    server::ServerOptions options;
    options.store_path = args.store;
    options.durability = args.durable ? server::Durability::power_loss : server::Durability::process_crash;
    options.store.max_games = static_cast<std::size_t>(args.max_games);
    options.store.max_games_per_client = static_cast<std::size_t>(args.max_games_per_client);
    options.store.max_stored = static_cast<std::size_t>(args.max_stored);
    options.store.idle_timeout = duration_option("--idle-timeout", args.idle_timeout);
    options.store.keep_finished = duration_option("--keep-finished", args.keep_finished);
    options.api.max_think = duration_option("--max-think", args.max_think);
    options.connection.read_timeout = duration_option("--read-timeout", args.read_timeout);
    options.io_threads = args.io_threads;
    options.think_threads = args.think_threads;
    options.think_queue = static_cast<std::size_t>(args.think_queue);
    options.think_wait = duration_option("--think-wait", args.think_wait);
    options.review.position_time = duration_option("--review-time", args.review_time);
    if (options.review.position_time > std::chrono::seconds(60))
        throw UsageError("--review-time must be at most 60s: it is spent on every position of a game");
    options.review.running = static_cast<std::size_t>(args.max_reviews);
    options.max_connections = static_cast<std::size_t>(args.max_connections);
    options.max_connections_per_client = static_cast<std::size_t>(args.max_connections_per_client);
    if (!(args.games_per_minute >= 0 && args.games_per_minute <= 1e6))
        throw UsageError("--games-per-minute must be between 0 (no limit) and 1000000");
    options.new_games.per_minute = args.games_per_minute;
    options.new_games.burst = std::max(1.0, args.games_per_minute);
    options.log_requests = args.log_requests;
    if (!args.db.empty() && !std::filesystem::is_directory(args.db))
        throw UsageError(fmt::format("--db {}: not a folder", args.db));
    // One cache of open databases for the whole server, however many games it serves.
    options.api.agents = agent_context(args.db);
    // A level's own endgame database is built on one thread in the background (about 1.5 s
    // on Kalah(6,4)), begun by the first reply of each rule set and board size, which, like
    // those after it until it is ready, thinks without it: --max-think holds.
    options.api.agents.own_database_threads = 1;
    options.api.agents.own_database_in_background = true;
    if (!args.external.empty()) {
        options.api.agents.external_agents = external_agents(args.engine_logs);
        for (const std::string& given : args.external) {
            server::ExternalLevel level = server::parse_external_level(given);
            for (const server::ExternalLevel& earlier : options.api.external_levels)
                if (earlier.name == level.name)
                    throw UsageError(fmt::format("--allow-external: the level '{}' is named twice", level.name));
            // Started once now, so that a program that does not speak the protocol stops the server here.
            try {
                agents::make_agent(level.spec, options.api.agents);
            } catch (const std::invalid_argument& e) {
                throw UsageError(fmt::format("--allow-external {}: {}", level.name, e.what()));
            }
            options.api.external_levels.push_back(std::move(level));
        }
    }
    if (!args.assets.empty()) {
        if (!std::filesystem::is_directory(args.assets))
            throw UsageError(fmt::format("--assets {}: not a folder", args.assets));
        options.assets = args.assets;
    }

    // Each connection is a file descriptor: raise the soft limit to what --max-connections
    // needs (the hard limit permitting), or take fewer connections and say so.
    constexpr long long kSpareDescriptors = 64;  // the store, its journal, the listening socket, stdio...
    if (rlimit limit{}; ::getrlimit(RLIMIT_NOFILE, &limit) == 0) {
        const auto needed = static_cast<rlim_t>(args.max_connections + kSpareDescriptors);
        if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < needed) {
            limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? needed : std::min(needed, limit.rlim_max);
            ::setrlimit(RLIMIT_NOFILE, &limit);
            ::getrlimit(RLIMIT_NOFILE, &limit);
            if (limit.rlim_cur < needed) {
                options.max_connections = static_cast<std::size_t>(
                    std::max<long long>(1, static_cast<long long>(limit.rlim_cur) - kSpareDescriptors));
                fmt::print(stderr, "mancala serve: at most {} connections (the open-file limit is {})\n",
                           options.max_connections, static_cast<long long>(limit.rlim_cur));
            }
        }
    }

    // SIGINT and SIGTERM are taken by one thread (sigwait) rather than a handler, so
    // stopping the server runs as ordinary code. Blocked here, before any thread starts,
    // they stay blocked in every thread the server makes.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    server::HttpServer http(options);  // opens the store: a StoreError here is a clear refusal
    const int port = http.bind(args.host, args.port);
    const std::string shown_host = args.host.find(':') != std::string::npos ? "[" + args.host + "]" : args.host;
    fmt::print("serving on http://{}:{}/ (press Ctrl-C to stop)\n", shown_host, port);
    fmt::print("games stored in {} ({} live games loaded)\n",
               args.store == ":memory:" ? "memory only (--store :memory:)" : args.store, http.store().in_memory());
    std::fflush(stdout);

    std::atomic<bool> finished{false};
    std::atomic<int> received{0};
    std::thread watcher([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        received = signal;
        if (!finished) http.stop();
    });
    http.run();
    finished = true;
    const int by_signal = received;
    if (by_signal == 0) pthread_kill(watcher.native_handle(), SIGTERM);  // run() ended by itself: wake the watcher
    watcher.join();
    if (by_signal == 0) throw std::runtime_error("the server stopped on its own");
    fmt::print("stopped ({})\n", by_signal == SIGINT ? "SIGINT" : "SIGTERM");
}

}  // namespace

void add_serve_command(CLI::App& app) {
    auto args = std::make_shared<ServeArgs>();
    CLI::App* cmd = app.add_subcommand("serve", "Serve the browser game and its JSON API over HTTP");
    cmd->add_option("--port", args->port, "TCP port (0: any free port)")
        ->capture_default_str()
        ->check(whole_number(0, 65535));
    cmd->add_option("--host", args->host, "address to listen on (127.0.0.1: this machine only; 0.0.0.0 or ::: all)")
        ->capture_default_str();
    cmd->add_option("--store", args->store,
                    "the game store (SQLite): games survive restarts and kills; :memory: keeps nothing")
        ->capture_default_str();
    cmd->add_flag("--durable", args->durable,
                  "sync every write to disk (survives power loss too; by default a write survives the server "
                  "being killed, and is synced at checkpoints)");
    cmd->add_option("--max-games", args->max_games,
                    "games in memory; past it the least recently active finished or idle game makes room")
        ->capture_default_str()
        ->check(whole_number(1, 1'000'000));
    cmd->add_option("--max-stored", args->max_stored, "games in the store; past it the oldest are deleted")
        ->capture_default_str()
        ->check(whole_number(1, 100'000'000));
    cmd->add_option("--idle-timeout", args->idle_timeout, "an unfinished game untouched this long is deleted")
        ->capture_default_str();
    cmd->add_option("--keep-finished", args->keep_finished,
                    "a finished game is kept this long, for replays and shared links")
        ->capture_default_str();
    cmd->add_option("--max-think", args->max_think,
                    "an AI reply's thinking time, for the whole reply (extra turns included)")
        ->capture_default_str();
    cmd->add_option("--read-timeout", args->read_timeout,
                    "a request must arrive in full within this (idle connections close after it too)")
        ->capture_default_str();
    cmd->add_option("--io-threads", args->io_threads, "threads that read requests and answer the quick ones")
        ->capture_default_str()
        ->check(whole_number(1, 64));
    cmd->add_option("--think-threads", args->think_threads, "threads that think (AI moves, hints); 0: one per core")
        ->capture_default_str()
        ->check(whole_number(0, 256));
    cmd->add_option("--think-queue", args->think_queue,
                    "thinking requests that may wait for a thread; past it: 503 with Retry-After")
        ->capture_default_str()
        ->check(whole_number(0, 10'000));
    cmd->add_option("--think-wait", args->think_wait,
                    "the longest a thinking request may expect to wait for a thread (by what the requests "
                    "ahead of it are expected to take); past it: 503 with Retry-After")
        ->capture_default_str();
    cmd->add_option("--review-time", args->review_time,
                    "a game review's proof budget for each position (on the think pool); past it the position is "
                    "estimated")
        ->capture_default_str();
    cmd->add_option("--max-reviews", args->max_reviews, "game reviews under way at once; more get 503")
        ->capture_default_str()
        ->check(whole_number(1, 64));
    cmd->add_option("--max-connections", args->max_connections, "open client connections at most")
        ->capture_default_str()
        ->check(whole_number(1, 100'000));
    cmd->add_option("--max-games-per-client", args->max_games_per_client,
                    "unfinished games in memory one client address may have made (IPv6 by its /64), so that a "
                    "few addresses cannot fill --max-games; past it a new game gets 429; 0: no cap, as behind a "
                    "proxy")
        ->capture_default_str()
        ->check(whole_number(0, 1'000'000));
    cmd->add_option("--max-connections-per-client", args->max_connections_per_client,
                    "open connections from one client address at most (IPv6 by its /64); 0: no cap, as behind a "
                    "proxy, where every client has the proxy's address")
        ->capture_default_str()
        ->check(whole_number(0, 100'000));
    cmd->add_option("--games-per-minute", args->games_per_minute,
                    "new games a client address may create per minute (0: no limit); past it: 429 with Retry-After")
        ->capture_default_str();
    cmd->add_flag("--log-requests", args->log_requests,
                  "print a line per request: client, method, route, status, milliseconds");
    cmd->add_option("--assets", args->assets,
                    "serve the page from this folder (read on every request) instead of the compiled-in copy");
    cmd->add_option("--db", args->db,
                    "endgame databases (mancala db build): exact hints and perfect play where they cover the game");
    cmd->add_option(
           "--allow-external", args->external,
           "offer another program as a level, NAME=cmd:PATH [ARGS...] (the engine protocol, "
           "docs/PROTOCOL.md); repeatable. Without it the server runs no program; clients can never name one")
        ->type_name("NAME=CMD");
    cmd->add_option("--engine-logs", args->engine_logs,
                    fmt::format("folder of the standard error logs of --allow-external programs (default: {})",
                                protocol::default_engine_log_dir().string()));
    cmd->footer(
        "Open the printed address in a browser. The API is described in docs/HTTP-API.md;\n"
        "GET /healthz answers how it is, GET /metrics the same for Prometheus.\n"
        "Examples:\n"
        "  mancala serve\n"
        "  mancala serve --host 0.0.0.0 --port 9000 --store /var/lib/mancala/games.sqlite3 --log-requests\n"
        "  mancala serve --store :memory: --assets web/\n"
        "  mancala serve --allow-external 'pybot=cmd:python3 examples/engine.py'\n"
        "Exit codes: 0 stopped by Ctrl-C or SIGTERM; 2 bad arguments; 1 the address or the store cannot be used.");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
