// Thinking kept apart from quick requests, measured: while every think thread is busy
// with `perfect`-level AI moves (clients asking for more as soon as they are told to
// retry) and slow clients hold connections with half-sent headers, how fast do
// GET /healthz and GET /api/games/{id} answer? Runs against a separate server process.
// Exit code 1 if either p99 reaches --max-p99-ms.
//
//   build/bench/server_isolation --binary build/mancala
//   build/bench/server_isolation --binary build/mancala --thinkers 20 --half-open 20 --seconds 10

#include "server_process.hpp"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using mancala::bench::ServerProcess;

struct IsolationArgs {
    std::string binary = "build/mancala";
    int thinkers = 20;
    int half_open = 20;
    double seconds = 10;
    std::string level = "perfect";
    double max_p99_ms = 100;
};

/// A connection that sends half a request header and then nothing.
int open_half(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    const std::string half = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow";
    ::send(fd, half.data(), half.size(), MSG_NOSIGNAL);
    return fd;
}

/// Whether the server closed `fd` (a peek that finds the end of the stream).
bool closed(int fd) {
    char byte;
    const ssize_t n = ::recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

struct Percentiles {
    double p50 = 0, p99 = 0, max = 0;
    std::size_t count = 0;
};

Percentiles percentiles(std::vector<double> values) {
    Percentiles out;
    if (values.empty()) return out;
    std::sort(values.begin(), values.end());
    auto at = [&](double p) {
        return values[std::min(values.size() - 1,
                               static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5))];
    };
    out.p50 = at(0.5);
    out.p99 = at(0.99);
    out.max = values.back();
    out.count = values.size();
    return out;
}

