#pragma once
// evolution: rolling-horizon evolution, a genetic algorithm over the next `horizon`
// plies of both sides, re-run at every move, playing the first move of the fittest line.
//
// A genome is `horizon` genes; gene k picks legal move (gene mod count) at ply k for
// whichever side is then to move, so every genome is a legal line. Its fitness is the
// heuristic for the agent's side where the line ends, or the final store difference
// (in points) where the game ends first. The opponent's plies evolve for the same
// fitness, so a line is an optimistic plan rather than a proven one; the decision's
// score (in stones) is that optimistic value. `analyze` is not offered.

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "agents/agent_options.hpp"
#include "search/heuristics.hpp"
#include "util/fast_random.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace mancala::agents {

struct EvolutionSettings {
    int population = 24;
    int generations = 30;
    int horizon = 6;        ///< plies, both sides' counted
    double mutation = 0.1;  ///< chance that a gene of a child is redrawn
    search::Heuristic heuristic = search::Heuristic::StoreDiff;
    std::uint64_t seed = 1;
};

class EvolutionAgent final : public Agent {
public:
    EvolutionAgent(std::string spec, const EvolutionSettings& settings);

    std::string spec() const override { return spec_; }
    Decision choose(const Rules& rules, const Position& position, const MoveBudget& budget) override;

private:
    using Gene = std::uint32_t;

    int fitness(const Rules& rules, const Position& root, std::span<const Gene> genome) const;
    int tournament();
    std::span<Gene> genome(std::vector<Gene>& pool, int i);

    std::string spec_;
    EvolutionSettings settings_;
    FastRandom random_;
    // The population as one flat array of genes, and the next generation being bred.
    std::vector<Gene> genes_, next_genes_;
    std::vector<int> fitness_, next_fitness_;
};

/// evolution[:population=N,generations=N,horizon=N,mutation=P,heuristic=NAME,seed=N].
std::unique_ptr<Agent> make_evolution_agent(AgentOptions& options, const AgentContext& context);

}  // namespace mancala::agents
