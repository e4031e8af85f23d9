#include "server/think_costs.hpp"

#include "agents/agent_options.hpp"

#include <algorithm>

namespace mancala::server {

namespace {

/// How much a new measurement moves the estimate: recent requests count most.
constexpr double kWeightOfNew = 0.3;

}  // namespace

ThinkCosts::ThinkCosts(Duration cap, std::size_t max_kinds) : cap_(cap), max_kinds_(max_kinds) {}

ThinkCosts::Duration ThinkCosts::expected(const std::string& key, Duration prior) const {
    const std::lock_guard lock(mutex_);
    const auto it = measured_.find(key);
    return std::min(cap_, it == measured_.end() ? prior : it->second);
}

void ThinkCosts::record(const std::string& key, Duration took) {
    const std::lock_guard lock(mutex_);
    const auto it = measured_.find(key);
    if (it != measured_.end()) {
        it->second = (1 - kWeightOfNew) * it->second + kWeightOfNew * took;
    } else if (measured_.size() < max_kinds_) {
        measured_.emplace(key, took);
    }
}

ThinkCosts::Duration ThinkCosts::prior_for_agent(const std::string& spec) const {
    try {
        agents::AgentOptions options = agents::AgentOptions::parse(spec);
        if (options.name() == "random" || options.name() == "greedy") return std::chrono::milliseconds(1);
        if (const auto time = options.get_duration("time")) return std::min(cap_, Duration(*time));
    } catch (const std::exception&) {
        // a spec the server made: never malformed; the cap is the safe answer anyway
    }
    return cap_;
}

}  // namespace mancala::server
