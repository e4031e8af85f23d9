#include "arena/agent_lineup.hpp"

#include "agents/agent_options.hpp"
#include "agents/registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mancala::arena {

namespace {

// Seeds stay in 1..1e9: every agent's seed option accepts that range, and 0 often
// means "from the system".
std::uint64_t agent_seed(std::uint64_t seed) { return seed % 1'000'000'000ULL + 1; }
static_assert(1'000'000'000ULL <= agents::AgentOptions::kMaxSeed);

}  // namespace

AgentMaker registry_maker() { return agents::make_agent; }

AgentLineup::AgentLineup(const std::vector<std::string>& specs, AgentMaker maker, agents::AgentContext context)
    : maker_(std::move(maker)), context_(std::move(context)) {
    for (const std::string& given : specs) {
        const std::string spec = agents::canonical_spec(given);
        maker_(spec, context_);  // throws std::invalid_argument for a bad spec
        const auto repeats = std::count(specs_.begin(), specs_.end(), spec);
        labels_.push_back(repeats == 0 ? spec : fmt::format("{} #{}", spec, repeats + 1));
        specs_.push_back(spec);
    }
}

std::unique_ptr<agents::Agent> AgentLineup::build(int agent, std::uint64_t seed) const {
    agents::AgentContext game_context = context_;
    game_context.seed = agent_seed(seed);
    return maker_(specs_[static_cast<std::size_t>(agent)], game_context);
}

}  // namespace mancala::arena
