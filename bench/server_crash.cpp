// Crash test of `mancala serve`'s game store: clients play games (moves, AI replies,
// undos) against a separate server process, which is killed with SIGKILL at random
// moments and restarted on the same store. After every restart each game is read
// back and checked against what its client was told: every change that got a 2xx is
// there exactly once (the one request in flight at the kill may or may not be), the
// stones are all there, and the game goes on. Then the restart time with many live
// games is measured. Exit code 1 on any loss.
//
//   build/bench/server_crash --binary build/mancala                 # 6 kills, 8 clients
//   build/bench/server_crash --binary build/mancala --kills 20 --restart-games 1000

#include "server_process.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using mancala::bench::ServerProcess;
using Moves = std::vector<std::pair<std::string, std::string>>;  ///< (side, pit) of every move

struct CrashArgs {
    std::string binary = "build/mancala";
    int clients = 8;
    int kills = 6;
    int pits = 6;
    int seeds = 4;
    int restart_games = 1000;
    std::uint64_t seed = 1;
    std::string store;  ///< default: a file in a fresh temporary folder
};

Moves moves_of(const json& state) {
    Moves out;
    for (const json& move : state.at("history")) out.emplace_back(move.at("side"), move.at("pit"));
    return out;
}

int stones_on(const json& board) {
    int total = board.at("south_store").get<int>() + board.at("north_store").get<int>();
    for (const json& count : board.at("south")) total += count.get<int>();
    for (const json& count : board.at("north")) total += count.get<int>();
    return total;
}

bool is_prefix(const Moves& shorter, const Moves& longer) {
    return shorter.size() <= longer.size() && std::equal(shorter.begin(), shorter.end(), longer.begin());
}

/// What a client did last, if it was not acknowledged.
enum class Pending { none, move, ai_move, undo };

struct Shared {
    std::atomic<int> port{0};
    std::atomic<bool> done{false};
    std::atomic<long> acknowledged{0};   ///< changes that got a 2xx
    std::atomic<long> interrupted{0};    ///< requests cut by a kill
    std::atomic<long> resynced_with{0};  ///< of those, how many were found applied after the restart
    std::mutex mutex;
    std::vector<std::string> errors;
    void error(std::string message) {
        const std::lock_guard lock(mutex);
        if (errors.size() < 50) errors.push_back(std::move(message));
    }
};

