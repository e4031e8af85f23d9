#pragma once
// The agents of a tournament: their specs, a unique label for each, and how to
// build a fresh one for every game. Every game gives its agents a seed of its own
// in their context, which an agent that takes a seed and whose spec names none
// plays with, so that a seeded tournament plays the same games whatever the
// number of threads; the randomness of an agent without a seed option is its own.

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::arena {

/// Builds an agent from a spec; agents::make_agent, or a stand-in in tests.
using AgentMaker =
    std::function<std::unique_ptr<agents::Agent>(std::string_view spec, const agents::AgentContext& context)>;

/// The default maker: the registry.
AgentMaker registry_maker();

class AgentLineup {
public:
    /// Checks every spec by building it once in `context` (the host's: databases);
    /// throws std::invalid_argument (the maker's message) for a spec that cannot be built.
    AgentLineup(const std::vector<std::string>& specs, AgentMaker maker, agents::AgentContext context);

    int size() const { return static_cast<int>(specs_.size()); }
    /// The canonical spec, with " #2", " #3" appended to repeats of an earlier agent.
    const std::string& label(int agent) const { return labels_[static_cast<std::size_t>(agent)]; }
    const std::vector<std::string>& labels() const { return labels_; }
    /// Builds the agent for one game whose derived seed is `seed`; throws whatever the maker throws.
    std::unique_ptr<agents::Agent> build(int agent, std::uint64_t seed) const;

private:
    std::vector<std::string> specs_;
    std::vector<std::string> labels_;
    AgentMaker maker_;
    agents::AgentContext context_;
};

}  // namespace mancala::arena
