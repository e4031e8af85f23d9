#pragma once
// The agents one host slot (an arena worker, a server's think thread) keeps from game to
// game. Starting an external program costs 8 ms with python3 and half a second through a
// pyenv shim, which held an arena to 2.2 games/s when it started both for every game. An
// agent that says it may be kept (Agent::kept_across_games) is built once per slot and key
// and told new_game() when a new game comes, as cutechess keeps its engines; one that
// misbehaves restarts its own program, not the slot's others. Every other agent is built
// afresh for each game, as before: its seed is the game's.

#include "agents/agent.hpp"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mancala::agents {

class KeptAgents {
public:
    using Maker = std::function<std::unique_ptr<Agent>()>;

    /// The agent under `key` (the spec, or the arena's agent number) for the game `game`:
    /// the one kept, told new_game() if its last game was another, or else a new one from
    /// `make`, kept if it may be. Throws what `make` throws. The agent stays valid while the
    /// caller holds it, even if the slot drops it.
    std::shared_ptr<Agent> for_game(const std::string& key, const std::string& game, const Maker& make);

    /// How many agents are kept.
    std::size_t size() const { return kept_.size(); }

private:
    struct Kept {
        std::shared_ptr<Agent> agent;
        std::string game;  ///< the game it last played
    };
    std::map<std::string, Kept> kept_;
};

/// KeptAgents for a host whose moves are played by whichever thread is free (the server's
/// think pool): a move borrows a slot and gives it back when done, so there are at most
/// as many slots, and programs of one spec, as moves played at once.
class KeptAgentSlots {
public:
    class Lease {
    public:
        Lease(Lease&&) = delete;
        ~Lease();
        KeptAgents& operator*() { return *slot_; }
        KeptAgents* operator->() { return slot_.get(); }

    private:
        friend class KeptAgentSlots;
        Lease(KeptAgentSlots& owner, std::unique_ptr<KeptAgents> slot) : owner_(owner), slot_(std::move(slot)) {}
        KeptAgentSlots& owner_;
        std::unique_ptr<KeptAgents> slot_;
    };

    /// A free slot, or a new one if every slot is in use.
    Lease borrow();

private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<KeptAgents>> free_;
};

}  // namespace mancala::agents
