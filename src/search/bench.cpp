#include "search/bench.hpp"

#include <fmt/format.h>

#include <random>

namespace mancala::search {

namespace {

// A position `plies` moves into a game of uniformly random moves from a fixed seed
// (the raw mt19937 output, which the standard fixes, so every platform agrees).
Position random_game_position(const Rules& rules, unsigned seed, int plies) {
    std::mt19937 rng(seed);
    Position p = Position::start(rules);
    for (int i = 0; i < plies; ++i) {
        Position next = p;
        const MoveList moves = next.legal_moves(rules);
        next.apply(rules, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
        if (next.is_terminal(rules)) break;
        p = next;
    }
    return p;
}

}  // namespace

std::vector<BenchPosition> bench_positions() {
    std::vector<BenchPosition> set;
    const Rules kalah64 = make_rules("kalah", 6, 4);
    set.push_back({"kalah(6,4) start", kalah64, Position::start(kalah64), 20});
    for (int plies : {6, 12, 18, 24, 30})
        set.push_back(
            {fmt::format("kalah(6,4) game 1 ply {}", plies), kalah64, random_game_position(kalah64, 1, plies), 20});
    const Rules kalah66 = make_rules("kalah", 6, 6);
    set.push_back({"kalah(6,6) start", kalah66, Position::start(kalah66), 16});
    const Rules homework = make_rules("homework", 6, 4);
    set.push_back({"homework(6,4) start", homework, Position::start(homework), 18});
    const Rules relay = make_rules("relay", 6, 4);
    set.push_back({"relay(6,4) start", relay, Position::start(relay), 14});
    const Rules wide = make_rules("kalah", 10, 8);
    set.push_back({"kalah(10,8) start", wide, Position::start(wide), 12});
    return set;
}

std::vector<BenchPosition> oware_bench_positions() {
    std::vector<BenchPosition> set;
    const Rules oware = make_rules("oware");
    set.push_back({"oware start", oware, Position::start(oware), 18});
    for (int plies : {9, 18, 27, 36})  // both sides to move
        set.push_back(
            {fmt::format("oware game 1 ply {}", plies), oware, random_game_position(oware, 1, plies), 18});
    const Rules awari = make_rules("awari");
    set.push_back({"awari start", awari, Position::start(awari), 16});
    const Rules bohnenspiel = make_rules("bohnenspiel");
    set.push_back({"bohnenspiel start", bohnenspiel, Position::start(bohnenspiel), 16});
    const Rules vai = make_rules("vai-lung-thlan");
    set.push_back({"vai-lung-thlan start", vai, Position::start(vai), 14});
    return set;
}

std::vector<BenchLine> run_bench(const std::vector<BenchPosition>& positions, std::size_t hash_mb,
                                 const std::function<void(const BenchLine&)>& on_line, Heuristic heuristic) {
    std::vector<BenchLine> lines;
    Engine engine({heuristic, hash_mb, 1});
    for (const BenchPosition& bp : positions) {
        engine.new_game();
        SearchLimits limits;
        limits.depth = bp.depth;
        lines.push_back({bp, engine.search(bp.rules, bp.position, limits)});
        if (on_line) on_line(lines.back());
    }
    return lines;
}

}  // namespace mancala::search
