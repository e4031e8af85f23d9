#include "agents/endgame_link.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace mancala::agents {

namespace {

/// Threads of an agent's own database build, done once before the game: the machine's, up to this many.
constexpr unsigned kMaxOwnDatabaseThreads = 4;

}  // namespace

int own_database_threads(const AgentContext& context, int threads) {
    const int host_threads =
        context.own_database_threads > 0
            ? context.own_database_threads
            : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, kMaxOwnDatabaseThreads));
    return std::max(threads, host_threads);
}

std::shared_ptr<const search::EndgameOracle> host_database(const AgentContext& context, const Rules& rules,
                                                           int mib) {
    if (!context.endgame_source) return nullptr;
    if (!context.endgame_dir.empty()) return context.endgame_source->find(rules, context.endgame_dir);
    if (mib <= 0) return nullptr;
    return context.endgame_source->built(rules, own_database_positions(mib), own_database_threads(context, 1));
}

EndgameLink EndgameLink::from_options(AgentOptions& options, const AgentContext& context, std::string_view agent,
                                      int threads) {
    const std::filesystem::path db = options.get_string("db", context.endgame_dir.string());
    const int db_size = options.get_int("db-size", kDefaultOwnDatabaseMiB, 0, 65536);
    if (!db.empty() && !context.endgame_source)
        throw std::invalid_argument(fmt::format(
            "agent '{}': db={} cannot be used here (this program opens no endgame databases)", agent, db.string()));
    return EndgameLink(context.endgame_source, db, own_database_positions(db_size),
                       own_database_threads(context, threads), context.own_database_in_background);
}

}  // namespace mancala::agents
