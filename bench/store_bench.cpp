// The game store's cost per request: one move written (committed before the server
// answers), and opening a store of many games (what a restart pays before it listens).

#include "server/game_database.hpp"

#include <benchmark/benchmark.h>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <string>

namespace mancala::server {
namespace {

std::string temporary_store(const char* name) {
    const auto path = std::filesystem::temp_directory_path() /
                      (std::string("mancala-bench-") + name + "-" + std::to_string(::getpid()) + ".sqlite3");
    std::filesystem::remove(path);
    return path.string();
}

void remove_store(const std::string& path) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(path + suffix);
}

StoredGame game_with_id(int n) {
    StoredGame game;
    char id[33];
    std::snprintf(id, sizeof id, "%032x", n);
    game.id = id;
    game.rules = "kalah";
    game.spec = "greedy";
    game.created_ms = game.active_ms = 1'700'000'000'000 + n;
    return game;
}

// One move appended to a live game, as a human move or one AI move is stored.
void BM_StoreMove(benchmark::State& state) {
    const auto durability = state.range(0) ? Durability::power_loss : Durability::process_crash;
    const std::string path = temporary_store("move");
    {
        GameDatabase store(path, durability);
        int games = 0;
        store.insert(game_with_id(games));
        std::size_t moves = 0;
        const StoredMove move{Side::South, 0};
        for (auto _ : state) {
            if (moves == 200) {  // a fresh game now and then, so games stay a realistic length
                store.insert(game_with_id(++games));
                moves = 0;
            }
            store.update_moves(game_with_id(games).id, moves, {&move, 1}, std::nullopt, std::nullopt);
            ++moves;
        }
    }
    remove_store(path);
    state.SetLabel(state.range(0) ? "power_loss (--durable)" : "process_crash (default)");
}
BENCHMARK(BM_StoreMove)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Opening (with its quick_check) a store of 10,000 games of 60 moves each.
void BM_StoreOpen(benchmark::State& state) {
    const std::string path = temporary_store("open");
    {
        GameDatabase store(path);
        for (int n = 0; n < 10'000; ++n) {
            StoredGame game = game_with_id(n);
            for (int m = 0; m < 60; ++m) game.moves.push_back({m % 2 ? Side::North : Side::South, m % 6});
            store.insert(game);
        }
    }
    for (auto _ : state) {
        GameDatabase store(path);
        benchmark::DoNotOptimize(store.counts());
    }
    remove_store(path);
}
BENCHMARK(BM_StoreOpen)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mancala::server
