#pragma once
// The agents of a tournament: their specs, a unique label for each, and how to
// build a fresh one for every game. An agent whose spec names no seed but that
// accepts one gets a seed derived from the game, so that a seeded tournament
// plays the same games whatever the number of threads; the randomness of an
// agent without a seed option is its own.

#include "agents/agent.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::arena {

/// Builds an agent from a spec; agents::make_agent, or a stand-in in tests.
using AgentMaker = std::function<std::unique_ptr<agents::Agent>(std::string_view spec)>;

/// The default maker: the registry.
AgentMaker registry_maker();

class AgentLineup {
public:
    /// Checks every spec by building it once; throws std::invalid_argument (the
    /// maker's message) for a spec that cannot be built.
    AgentLineup(const std::vector<std::string>& specs, AgentMaker maker);

    int size() const { return static_cast<int>(specs_.size()); }
    /// The canonical spec, with " #2", " #3" appended to repeats of an earlier agent.
    const std::string& label(int agent) const { return labels_[static_cast<std::size_t>(agent)]; }
    const std::vector<std::string>& labels() const { return labels_; }
    /// Whether games pass the agent a seed of their own.
    bool seeded_per_game(int agent) const { return seeded_[static_cast<std::size_t>(agent)]; }

    /// The spec the agent is built from in a game whose derived seed is `seed`.
    std::string spec_for_game(int agent, std::uint64_t seed) const;
    /// Builds the agent for one game; throws whatever the maker throws.
    std::unique_ptr<agents::Agent> build(int agent, std::uint64_t seed) const;

private:
    std::vector<std::string> specs_;
    std::vector<std::string> labels_;
    std::vector<bool> seeded_;
    AgentMaker maker_;
};

/// `spec` with the option seed=N added.
std::string with_seed(std::string_view spec, std::uint64_t seed);

}  // namespace mancala::arena
