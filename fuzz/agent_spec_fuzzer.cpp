// Agent spec strings (src/agents/agent_options.*, registry.*): a spec either parses
// into options whose canonical form parses back the same and builds an agent whose
// own spec builds it again, or is refused with std::invalid_argument. Agents are only
// built, never asked to move; the one option that allocates when an agent is built,
// an engine's transposition table (hash=MiB, up to 64 GiB), is held to 1 MiB.

#include "agents/agent_options.hpp"
#include "agents/registry.hpp"
#include "fuzz_support.hpp"

#include <stdexcept>

using namespace mancala;
using namespace mancala::agents;

namespace {

/// The largest table (MiB) a spec may make the fuzzer allocate.
constexpr int kMaxFuzzHashMb = 1;

/// `options` as a spec with hash=MiB held to kMaxFuzzHashMb (and given to the agents
/// whose default table is larger); a hash value that does not parse is left for the
/// agent to refuse.
std::string bounded_spec(const AgentOptions& options) {
    AgentOptions probe = options;
    int hash = -1;
    try {
        hash = probe.get_int("hash", -1, 0, 1 << 20);
    } catch (const std::invalid_argument&) {
        return options.canonical();
    }
    const bool default_table = options.name() == "engine" || options.name() == "perfect";
    if (hash <= kMaxFuzzHashMb && !(hash < 0 && default_table)) return options.canonical();
    // The canonical form is "name:key=value,..." and no value holds a comma.
    const std::string canonical = options.canonical();
    std::string spec = options.name();
    char separator = ':';
    const auto colon = canonical.find(':');
    if (colon != std::string::npos)
        for (const std::string_view item : fuzz::split(std::string_view(canonical).substr(colon + 1), ',')) {
            if (item.starts_with("hash=")) continue;
            spec += separator;
            spec += item;
            separator = ',';
        }
    return spec + separator + "hash=" + std::to_string(kMaxFuzzHashMb);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view spec = fuzz::as_text(data, size);

    if (const auto duration = parse_duration(spec))
        fuzz::require(duration->count() >= 0 && duration->count() <= 1'000'000'000,
                      "a duration is between 0 and 1e9 ms");

    AgentOptions options;
    try {
        options = AgentOptions::parse(spec);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    const std::string canonical = options.canonical();
    fuzz::require(AgentOptions::parse(canonical).canonical() == canonical,
                  "the canonical spec parses back the same", canonical);

    std::unique_ptr<Agent> agent;
    try {
        agent = make_agent(bounded_spec(options), AgentContext{});
    } catch (const std::invalid_argument&) {
        return 0;
    }
    const std::string built = agent->spec();
    fuzz::require(make_agent(built, AgentContext{})->spec() == built, "an agent's spec builds the same agent",
                  built);
    return 0;
}