/// One client: plays games to the end, one after another, keeping what it was told.
void play(Shared& shared, const CrashArgs& args, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    const int total = 2 * args.pits * args.seeds;
    std::optional<std::string> id;
    Moves acked;
    json state;
    Pending pending = Pending::none;
    std::string pending_pit;

    auto client = [&] {
        httplib::Client c("127.0.0.1", shared.port);
        c.set_connection_timeout(std::chrono::seconds(2));
        c.set_read_timeout(std::chrono::seconds(20));
        return c;
    };
    // After an interrupted request: wait for the server, read the game back and check it.
    auto resync = [&] {
        ++shared.interrupted;
        for (int attempt = 0;; ++attempt) {
            if (attempt > 3000) return shared.error(fmt::format("game {}: the server did not come back", *id));
            auto c = client();
            const httplib::Result r = c.Get("/api/games/" + *id);
            if (!r) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                continue;
            }
            if (r->status != 200) return shared.error(fmt::format("game {}: {} after a restart", *id, r->status));
            const json now = json::parse(r->body);
            const Moves server = moves_of(now);
            bool fits = server == acked;
            if (!fits && pending == Pending::move)
                fits = server.size() == acked.size() + 1 && is_prefix(acked, server) &&
                       server.back() == std::pair<std::string, std::string>{"south", pending_pit};
            if (!fits && pending == Pending::ai_move) {
                fits = is_prefix(acked, server);
                for (std::size_t i = acked.size(); fits && i < server.size(); ++i)
                    fits = server[i].first == "north";
            }
            if (!fits && pending == Pending::undo) fits = is_prefix(server, acked);
            if (!fits)
                shared.error(fmt::format("game {}: after the kill it has {} moves, {} acknowledged (pending {})",
                                         *id, server.size(), acked.size(), static_cast<int>(pending)));
            if (server != acked) ++shared.resynced_with;
            if (stones_on(now.at("board")) != total) shared.error(fmt::format("game {}: stones lost", *id));
            acked = server;
            state = now;
            pending = Pending::none;
            return;
        }
    };

    while (!shared.done) {
        if (!id) {
            auto c = client();
            const httplib::Result r =
                c.Post("/api/games", json{{"pits", args.pits}, {"seeds", args.seeds}, {"level", "easy"}}.dump(),
                       "application/json");
            if (!r || r->status != 201) {  // killed meanwhile, or refused: try again
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                continue;
            }
            state = json::parse(r->body);
            id = state.at("id").get<std::string>();
            acked.clear();
            ++shared.acknowledged;
            continue;
        }
        if (state.at("over") == true) {
            id.reset();
            continue;
        }
        const std::string base = "/api/games/" + *id;
        std::string path;
        json body = json::object();
        if (state.at("to_move") == "north") {
            pending = Pending::ai_move;
            path = base + "/ai-move";
        } else if (!acked.empty() && random() % 8 == 0) {
            pending = Pending::undo;
            path = base + "/undo";
        } else {
            const json& legal = state.at("legal_moves");
            pending = Pending::move;
            pending_pit = legal.at(random() % legal.size());
            path = base + "/moves";
            body = json{{"pit", pending_pit}};
        }
        auto c = client();
        const httplib::Result r = c.Post(path, body.dump(), "application/json");
        if (!r) {
            resync();
            continue;
        }
        if (r->status == 409) {  // an undo with nothing to undo, say: nothing changed
            pending = Pending::none;
            continue;
        }
        if (r->status != 200) {
            shared.error(fmt::format("POST {}: {} {}", path, r->status, r->body.substr(0, 200)));
            pending = Pending::none;
            id.reset();  // on to a new game
            continue;
        }
        const json reply = json::parse(r->body);
        const json now = reply.contains("state") ? reply.at("state") : reply;
        const Moves server = moves_of(now);
        const bool extends = pending == Pending::undo ? is_prefix(server, acked) : is_prefix(acked, server);
        if (!extends)
            shared.error(fmt::format("game {}: a 2xx answer does not follow from the last one ({} moves, then {})",
                                     *id, acked.size(), server.size()));
        if (stones_on(now.at("board")) != total) shared.error(fmt::format("game {}: stones lost", *id));
        acked = server;
        state = now;
        pending = Pending::none;
        ++shared.acknowledged;
    }
    // The end: the game as last acknowledged.
    if (id) {
        auto c = client();
        const httplib::Result r = c.Get("/api/games/" + *id);
        if (!r || r->status != 200) return shared.error(fmt::format("game {}: not found at the end", *id));
        if (moves_of(json::parse(r->body)) != acked) shared.error(fmt::format("game {}: differs at the end", *id));
    }
}

/// Creates `count` live games with a few moves each, kills the server and measures the restart.
void measure_restart(const CrashArgs& args, const std::string& store, std::vector<std::string>& errors) {
    const std::vector<std::string> serve_args = {"--store",
                                                 store,
                                                 "--games-per-minute",
                                                 "0",
                                                 "--max-games-per-client",
                                                 "0",
                                                 "--max-games",
                                                 std::to_string(args.restart_games)};
    std::optional<ServerProcess> server(std::in_place, args.binary, serve_args);
    httplib::Client c("127.0.0.1", server->port());
    const auto before = c.Get("/healthz");
    const int existing = before ? json::parse(before->body).at("games").get<int>() : 0;
    for (int i = existing; i < args.restart_games; ++i) {
        const auto r = c.Post("/api/games", json{{"first", "human"}, {"level", "easy"}}.dump(), "application/json");
        if (!r || r->status != 201) {
            errors.push_back("restart: could not create the games");
            return;
        }
        const std::string id = json::parse(r->body).at("id");
        c.Post("/api/games/" + id + "/moves", R"({"pit":"B2"})", "application/json");
    }
    server->stop(SIGKILL);
    server.reset();
    server.emplace(args.binary, serve_args);
    httplib::Client after("127.0.0.1", server->port());
    const auto health = after.Get("/healthz");
    const int games = health ? json::parse(health->body).at("games").get<int>() : -1;
    fmt::print("restart with {} live games: {} ms to listening (store loaded)\n", games, server->startup().count());
    if (games != args.restart_games)
        errors.push_back(fmt::format("restart: {} live games loaded, expected {}", games, args.restart_games));
    if (server->startup() > std::chrono::seconds(1))
        errors.push_back(fmt::format("restart: {} ms, the goal is under a second", server->startup().count()));
    server->stop(SIGTERM);
}

