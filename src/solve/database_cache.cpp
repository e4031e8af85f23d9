#include "solve/database_cache.hpp"

#include <algorithm>

namespace mancala::solve {

DatabaseCache::DatabaseCache(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

std::shared_ptr<const EndgameDatabase> DatabaseCache::open(const Rules& rules, const std::filesystem::path& root) {
    const std::filesystem::path folder = EndgameDatabase::folder(root, rules);
    const std::string key = folder.lexically_normal().string();
    const std::lock_guard lock(mutex_);
    const auto it = std::find_if(open_.begin(), open_.end(), [&](const auto& entry) { return entry.first == key; });
    if (it != open_.end()) {
        open_.splice(open_.begin(), open_, it);
        return open_.front().second;
    }
    // Opening a folder without tiers would create it: look first.
    if (!std::filesystem::exists(folder / "tier-000.mdb")) return nullptr;
    auto db = std::make_shared<EndgameDatabase>(rules, root);
    if (db->max_stones() < 0) return nullptr;
    open_.emplace_front(key, db);
    if (open_.size() > capacity_) open_.pop_back();  // agents holding it keep it open until they finish
    return db;
}

std::size_t DatabaseCache::size() const {
    const std::lock_guard lock(mutex_);
    return open_.size();
}

}  // namespace mancala::solve
