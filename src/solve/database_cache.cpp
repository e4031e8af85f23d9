#include "solve/database_cache.hpp"

#include "solve/cyclic_database.hpp"
#include "solve/endgame_db.hpp"
#include "solve/fast_sower.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mancala::solve {

namespace {

std::filesystem::path folder_of(const std::filesystem::path& root, const Rules& rules) {
    return cyclic_database_rules(rules) ? CyclicDatabase::folder(root, rules)
                                        : EndgameDatabase::folder(root, rules);
}

}  // namespace

DatabaseCache::DatabaseCache(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

std::shared_ptr<const search::EndgameOracle> DatabaseCache::open(const Rules& rules,
                                                                 const std::filesystem::path& root) {
    const std::filesystem::path folder = folder_of(root, rules);
    const std::string key = folder.lexically_normal().string();
    const std::lock_guard lock(mutex_);
    const auto it = std::find_if(open_.begin(), open_.end(), [&](const auto& entry) { return entry.first == key; });
    if (it != open_.end()) {
        open_.splice(open_.begin(), open_, it);
        return open_.front().second;
    }
    // Opening a folder without tiers would create it: look first.
    if (!std::filesystem::exists(folder / "tier-000.mdb")) return nullptr;
    std::shared_ptr<const search::EndgameOracle> db;
    if (cyclic_database_rules(rules))
        db = std::make_shared<CyclicDatabase>(rules, root);
    else
        db = std::make_shared<EndgameDatabase>(rules, root);
    if (db->max_stones() < 0) return nullptr;
    open_.emplace_front(key, db);
    if (open_.size() > capacity_) open_.pop_back();  // agents holding it keep it open until they finish
    return db;
}

int DatabaseCache::stones_within(const Rules& rules, std::uint64_t max_positions) {
    const bool cyclic = cyclic_database_rules(rules);
    if (!cyclic && !has_fast_path(rules)) return -1;
    if (cyclic) max_positions /= kCyclicCost;
    const int game_stones = 2 * rules.pits * rules.seeds;
    int stones = -1;
    while (stones + 1 < std::min(game_stones, EndgameDatabase::kMaxStones + 1) &&
           TierIndex::positions_up_to(rules.pits, stones + 1) <= max_positions)
        ++stones;
    return stones;
}

namespace {

std::string built_key(const Rules& rules, int stones) {
    return fmt::format("{}/{}", folder_of({}, rules).string(), stones);
}

}  // namespace

std::shared_ptr<const search::EndgameOracle> DatabaseCache::find_built(const std::string& key) {
    const std::lock_guard lock(mutex_);
    const auto it =
        std::find_if(built_.begin(), built_.end(), [&](const auto& entry) { return entry.first == key; });
    if (it == built_.end()) return nullptr;
    built_.splice(built_.begin(), built_, it);
    return built_.front().second;
}

std::shared_ptr<const search::EndgameOracle> DatabaseCache::build_if_ready(const Rules& rules,
                                                                           std::uint64_t max_positions,
                                                                           int threads) {
    const int stones = stones_within(rules, max_positions);
    if (stones < 0) return nullptr;
    const std::string key = built_key(rules, stones);
    if (auto db = find_built(key)) return db;
    const std::lock_guard lock(mutex_);
    if (background_running_ || failed_.contains(key)) return nullptr;
    if (background_.joinable()) background_.join();  // the last one, finished
    background_running_ = true;
    background_ = std::jthread([this, rules, max_positions, threads, key] {
        bool failed = false;
        try {
            build(rules, max_positions, threads);
        } catch (...) {  // no memory for it, most likely: the agents play on without
            failed = true;
        }
        const std::lock_guard done(mutex_);
        if (failed) failed_.insert(key);
        background_running_ = false;
    });
    return nullptr;
}

std::shared_ptr<const search::EndgameOracle> DatabaseCache::build(const Rules& rules, std::uint64_t max_positions,
                                                                  int threads) {
    const int stones = stones_within(rules, max_positions);
    if (stones < 0) return nullptr;
    const std::string key = built_key(rules, stones);
    if (auto db = find_built(key)) return db;
    const std::lock_guard building(build_mutex_);
    if (auto db = find_built(key)) return db;  // built by the agent this one waited for
    std::shared_ptr<const search::EndgameOracle> db;
    if (cyclic_database_rules(rules)) {
        auto built = std::make_shared<CyclicDatabase>(rules);
        built->build(stones, threads);
        db = std::move(built);
    } else {
        auto built = std::make_shared<EndgameDatabase>(rules);
        built->build(stones, threads);
        db = std::move(built);
    }
    const std::lock_guard lock(mutex_);
    built_.emplace_front(key, db);
    if (built_.size() > kBuiltCapacity) built_.pop_back();  // agents holding it keep it until they finish
    return db;
}

std::size_t DatabaseCache::size() const {
    const std::lock_guard lock(mutex_);
    return open_.size();
}

}  // namespace mancala::solve
