#include "agents/endgame_source.hpp"

#include <mutex>

namespace mancala::agents {

namespace {

std::mutex source_mutex;
EndgameSource installed;

}  // namespace

void set_endgame_source(EndgameSource source) {
    const std::lock_guard lock(source_mutex);
    installed = std::move(source);
}

std::shared_ptr<const search::EndgameOracle> find_endgame(const Rules& rules, const std::string& dir) {
    EndgameSource source;
    {
        const std::lock_guard lock(source_mutex);
        source = installed;
    }
    return source ? source(rules, dir) : nullptr;
}

}  // namespace mancala::agents
