#include "solve/database_cache.hpp"

#include <map>
#include <mutex>
#include <string>

namespace mancala::solve {

std::shared_ptr<const EndgameDatabase> open_shared_database(const Rules& rules, const std::filesystem::path& root) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const EndgameDatabase>> opened;
    const std::filesystem::path folder = EndgameDatabase::folder(root, rules);
    const std::lock_guard lock(mutex);
    const std::string key = folder.lexically_normal().string();
    if (auto it = opened.find(key); it != opened.end()) return it->second;
    std::shared_ptr<const EndgameDatabase> db;
    if (std::filesystem::exists(folder / "tier-000.mdb")) {
        auto opened_db = std::make_shared<EndgameDatabase>(rules, root);
        if (opened_db->max_stones() >= 0) db = std::move(opened_db);
    }
    opened.emplace(key, db);
    return db;
}

}  // namespace mancala::solve
