#include "agents/random_agent.hpp"

#include <random>

namespace mancala::agents {

namespace {

class RandomAgent final : public Agent {
public:
    RandomAgent(std::string spec, std::uint64_t seed) : spec_(std::move(spec)), rng_(seed) {}

    std::string spec() const override { return spec_; }

    Decision choose(const Rules& rules, const Position& position, const MoveBudget&) override {
        const MoveList moves = position.legal_moves(rules);
        std::uniform_int_distribution<int> pick(0, moves.size() - 1);
        return Decision{moves[pick(rng_)], std::nullopt, false, "uniformly random"};
    }

private:
    std::string spec_;
    std::mt19937_64 rng_;
};

}  // namespace

std::unique_ptr<Agent> make_random_agent(AgentOptions& options, const AgentContext& context) {
    const auto seed = options.get_seed(context.seed);
    options.finish();
    return std::make_unique<RandomAgent>(options.canonical(), seed == 0 ? std::random_device{}() : seed);
}

}  // namespace mancala::agents
