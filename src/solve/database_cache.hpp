#pragma once
// Endgame databases opened once and shared: every agent and every game of a server
// reads the same memory-mapped tiers. The host that makes the cache owns it (one per
// process, handed to agents in their context); it keeps at most `capacity` databases
// open, the least recently asked for closing first once no agent holds it. Databases
// built in memory for agents without a folder (the engine's own) are kept the same
// way, at most kBuiltCapacity of them. Kalah-shaped games get an EndgameDatabase, games
// whose positions repeat (Oware, Awari, Bohnenspiel) a CyclicDatabase.

#include "core/rules.hpp"
#include "search/endgame_source.hpp"

#include <cstddef>
#include <filesystem>
#include <list>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>

namespace mancala::solve {

class DatabaseCache final : public search::EndgameSource {
public:
    /// Databases kept open: more than the rule sets and board sizes a host serves at once.
    static constexpr std::size_t kDefaultCapacity = 32;

    explicit DatabaseCache(std::size_t capacity = kDefaultCapacity);

    /// The database of `rules` under `root`, opened on first use; nullptr if that folder
    /// holds no tier (asked again next time: a database built meanwhile is found).
    /// Throws std::runtime_error for a corrupted or mismatched file. Thread-safe.
    std::shared_ptr<const search::EndgameOracle> open(const Rules& rules, const std::filesystem::path& root);

    std::shared_ptr<const search::EndgameOracle> find(const Rules& rules,
                                                      const std::filesystem::path& root) override {
        return open(rules, root);
    }

    /// Databases built in memory kept at once: a host serving many rule sets and board
    /// sizes holds at most this many times its agents' largest database.
    static constexpr std::size_t kBuiltCapacity = 4;

    /// The database of `rules` built in memory up to stones_within(rules, max_positions)
    /// stones, on first use (see EndgameSource::built); nullptr if that is -1.
    std::shared_ptr<const search::EndgameOracle> build(const Rules& rules, std::uint64_t max_positions,
                                                       int threads);

    std::shared_ptr<const search::EndgameOracle> built(const Rules& rules, std::uint64_t max_positions,
                                                       int threads) override {
        return build(rules, max_positions, threads);
    }

    /// build() without waiting (EndgameSource::built_if_ready): one background build at a
    /// time, which the cache's destructor waits for; a build that failed is not tried again.
    std::shared_ptr<const search::EndgameOracle> build_if_ready(const Rules& rules, std::uint64_t max_positions,
                                                                int threads);

    std::shared_ptr<const search::EndgameOracle> built_if_ready(const Rules& rules, std::uint64_t max_positions,
                                                                int threads) override {
        return build_if_ready(rules, max_positions, threads);
    }

    /// The most stones, fewer than the game of `rules` holds, whose tiers together
    /// hold at most `max_positions` positions (for a game whose positions repeat, whose
    /// tiers cost kCyclicCost times as much a position to build, a kCyclicCost-th of them);
    /// -1 if none, or if the rules have no fast builder.
    static int stones_within(const Rules& rules, std::uint64_t max_positions);
    /// How many times a Kalah tier's time a position of a cyclic tier takes to build, and
    /// its memory while it is built (docs/PERFORMANCE.md, "The constants in the code").
    static constexpr std::uint64_t kCyclicCost = 64;

    /// Databases open now (at most the capacity).
    std::size_t size() const;

private:
    /// The database built for `key` (rules folder and stones), if it is kept.
    std::shared_ptr<const search::EndgameOracle> find_built(const std::string& key);

    std::size_t capacity_;
    mutable std::mutex mutex_;
    /// Most recently used first, by normalised folder.
    std::list<std::pair<std::string, std::shared_ptr<const search::EndgameOracle>>> open_;
    /// Held through a build, so that two agents wanting the same database build it once.
    std::mutex build_mutex_;
    /// Most recently used first, by rules folder and stones.
    std::list<std::pair<std::string, std::shared_ptr<const search::EndgameOracle>>> built_;
    /// The keys whose build failed (not tried again), and whether one builds in the background.
    std::set<std::string> failed_;
    bool background_running_ = false;
    /// Last, so that it is joined before the rest goes.
    std::jthread background_;
};

}  // namespace mancala::solve