int run(const CrashArgs& args) {
    std::filesystem::path folder;
    std::string store = args.store;
    if (store.empty()) {
        folder = std::filesystem::temp_directory_path() / fmt::format("mancala-crash-{}", ::getpid());
        std::filesystem::create_directories(folder);
        store = (folder / "games.sqlite3").string();
    }
    Shared shared;
    const std::vector<std::string> serve_args = {
        "--store", store, "--games-per-minute", "0", "--max-games-per-client", "0"};
    // Restarts take the same port (the server sets SO_REUSEADDR), so clients find it again.
    std::optional<ServerProcess> server(std::in_place, args.binary, serve_args);
    shared.port = server->port();
    fmt::print("server_crash: {} clients against {} (store {}), {} kills\n", args.clients, args.binary, store,
               args.kills);
    std::fflush(stdout);

    std::vector<std::thread> clients;
    for (int c = 0; c < args.clients; ++c)
        clients.emplace_back([&, c] { play(shared, args, args.seed * 7919 + static_cast<std::uint64_t>(c)); });

    std::mt19937_64 random(args.seed);
    std::vector<long> restart_ms;
    for (int kill = 0; kill < args.kills; ++kill) {
        std::this_thread::sleep_for(std::chrono::milliseconds(300 + random() % 1500));
        const long before = shared.acknowledged;
        server->stop(SIGKILL);
        server.reset();
        std::this_thread::sleep_for(std::chrono::milliseconds(random() % 200));
        server.emplace(args.binary, serve_args, shared.port);
        restart_ms.push_back(server->startup().count());
        fmt::print("kill {}: {} changes acknowledged before it; restarted in {} ms\n", kill + 1, before,
                   restart_ms.back());
        std::fflush(stdout);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    shared.done = true;
    for (std::thread& t : clients) t.join();
    server->stop(SIGTERM);
    server.reset();

    fmt::print("{} changes acknowledged, {} requests cut by kills ({} of them found applied after the restart)\n",
               shared.acknowledged.load(), shared.interrupted.load(), shared.resynced_with.load());
    std::vector<std::string> errors = shared.errors;
    if (args.restart_games > 0) measure_restart(args, store, errors);
    if (!folder.empty()) std::filesystem::remove_all(folder);
    if (errors.empty()) {
        fmt::print("every acknowledged change survived {} kills\n", args.kills);
        return 0;
    }
    fmt::print(stderr, "server_crash: {} problems\n", errors.size());
    for (const std::string& e : errors) fmt::print(stderr, "  {}\n", e);
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    CrashArgs args;
    CLI::App app{"Crash test of mancala serve's game store: kill -9 under load, restart, check every game",
                 "server_crash"};
    app.add_option("--binary", args.binary, "the mancala binary")->capture_default_str();
    app.add_option("--clients", args.clients, "concurrent clients")
        ->check(CLI::Range(1, 500))
        ->capture_default_str();
    app.add_option("--kills", args.kills, "SIGKILLs")->check(CLI::Range(1, 1000))->capture_default_str();
    app.add_option("--pits", args.pits, "pits a side")->check(CLI::Range(1, 10))->capture_default_str();
    app.add_option("--seeds", args.seeds, "seeds a pit")->check(CLI::Range(1, 100))->capture_default_str();
    app.add_option("--restart-games", args.restart_games, "live games for the restart measurement (0: none)")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    app.add_option("--store", args.store, "the store file (default: a temporary one)");
    app.add_option("--seed", args.seed, "seed of the clients' moves and of the kill times")->capture_default_str();
    CLI11_PARSE(app, argc, argv);
    try {
        return run(args);
    } catch (const std::exception& e) {
        fmt::print(stderr, "server_crash: {}\n", e.what());
        return 1;
    }
}
