// Load test of `mancala serve`: N concurrent clients each play whole games against
// the greedy agent over loopback (create a game, random legal human moves, the
// agent's turns, until the game is over, then read it whole), check every final state, and report
// games/s, requests/s and latency percentiles. Exit code 1 on any error.
//
//   build/bench/server_load                       # 200 clients, a server in this process
//   build/bench/server_load --port 8080           # against a running `mancala serve` on 127.0.0.1
//   build/bench/server_load --clients 20 --games 2 --pits 4 --seeds 3
//   build/bench/server_load --spawn build/mancala --store /tmp/games.sqlite3 --seconds 300
//                                                 # a soak against a separate process, its memory sampled
//   build/bench/server_load --page-mix --probe-healthz
//                                                 # the page's requests; /healthz timed meanwhile

#include "server/http_server.hpp"
#include "server_process.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "util/memory_usage.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct LoadArgs {
    int clients = 200;
    int games = 1;
    int pits = 6;
    int seeds = 4;
    int port = 0;  ///< 0: start a server in this process
    int threads = 2;
    std::string opponent = "greedy";
    std::uint64_t seed = 1;
    int max_errors_shown = 10;
    std::string spawn;               ///< start this mancala binary as the server (a separate process)
    std::string store = ":memory:";  ///< the spawned server's store
    double seconds = 0;              ///< play until this much time has passed (0: --games games each)
    double sample_seconds = 10;      ///< how often a soak reports
    bool keep_alive = false;         ///< one connection per client, kept open (as browsers do)
    /// The page's requests: each game starts with a page load (its files, gzipped), and
    /// moves ask only for new moves (?since=N).
    bool page_mix = false;
    bool probe_healthz = false;  ///< time GET /healthz every 100 ms on a connection of its own
};

/// The page's files, as index.html loads them.
constexpr const char* kPageFiles[] = {"/", "/main.js", "/style.css", "/api.js", "/state.js", "/board.js"};

/// Requests answered so far, by every client (read by the soak's reports).
std::atomic<long> requests_done{0};

struct ClientResult {
    std::vector<double> latencies_ms;
    int games = 0;
    std::vector<std::string> errors;
};

int stones_on(const json& board) {
    int total = board.at("south_store").get<int>() + board.at("north_store").get<int>();
    for (const json& count : board.at("south")) total += count.get<int>();
    for (const json& count : board.at("north")) total += count.get<int>();
    return total;
}

/// The final state's problems, if any: not over, someone else's id, stones lost, a broken history.
std::optional<std::string> check_final(const json& state, const std::string& id, int total) {
    if (state.at("id") != id) return fmt::format("game {} came back with id {}", id, state.at("id").dump());
    if (state.at("over") != true) return fmt::format("game {} is not over", id);
    if (stones_on(state.at("board")) != total) return fmt::format("game {} lost stones", id);
    const json& result = state.at("result");
    if (result.is_null() || result.at("south").get<int>() + result.at("north").get<int>() != total)
        return fmt::format("game {} has a bad result {}", id, result.dump());
    const json& history = state.at("history");
    if (history.empty() || history.back().at("after") != state.at("board"))
        return fmt::format("game {}: the history does not end at the board", id);
    for (std::size_t i = 0; i + 1 < history.size(); ++i)
        if (history[i].at("after") != history[i + 1].at("before"))
            return fmt::format("game {}: move {} does not lead to move {}", id, i, i + 1);
    return std::nullopt;
}

