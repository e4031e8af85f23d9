#include "agents/kept_agents.hpp"

namespace mancala::agents {

std::shared_ptr<Agent> KeptAgents::for_game(const std::string& key, const std::string& game, const Maker& make) {
    if (const auto it = kept_.find(key); it != kept_.end()) {
        Kept& kept = it->second;
        if (kept.game != game) {
            kept.agent->new_game();
            kept.game = game;
        }
        return kept.agent;
    }
    std::shared_ptr<Agent> agent = make();
    if (agent->kept_across_games()) kept_.emplace(key, Kept{agent, game});
    return agent;
}

KeptAgentSlots::Lease KeptAgentSlots::borrow() {
    std::unique_ptr<KeptAgents> slot;
    {
        const std::lock_guard lock(mutex_);
        if (!free_.empty()) {
            slot = std::move(free_.back());
            free_.pop_back();
        }
    }
    return Lease(*this, slot ? std::move(slot) : std::make_unique<KeptAgents>());
}

KeptAgentSlots::Lease::~Lease() {
    const std::lock_guard lock(owner_.mutex_);
    owner_.free_.push_back(std::move(slot_));
}

}  // namespace mancala::agents
