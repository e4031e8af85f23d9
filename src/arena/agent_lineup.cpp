#include "arena/agent_lineup.hpp"

#include "agents/agent_options.hpp"
#include "agents/registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mancala::arena {

namespace {

bool names_seed(const std::string& canonical_spec) {
    return canonical_spec.find(":seed=") != std::string::npos || canonical_spec.find(",seed=") != std::string::npos;
}

// Seeds stay in 1..1e9: every agent's seed option accepts that range, and 0 often
// means "from the system".
std::uint64_t agent_seed(std::uint64_t seed) { return seed % 1'000'000'000ULL + 1; }

}  // namespace

AgentMaker registry_maker() {
    return [](std::string_view spec) { return agents::make_agent(spec); };
}

std::string with_seed(std::string_view spec, std::uint64_t seed) {
    return fmt::format("{}{}seed={}", spec, spec.find(':') == std::string_view::npos ? ':' : ',', seed);
}

AgentLineup::AgentLineup(const std::vector<std::string>& specs, AgentMaker maker) : maker_(std::move(maker)) {
    for (const std::string& given : specs) {
        const std::string spec = agents::AgentOptions::parse(given).canonical();
        maker_(spec);  // throws std::invalid_argument for a bad spec
        bool seeded = false;
        if (!names_seed(spec)) {
            try {
                maker_(with_seed(spec, 1));
                seeded = true;
            } catch (const std::invalid_argument&) {
                // The agent has no seed option.
            }
        }
        const auto repeats = std::count(specs_.begin(), specs_.end(), spec);
        labels_.push_back(repeats == 0 ? spec : fmt::format("{} #{}", spec, repeats + 1));
        specs_.push_back(spec);
        seeded_.push_back(seeded);
    }
}

std::string AgentLineup::spec_for_game(int agent, std::uint64_t seed) const {
    const std::string& spec = specs_[static_cast<std::size_t>(agent)];
    return seeded_per_game(agent) ? with_seed(spec, agent_seed(seed)) : spec;
}

std::unique_ptr<agents::Agent> AgentLineup::build(int agent, std::uint64_t seed) const {
    return maker_(spec_for_game(agent, seed));
}

}  // namespace mancala::arena