ClientResult run_client(const LoadArgs& args, int port, std::uint64_t seed, Clock::time_point end) {
    ClientResult out;
    std::mt19937_64 random(seed);
    httplib::Client client("127.0.0.1", port);
    client.set_keep_alive(args.keep_alive);
    client.set_tcp_nodelay(true);  // as browsers do: else a body written after its header waits for an ACK
    client.set_connection_timeout(std::chrono::seconds(10));
    client.set_read_timeout(std::chrono::seconds(60));
    client.set_write_timeout(std::chrono::seconds(10));
    const int total = 2 * args.pits * args.seeds;

    // While a game goes on only its head matters: the history (most of a state) is read
    // past without being built, as a page that keeps its own move list would.
    const json::parser_callback_t skip_history = [](int, json::parse_event_t event, json& parsed) {
        return !(event == json::parse_event_t::key && parsed == "history");
    };
    // One request (a GET if `body` is null); its body parsed, or an error recorded and nullopt.
    auto request = [&](const std::string& path, const json& body, int expected, bool whole) -> std::optional<json> {
        const auto start = Clock::now();
        const httplib::Result r =
            body.is_null() ? client.Get(path) : client.Post(path, body.dump(), "application/json");
        out.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        ++requests_done;
        if (!r) {
            out.errors.push_back(fmt::format("POST {}: {}", path, httplib::to_string(r.error())));
            return std::nullopt;
        }
        if (r->status != expected) {
            out.errors.push_back(fmt::format("POST {}: status {} ({})", path, r->status, r->body.substr(0, 200)));
            return std::nullopt;
        }
        json parsed = json::parse(r->body, whole ? nullptr : skip_history, false);
        if (parsed.is_discarded()) {
            out.errors.push_back(fmt::format("POST {}: not JSON", path));
            return std::nullopt;
        }
        return parsed;
    };

    // A page load: every file, gzipped. Not revalidated with If-None-Match as a browser's
    // reload is: this client library (cpp-httplib 0.11) reads a 304 without a length to
    // the end of the connection, so each load is a whole one (more than a browser's).
    auto load_page = [&]() -> bool {
        for (std::size_t f = 0; f < std::size(kPageFiles); ++f) {
            const httplib::Headers headers{{"Accept-Encoding", "gzip"}};
            const auto start = Clock::now();
            const httplib::Result r = client.Get(kPageFiles[f], headers);
            out.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
            ++requests_done;
            if (!r || (r->status != 200 && r->status != 304)) {
                out.errors.push_back(fmt::format("GET {}: {}", kPageFiles[f],
                                                 r ? std::to_string(r->status) : httplib::to_string(r.error())));
                return false;
            }
        }
        return true;
    };

    for (int g = 0; args.seconds > 0 ? Clock::now() < end : g < args.games; ++g) {
        if (args.page_mix && !load_page()) return out;
        const auto created = request(
            "/api/games",
            json{{"pits", args.pits}, {"seeds", args.seeds}, {"first", "random"}, {"opponent", args.opponent}}, 201,
            false);
        if (!created) return out;
        json state = *created;
        std::size_t played = 0;  // moves of the game so far (first: random may let the agent open)
        const std::string id = state.at("id");
        const std::string base = "/api/games/" + id;
        for (int step = 0; !state.at("over").get<bool>(); ++step) {
            if (step > 100000) {
                out.errors.push_back(fmt::format("game {} does not end", id));
                return out;
            }
            std::optional<json> reply;
            // The page asks only for the moves it does not have.
            const std::string since = args.page_mix ? fmt::format("?since={}", played) : "";
            if (state.at("to_move") == "south") {
                const json& legal = state.at("legal_moves");
                reply =
                    request(base + "/moves" + since, json{{"pit", legal.at(random() % legal.size())}}, 200, false);
            } else {
                reply = request(base + "/ai-move" + since, json::object(), 200, false);
            }
            if (reply) played += reply->at("moves").size();
            if (!reply) return out;
            state = reply->at("state");
        }
        // The whole final state, as the page shows it at the end.
        const std::optional<json> final_state = request(base, nullptr, 200, true);
        if (!final_state) return out;
        if (const auto problem = check_final(*final_state, id, total)) {
            out.errors.push_back(*problem);
            return out;
        }
        // Done with it: a finished game is kept for replay (DELETE is refused), and the
        // store makes room by evicting finished games first, as a page leaves it.
        ++out.games;
    }
    return out;
}

double percentile(std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    const auto index = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(index, sorted.size() - 1)];
}