int run(const IsolationArgs& args) {
    ServerProcess server(args.binary,
                         {"--store", ":memory:", "--games-per-minute", "0", "--max-games-per-client", "0"});
    const int port = server.port();
    httplib::Client setup("127.0.0.1", port);
    std::vector<std::string> thinking_games;
    for (int i = 0; i < args.thinkers; ++i) {
        const auto r =
            setup.Post("/api/games", json{{"first", "ai"}, {"level", args.level}}.dump(), "application/json");
        if (!r || r->status != 201) throw std::runtime_error("cannot create the games");
        thinking_games.push_back(json::parse(r->body).at("id"));
    }
    const auto probe =
        setup.Post("/api/games", json{{"first", "human"}, {"level", "easy"}}.dump(), "application/json");
    const std::string probe_id = json::parse(probe->body).at("id");

    std::atomic<bool> done{false};
    std::atomic<int> moves{0}, busy{0}, other{0};
    // Thinkers: ask for the AI's move; on 503 wait Retry-After and ask again; after a
    // move, take it back (undo) so the AI has to think again.
    std::vector<std::thread> threads;
    for (const std::string& id : thinking_games)
        threads.emplace_back([&, id] {
            httplib::Client c("127.0.0.1", port);
            c.set_read_timeout(std::chrono::seconds(30));
            while (!done) {
                const auto r = c.Post("/api/games/" + id + "/ai-move", "{}", "application/json");
                if (r && r->status == 200) {
                    ++moves;
                    // Back to the AI's turn: a new game with the AI first.
                    continue;
                }
                if (r && r->status == 503) {
                    ++busy;
                    const int wait = std::max(1, std::atoi(r->get_header_value("Retry-After").c_str()));
                    for (int i = 0; i < wait * 10 && !done; ++i)
                        std::this_thread::sleep_for(std::chrono::milliseconds(100));
                    continue;
                }
                if (r && r->status == 409) {  // the AI moved: play on as South so it must think again
                    const auto s = c.Get("/api/games/" + id);
                    const json state = json::parse(s->body);
                    if (state.at("over") == true) return;
                    if (state.at("to_move") == "south")
                        c.Post("/api/games/" + id + "/moves", json{{"pit", state.at("legal_moves")[0]}}.dump(),
                               "application/json");
                    continue;
                }
                ++other;
            }
        });
    // Slow clients: keep `half_open` connections with half a header open, reopening
    // each one the server drops after its read timeout.
    threads.emplace_back([&] {
        std::vector<int> fds;
        while (!done) {
            std::erase_if(fds, [](int fd) {
                if (!closed(fd)) return false;
                ::close(fd);
                return true;
            });
            while (static_cast<int>(fds.size()) < args.half_open) {
                const int fd = open_half(port);
                if (fd < 0) break;
                fds.push_back(fd);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        for (const int fd : fds) ::close(fd);
    });

    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // let the thinking start
    std::vector<double> health_ms, game_ms;
    httplib::Client health_client("127.0.0.1", port);
    httplib::Client game_client("127.0.0.1", port);
    int failures = 0;
    int max_busy_threads = 0;
    const auto end = Clock::now() + std::chrono::duration<double>(args.seconds);
    while (Clock::now() < end) {
        auto start = Clock::now();
        const auto h = health_client.Get("/healthz");
        health_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        if (!h || h->status != 200) {
            ++failures;
        } else {
            max_busy_threads = std::max(max_busy_threads, json::parse(h->body).at("think").at("busy").get<int>());
        }
        start = Clock::now();
        const auto g = game_client.Get("/api/games/" + probe_id);
        game_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        if (!g || g->status != 200) ++failures;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    done = true;
    for (std::thread& t : threads) t.join();
    server.stop(SIGTERM);

    const Percentiles h = percentiles(health_ms);
    const Percentiles g = percentiles(game_ms);
    fmt::print(
        "server_isolation: {} {}-level AI moves asked for at once, {} half-sent requests held open, {:.0f} s\n",
        args.thinkers, args.level, args.half_open, args.seconds);
    fmt::print(
        "  think pool: up to {} threads busy; {} AI moves made, {} refused with 503 (retried after Retry-After)\n",
        max_busy_threads, moves.load(), busy.load());
    fmt::print("  GET /healthz:         {} requests, p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms\n", h.count, h.p50,
               h.p99, h.max);
    fmt::print("  GET /api/games/{{id}}: {} requests, p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms\n", g.count,
               g.p50, g.p99, g.max);
    if (failures > 0 || other > 0) {
        fmt::print(stderr, "server_isolation: {} quick requests failed, {} AI moves got an unexpected answer\n",
                   failures, other.load());
        return 1;
    }
    if (max_busy_threads == 0) {
        fmt::print(stderr, "server_isolation: the think pool was never busy: nothing was measured\n");
        return 1;
    }
    if (h.p99 >= args.max_p99_ms || g.p99 >= args.max_p99_ms) {
        fmt::print(stderr, "server_isolation: p99 at or above {} ms\n", args.max_p99_ms);
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    IsolationArgs args;
    CLI::App app{"Quick requests while the server thinks and slow clients hang on", "server_isolation"};
    app.add_option("--binary", args.binary, "the mancala binary")->capture_default_str();
    app.add_option("--thinkers", args.thinkers, "clients asking for AI moves at once")
        ->check(CLI::Range(1, 500))
        ->capture_default_str();
    app.add_option("--half-open", args.half_open, "connections holding half a request header")
        ->check(CLI::Range(0, 500))
        ->capture_default_str();
    app.add_option("--seconds", args.seconds, "how long to measure")
        ->check(CLI::Range(1.0, 3600.0))
        ->capture_default_str();
    app.add_option("--level", args.level, "the level the thinkers play")->capture_default_str();
    app.add_option("--max-p99-ms", args.max_p99_ms, "fail at or above this p99")->capture_default_str();
    CLI11_PARSE(app, argc, argv);
    try {
        return run(args);
    } catch (const std::exception& e) {
        fmt::print(stderr, "server_isolation: {}\n", e.what());
        return 1;
    }
}
