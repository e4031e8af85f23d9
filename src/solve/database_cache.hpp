#pragma once
// Endgame databases opened once and shared: every agent and every game of a server
// reads the same memory-mapped tiers. The host that makes the cache owns it (one per
// process, handed to agents in their context); it keeps at most `capacity` databases
// open, the least recently asked for closing first once no agent holds it.

#include "core/rules.hpp"
#include "search/endgame_source.hpp"
#include "solve/endgame_db.hpp"

#include <cstddef>
#include <filesystem>
#include <list>
#include <memory>
#include <mutex>
#include <string>
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
    std::shared_ptr<const EndgameDatabase> open(const Rules& rules, const std::filesystem::path& root);

    std::shared_ptr<const search::EndgameOracle> find(const Rules& rules,
                                                      const std::filesystem::path& root) override {
        return open(rules, root);
    }

    /// Databases open now (at most the capacity).
    std::size_t size() const;

private:
    std::size_t capacity_;
    mutable std::mutex mutex_;
    /// Most recently used first, by normalised folder.
    std::list<std::pair<std::string, std::shared_ptr<const EndgameDatabase>>> open_;
};

}  // namespace mancala::solve
