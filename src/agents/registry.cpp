#include "agents/registry.hpp"

#include "agents/engine_agent.hpp"
#include "agents/evolution_agent.hpp"
#include "agents/mcts_agent.hpp"
#include "agents/perfect_agent.hpp"
#include "agents/random_agent.hpp"
#include "agents/turn_search_agents.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace mancala::agents {

namespace {

constexpr AgentKind kKinds[] = {
    {"random", "a uniformly random legal move", "seed=N (0: from the system)", "random:seed=7", make_random_agent},
    {"greedy", "the best move one turn ahead (extra turns followed)", "heuristic=NAME (store-diff)",
     "greedy:heuristic=weighted", make_greedy_agent},
    {"minimax", "plain minimax over turns; root moves in parallel with threads>1",
     "depth=N turns (4), heuristic=NAME (store-diff), threads=T (1)", "minimax:depth=4,threads=2",
     make_minimax_agent},
    {"alphabeta", "alpha-beta over turns: minimax's move, fewer nodes",
     "depth=N turns (6), heuristic=NAME (store-diff)", "alphabeta:depth=6", make_alphabeta_agent},
    {"engine", "the strong engine: iterative deepening, transposition table, MTD(f), Lazy SMP threads",
     "time=DURATION (1s unless depth or nodes is given), depth=PLIES, nodes=N, threads=T (1), hash=MiB (32), "
     "heuristic=NAME (learned: the game's network, fitted where there is none), network=FILE (a network of "
     "bench/train_eval.py), db=DIR endgame databases read at the leaves (the program's: play and arena --db "
     "or $MANCALA_DB, serve --db), db-size=MiB (64; 0: none) without a folder, a database of its own built in "
     "memory before the game (6 pits: 17 stones, about 1 s), traps=yes|no (yes: with a time a move, a drawn or "
     "lost game proven early "
     "spends the rest on the move that keeps the value with the most losing replies), book=FILE an opening book "
     "(mancala book build) whose moves are played without searching",
     "engine:time=100ms", make_engine_agent},
    {"mcts", "Monte-Carlo tree search (UCT, random playouts); keeps its tree from move to move",
     "iterations=N (1000, or none when only a time is given), time=DURATION (none), c=C exploration (1.41), "
     "seed=N (0: from the system)",
     "mcts:iterations=2000,seed=1", make_mcts_agent},
    {"evolution", "rolling-horizon evolution: a genetic algorithm over the next plies of both sides",
     "population=N (24), generations=N (30), horizon=N plies (6), mutation=P per gene (0.1), "
     "heuristic=NAME (store-diff), seed=N (0: from the system)",
     "evolution:population=24,generations=30,seed=1", make_evolution_agent},
    {"perfect",
     "a move of optimal value, proven by searching to the end, or in oware and the games like it read from their "
     "endgame databases (the engine's best where not proven)",
     "time=DURATION (30s), hash=MiB (64), threads=T (1), db=DIR endgame databases (the program's: play and "
     "arena --db or $MANCALA_DB, serve --db), db-size=MiB (64; 0: none) without a folder, a database of its own "
     "built in memory before the game, as the engine's",
     "perfect:time=5s", make_perfect_agent},
};

}  // namespace

std::span<const AgentKind> agent_kinds() { return kKinds; }

std::string canonical_spec(std::string_view spec) {
    if (spec.starts_with(kExternalPrefix)) return std::string(spec);
    return AgentOptions::parse(spec).canonical();
}

std::unique_ptr<Agent> make_agent(std::string_view spec, const AgentContext& context) {
    if (spec.starts_with(kExternalPrefix)) {
        if (!context.external_agents)
            throw std::invalid_argument("this host does not run other programs as agents ('cmd:...')");
        return context.external_agents(spec.substr(kExternalPrefix.size()));
    }
    AgentOptions options = AgentOptions::parse(spec);
    std::string known;
    for (const AgentKind& kind : kKinds) {
        if (kind.name == options.name()) return kind.make(options, context);
        known += (known.empty() ? "" : ", ") + std::string(kind.name);
    }
    throw std::invalid_argument(fmt::format("unknown agent '{}' (choose one of: {})", options.name(), known));
}

}  // namespace mancala::agents