int run(const LoadArgs& args) {
    std::optional<mancala::server::HttpServer> server;
    std::optional<mancala::bench::ServerProcess> process;
    std::thread server_thread;
    int port = args.port;
    const auto max_games = std::to_string(args.clients * 2 + 16);
    if (!args.spawn.empty()) {
        process.emplace(args.spawn, std::vector<std::string>{
                                        "--store", args.store, "--games-per-minute", "0", "--max-games-per-client",
                                        "0", "--max-connections-per-client", "0", "--max-games", max_games});
        port = process->port();
    } else if (port == 0) {
        mancala::server::ServerOptions options;
        options.io_threads = args.threads;
        options.store.max_games = static_cast<std::size_t>(args.clients) * 2 + 16;
        options.max_connections_per_client = 0;  // every client of the test comes from 127.0.0.1
        options.store_path = args.store;
        server.emplace(options);
        port = server->bind("127.0.0.1", 0);
        server_thread = std::thread([&] { server->run(); });
        while (!server->running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    const std::string length =
        args.seconds > 0 ? fmt::format("for {:g} s", args.seconds) : fmt::format("x {} games", args.games);
    const std::string where =
        server    ? fmt::format(" (in this process, {} io threads, store {})", args.threads, args.store)
        : process ? fmt::format(" (a separate process, pid {}, store {})", process->pid(), args.store)
                  : "";
    fmt::print("server_load: {} clients {} of kalah({},{}) against {} on http://127.0.0.1:{}/{}\n", args.clients,
               length, args.pits, args.seeds, args.opponent, port, where);
    std::fflush(stdout);

    std::vector<ClientResult> results(static_cast<std::size_t>(args.clients));
    std::vector<std::thread> clients;
    const auto start = Clock::now();
    const auto end =
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(args.seconds));
    // A monitor's probe: GET /healthz every 100 ms, each on a new connection, while the clients play.
    std::vector<double> probes_ms;
    std::atomic<bool> playing{true};
    std::thread prober;
    if (args.probe_healthz)
        prober = std::thread([&] {
            while (playing) {
                httplib::Client probe("127.0.0.1", port);
                probe.set_connection_timeout(std::chrono::seconds(10));
                const auto at = Clock::now();
                const httplib::Result r = probe.Get("/healthz");
                probes_ms.push_back(r && r->status == 200
                                        ? std::chrono::duration<double, std::milli>(Clock::now() - at).count()
                                        : 1e9);  // a failed probe counts as the slowest
                std::this_thread::sleep_until(at + std::chrono::milliseconds(100));
            }
        });
    for (int c = 0; c < args.clients; ++c)
        clients.emplace_back([&, c] {
            results[static_cast<std::size_t>(c)] =
                run_client(args, port, args.seed * 1000003 + static_cast<std::uint64_t>(c), end);
        });
    // A soak reports as it goes: throughput and the server's resident memory.
    std::vector<std::pair<double, std::size_t>> memory;  // (seconds, bytes)
    if (args.seconds > 0) {
        long last = 0;
        auto last_time = start;
        while (Clock::now() < end) {
            std::this_thread::sleep_until(
                std::min(end, last_time + std::chrono::duration_cast<Clock::duration>(
                                              std::chrono::duration<double>(args.sample_seconds))));
            const auto now = Clock::now();
            const long done = requests_done;
            const double t = std::chrono::duration<double>(now - start).count();
            const std::size_t rss = process ? process->resident_bytes() : mancala::resident_bytes();
            memory.emplace_back(t, rss);
            fmt::print("  {:5.0f} s: {:6.0f} requests/s, server resident {:.1f} MB\n", t,
                       static_cast<double>(done - last) / std::chrono::duration<double>(now - last_time).count(),
                       static_cast<double>(rss) / 1e6);
            std::fflush(stdout);
            last = done;
            last_time = now;
        }
    }
    for (std::thread& t : clients) t.join();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    playing = false;
    if (prober.joinable()) prober.join();

    if (server) {
        server->stop();
        server_thread.join();
    }
    if (process) process->stop(SIGTERM);
    if (memory.size() >= 3) {
        // Warm-up: the first fifth of the run. No leak: memory after it stays within 20% of the end.
        const double warm = memory.back().first / 5;
        std::size_t low = SIZE_MAX, high = 0;
        for (const auto& [t, bytes] : memory)
            if (t >= warm) {
                low = std::min(low, bytes);
                high = std::max(high, bytes);
            }
        const double end_mb = static_cast<double>(memory.back().second) / 1e6;
        fmt::print(
            "server resident memory after warm-up ({:.0f} s): {:.1f} to {:.1f} MB, {:.1f} MB at the end "
            "(spread {:.0f}% of the end value)\n",
            warm, static_cast<double>(low) / 1e6, static_cast<double>(high) / 1e6, end_mb,
            100.0 * static_cast<double>(high - low) / static_cast<double>(memory.back().second));
    }

    std::vector<double> latencies;
    int games = 0;
    std::vector<std::string> errors;
    for (ClientResult& r : results) {
        latencies.insert(latencies.end(), r.latencies_ms.begin(), r.latencies_ms.end());
        games += r.games;
        errors.insert(errors.end(), r.errors.begin(), r.errors.end());
    }
    std::sort(latencies.begin(), latencies.end());
    fmt::print("{} games, {} requests in {:.2f} s: {:.1f} games/s, {:.0f} requests/s\n", games, latencies.size(),
               seconds, games / seconds, static_cast<double>(latencies.size()) / seconds);
    fmt::print("latency: p50 {:.2f} ms, p90 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms\n", percentile(latencies, 0.50),
               percentile(latencies, 0.90), percentile(latencies, 0.99),
               latencies.empty() ? 0.0 : latencies.back());
    if (args.probe_healthz) {
        std::sort(probes_ms.begin(), probes_ms.end());
        fmt::print("/healthz meanwhile ({} probes): p50 {:.2f} ms, p90 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms\n",
                   probes_ms.size(), percentile(probes_ms, 0.50), percentile(probes_ms, 0.90),
                   percentile(probes_ms, 0.99), probes_ms.empty() ? 0.0 : probes_ms.back());
    }
    const int expected = args.seconds > 0 ? games : args.clients * args.games;
    if (errors.empty() && games == expected && games > 0) {
        fmt::print("all {} games consistent\n", games);
        return 0;
    }
    fmt::print(stderr, "server_load: {} errors, {} of {} games finished\n", errors.size(), games, expected);
    for (std::size_t i = 0; i < errors.size() && static_cast<int>(i) < args.max_errors_shown; ++i)
        fmt::print(stderr, "  {}\n", errors[i]);
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    LoadArgs args;
    CLI::App app{"Load test of mancala serve: concurrent clients play whole games over loopback", "server_load"};
    app.add_option("--clients", args.clients, "concurrent clients")
        ->check(CLI::Range(1, 2000))
        ->capture_default_str();
    app.add_option("--games", args.games, "games per client")->check(CLI::Range(1, 1000))->capture_default_str();
    app.add_option("--pits", args.pits, "pits a side")->check(CLI::Range(1, 10))->capture_default_str();
    app.add_option("--seeds", args.seeds, "seeds a pit")->check(CLI::Range(1, 1000))->capture_default_str();
    app.add_option("--port", args.port, "a running server on 127.0.0.1 (0: start one in this process)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    app.add_option("--threads", args.threads, "worker threads of the in-process server")
        ->check(CLI::Range(1, 1024))
        ->capture_default_str();
    app.add_option("--opponent", args.opponent, "the agent spec the clients play against")->capture_default_str();
    app.add_option("--seed", args.seed, "seed of the clients' random moves")->capture_default_str();
    app.add_flag("--keep-alive", args.keep_alive, "keep each client's connection open, as browsers do");
    app.add_flag("--page-mix", args.page_mix,
                 "the page's requests: a page load (its files gzipped) before each game, and moves that ask "
                 "only for new moves (?since=N)");
    app.add_flag("--probe-healthz", args.probe_healthz,
                 "time GET /healthz every 100 ms on a new connection while the clients play");
    app.add_option("--spawn", args.spawn, "start this mancala binary as the server, in a process of its own");
    app.add_option("--store", args.store, "the server's game store (in this process or spawned)")
        ->capture_default_str();
    app.add_option("--seconds", args.seconds, "play until this much time has passed (a soak; 0: --games each)")
        ->check(CLI::Range(0.0, 86400.0))
        ->capture_default_str();
    app.add_option("--sample-seconds", args.sample_seconds, "how often a soak reports")
        ->check(CLI::Range(1.0, 3600.0))
        ->capture_default_str();
    CLI11_PARSE(app, argc, argv);
    try {
        return run(args);
    } catch (const std::exception& e) {
        fmt::print(stderr, "server_load: {}\n", e.what());
        return 1;
    }
}
