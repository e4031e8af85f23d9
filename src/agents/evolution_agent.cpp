#include "agents/evolution_agent.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace mancala::agents {

namespace {

// Parents are the fitter of three drawn at random: selective, yet no sort needed.
constexpr int kTournamentSize = 3;
// The best genomes pass unchanged to the next generation, so the best line found is never lost.
constexpr int kElites = 2;
// A long generation is cut short at the deadline; look at the clock every so many children.
constexpr int kChildrenPerClockCheck = 32;

}  // namespace

EvolutionAgent::EvolutionAgent(std::string spec, const EvolutionSettings& settings)
    : spec_(std::move(spec)), settings_(settings), random_(settings.seed) {}

std::span<EvolutionAgent::Gene> EvolutionAgent::genome(std::vector<Gene>& pool, int i) {
    return std::span<Gene>(pool).subspan(static_cast<std::size_t>(i * settings_.horizon),
                                         static_cast<std::size_t>(settings_.horizon));
}

// Plays the line the genome encodes: gene k picks among the legal moves at ply k.
int EvolutionAgent::fitness(const Rules& rules, const Position& root, std::span<const Gene> genome) const {
    const Side me = root.to_move();
    Position position = root;
    for (const Gene gene : genome) {
        const MoveList moves = position.legal_moves(rules);
        if (moves.empty()) break;
        const int move = moves[static_cast<int>(gene % static_cast<Gene>(moves.size()))];
        if (position.apply(rules, move).game_over) return search::kPointsPerStone * position.store_difference(me);
    }
    return search::evaluate(settings_.heuristic, position, me, rules);
}

int EvolutionAgent::tournament() {
    const auto size = static_cast<std::uint32_t>(settings_.population);
    auto winner = static_cast<int>(random_.below(size));
    for (int round = 1; round < kTournamentSize; ++round) {
        const auto rival = static_cast<int>(random_.below(size));
        if (fitness_[static_cast<std::size_t>(rival)] > fitness_[static_cast<std::size_t>(winner)]) winner = rival;
    }
    return winner;
}

Decision EvolutionAgent::choose(const Rules& rules, const Position& position, const MoveBudget& budget) {
    const int population = settings_.population;
    const auto genes = static_cast<std::size_t>(population * settings_.horizon);
    auto out_of_time = [&] { return budget.expired(); };

    genes_.resize(genes);
    next_genes_.resize(genes);
    fitness_.resize(static_cast<std::size_t>(population));
    next_fitness_.resize(static_cast<std::size_t>(population));
    for (Gene& gene : genes_) gene = static_cast<Gene>(random_.next() >> 32);
    // The first generation is always evaluated, deadline or not: at the largest settings
    // that is a million moves, some tens of milliseconds.
    for (int i = 0; i < population; ++i)
        fitness_[static_cast<std::size_t>(i)] = fitness(rules, position, genome(genes_, i));

    std::vector<int> ranking(static_cast<std::size_t>(population));
    const int elites = std::min(kElites, population - 1);
    int generation = 0;
    for (; generation < settings_.generations && !out_of_time(); ++generation) {
        std::iota(ranking.begin(), ranking.end(), 0);
        std::partial_sort(ranking.begin(), ranking.begin() + elites, ranking.end(), [&](int a, int b) {
            return fitness_[static_cast<std::size_t>(a)] > fitness_[static_cast<std::size_t>(b)];
        });
        for (int e = 0; e < elites; ++e) {
            const int elite = ranking[static_cast<std::size_t>(e)];
            std::ranges::copy(genome(genes_, elite), genome(next_genes_, e).begin());
            next_fitness_[static_cast<std::size_t>(e)] = fitness_[static_cast<std::size_t>(elite)];
        }
        bool cut_short = false;
        for (int child = elites; child < population; ++child) {
            if ((child - elites + 1) % kChildrenPerClockCheck == 0 && out_of_time()) {
                cut_short = true;  // keep the whole, evaluated population of the last generation
                break;
            }
            const auto mother = genome(genes_, tournament());
            const auto father = genome(genes_, tournament());
            const auto offspring = genome(next_genes_, child);
            std::uint64_t coin = 0;
            for (std::size_t k = 0; k < offspring.size(); ++k) {
                if (k % 64 == 0) coin = random_.next();
                offspring[k] = (coin & 1) ? mother[k] : father[k];  // uniform crossover
                coin >>= 1;
                if (random_.unit() < settings_.mutation) offspring[k] = static_cast<Gene>(random_.next() >> 32);
            }
            next_fitness_[static_cast<std::size_t>(child)] = fitness(rules, position, offspring);
        }
        if (cut_short) break;
        std::swap(genes_, next_genes_);
        std::swap(fitness_, next_fitness_);
    }

    const auto best = static_cast<int>(std::ranges::max_element(fitness_) - fitness_.begin());
    const MoveList moves = position.legal_moves(rules);
    const Gene first_gene = genome(genes_, best).front();
    const int move = moves[static_cast<int>(first_gene % static_cast<Gene>(moves.size()))];
    const double stones = static_cast<double>(fitness_[static_cast<std::size_t>(best)]) / search::kPointsPerStone;
    return Decision{move, stones, false,
                    fmt::format("{} of {} generations of {} lines, {} plies: best line {:+.1f} stones", generation,
                                settings_.generations, population, settings_.horizon, stones)};
}

std::unique_ptr<Agent> make_evolution_agent(AgentOptions& options, const AgentContext& context) {
    EvolutionSettings settings;
    settings.population = options.get_int("population", settings.population, 2, 10'000);
    settings.generations = options.get_int("generations", settings.generations, 0, 1'000'000);
    settings.horizon = options.get_int("horizon", settings.horizon, 1, 100);
    settings.mutation = options.get_double("mutation", settings.mutation, 0, 1);
    settings.heuristic = search::heuristic_by_name(options.get_string("heuristic", "store-diff"));
    settings.seed = seed_or_entropy(options.get_seed(context.seed));
    options.finish();
    return std::make_unique<EvolutionAgent>(options.canonical(), settings);
}

}  // namespace mancala::agents
