#include "solve/endgame_db.hpp"

#include "core/rules_string.hpp"
#include "search/cyclic_board.hpp"
#include "solve/tier_builder.hpp"
#include "util/assert.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <new>
#include <stdexcept>
#include <system_error>

namespace mancala::solve {

namespace {

std::string rules_folder_name(const Rules& rules) {
    const std::string_view preset = preset_name(rules);
    if (preset != "custom") return fmt::format("{}-{}", preset, rules.pits);
    return fmt::format("custom-{}-c{}-s{}-e{}-x{}", rules.pits, static_cast<int>(rules.capture),
                       static_cast<int>(rules.sowing), static_cast<int>(rules.end), rules.extra_turn ? 1 : 0);
}

// Leftovers of a write that was interrupted before its rename.
void remove_temporary_files(const std::filesystem::path& dir) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(".tier-") && name.find(".tmp-") != std::string::npos)
            std::filesystem::remove(entry.path(), ec);
    }
}

// A tier's bytes in `memory`.
std::span<std::int8_t> values_of(const util::AnonymousMemory& memory) {
    return {static_cast<std::int8_t*>(memory.data()), memory.size()};
}

}  // namespace

// The tiers are solved from fewer stones up, which needs a game whose stones only ever
// reach the stores: a Kalah-shaped one.
void require_database_rules(const Rules& rules) {
    if (kalah_shaped(rules)) return;
    const bool cyclic = search::cyclic_shaped(rules);
    if (cyclic && rules.pits > search::CyclicBoard::kMaxPits)
        throw std::invalid_argument(fmt::format(
            "the databases of games whose positions repeat hold boards of up to {} pits a side, not {} ({})",
            search::CyclicBoard::kMaxPits, rules.pits, rules_string(rules)));
    throw std::invalid_argument(fmt::format(
        "Kalah's endgame databases and proofs hold Kalah-shaped games only ({} is not one{}); the games of the "
        "catalogue that are: kalah, homework, relay{}",
        rules_string(rules), can_repeat(rules) ? ": its seeds stay on the board and its positions repeat" : "",
        cyclic ? "; its own databases are built by `mancala db build` and read by `mancala solve`" : ""));
}

void EndgameDatabase::load_into_memory() {
    memory_.reserve(tiers_.size());
    for (std::size_t t = memory_.size(); t < tiers_.size(); ++t) {
        util::AnonymousMemory buffer(tiers_[t].size(), true);
        if (!tiers_[t].empty()) std::memcpy(buffer.data(), tiers_[t].data(), tiers_[t].size());
        memory_.push_back(std::move(buffer));
        tiers_[t] = values_of(memory_.back());
        // Unmapped at once, so that a tier is never held twice for long: the peak is
        // then the copies and what is still mapped, not the database twice over.
        if (t < files_.size()) files_[t].reset();
    }
    files_.clear();
    loaded_ = true;
}

EndgameDatabase::EndgameDatabase(const Rules& rules) : rules_(rules) {
    validate(rules_);
    require_database_rules(rules_);
    ensure_index(0);
}

EndgameDatabase::EndgameDatabase(const Rules& rules, const std::filesystem::path& root, int up_to) : rules_(rules) {
    validate(rules_);
    require_database_rules(rules_);
    dir_ = folder(root, rules);
    std::error_code ec;
    std::filesystem::create_directories(*dir_, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot create {}: {}", dir_->string(), ec.message()));
    int last = -1;
    while (last < std::min(up_to, kMaxStones) && std::filesystem::exists(tier_path(last + 1))) ++last;
    ensure_index(std::max(last, 0));
    for (int tier = 0; tier <= last; ++tier) {
        files_.push_back(std::make_unique<TierFile>(tier_path(tier), identity(tier)));
        tiers_.push_back(files_.back()->values());
    }
}

EndgameDatabase::~EndgameDatabase() = default;

std::filesystem::path EndgameDatabase::folder(const std::filesystem::path& root, const Rules& rules) {
    return root / rules_folder_name(rules);
}

std::filesystem::path EndgameDatabase::tier_file(const std::filesystem::path& folder, int tier) {
    return folder / fmt::format("tier-{:03}.mdb", tier);
}

void EndgameDatabase::remove_unfinished_files(const std::filesystem::path& folder) {
    remove_temporary_files(folder);
}

std::filesystem::path EndgameDatabase::tier_path(int tier) const { return tier_file(*dir_, tier); }

TierFileIdentity EndgameDatabase::identity(int tier) const {
    return tier_identity(rules_, tier, index_->size(tier));
}

void EndgameDatabase::ensure_index(int max_stones) {
    if (!index_ || index_->max_stones() < max_stones) index_ = std::make_unique<TierIndex>(rules_.pits, max_stones);
}

std::uint64_t EndgameDatabase::tier_size(int t) const {
    if (t > index_->max_stones()) return TierIndex(rules_.pits, t).size(t);
    return index_->size(t);
}

std::uint64_t EndgameDatabase::positions_up_to(int t) const { return TierIndex::positions_up_to(rules_.pits, t); }

std::uint64_t EndgameDatabase::tier_bytes(int t) const {
    if (t < 0 || t >= static_cast<int>(files_.size())) return 0;
    return files_[static_cast<std::size_t>(t)]->bytes_on_disk();
}

void EndgameDatabase::build(int max_stones, int threads,
                            const std::function<void(const BuildProgress&)>& on_progress, TierTeam* team) {
    if (max_stones < 0 || max_stones > kMaxStones)
        throw std::invalid_argument(
            fmt::format("an endgame database holds 0 to {} stones in the pits, not {}", kMaxStones, max_stones));
    if (max_stones <= this->max_stones()) return;
    ensure_index(max_stones);
    if (dir_ && (!team || team->writes_files())) remove_temporary_files(*dir_);
    const int first = this->max_stones() + 1;
    std::uint64_t total = 0;
    for (int t = first; t <= max_stones; ++t) total += index_->size(t);
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t done = 0;
    for (int tier = first; tier <= max_stones; ++tier) {
        build_tier(tier, max_stones, threads, done, total, on_progress,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), team);
        done += index_->size(tier);
    }
}

void EndgameDatabase::build_tier(int tier, int last_tier, int threads, std::uint64_t done_before,
                                 std::uint64_t total, const std::function<void(const BuildProgress&)>& on_progress,
                                 double started, TierTeam* team) {
    const std::uint64_t size = index_->size(tier);
    util::AnonymousMemory buffer(size, true);
    const std::span<std::int8_t> values = values_of(buffer);
    const auto begin = std::chrono::steady_clock::now();
    auto last_report = begin;
    BuildProgress progress{tier, 0, 0, size, done_before, total, started, false};
    progress.last_tier = last_tier;
    auto report = [&](std::uint64_t tier_done, bool finished) {
        if (!on_progress) return;
        const auto now = std::chrono::steady_clock::now();
        if (!finished && now - last_report < std::chrono::milliseconds(200)) return;
        last_report = now;
        progress.tier_done = tier_done;
        progress.done = done_before + tier_done;
        progress.seconds = started + std::chrono::duration<double>(now - begin).count();
        progress.tier_finished = finished;
        on_progress(progress);
    };
    const auto on_tier_progress = [&](std::uint64_t d) { report(d, false); };
    if (team)
        team->solve(rules_, *index_, tier, tiers_, values, threads, on_tier_progress);
    else
        solve_tier(rules_, *index_, tier, tiers_, values, threads, on_tier_progress);
    // A team's other processes keep their tiers in memory: one writes the files.
    const bool write = dir_ && (!team || team->writes_files());
    if (write && !loaded_) {
        write_tier_file(tier_path(tier), identity(tier), values);
        // Map the file back (the page cache still holds it) and let the buffer go.
        files_.push_back(std::make_unique<TierFile>(tier_path(tier), identity(tier), false));
        tiers_.push_back(files_.back()->values());
    } else {
        // In memory (maybe loaded from disk): keep the buffer, and write the file too if on disk.
        if (write) write_tier_file(tier_path(tier), identity(tier), values);
        memory_.push_back(std::move(buffer));
        tiers_.push_back(values_of(memory_.back()));
    }
    report(size, true);
}

int EndgameDatabase::final_margin_after(const Position& p, int move) const {
    const Side me = p.to_move();
    Position child = p;
    const MoveResult r = child.apply(rules_, move);
    if (r.game_over) return child.store_difference(me);
    return child.to_move() == me ? final_margin(child) : -final_margin(child);
}

bool EndgameDatabase::covers(const Rules& rules) const {
    return rules.pits == rules_.pits && rules.capture == rules_.capture && rules.sowing == rules_.sowing &&
           rules.end == rules_.end && rules.extra_turn == rules_.extra_turn;
}

const std::int8_t* EndgameDatabase::value_address(const int* cells, int stones) const {
    MANCALA_ASSERT(stones >= 0 && stones <= max_stones(), "a probe asks for a tier the database holds");
    return &tiers_[static_cast<std::size_t>(stones)][index_->rank(cells, stones)];
}

int EndgameDatabase::value(const Position& p) const {
    if (p.pits() != rules_.pits)
        throw std::invalid_argument(fmt::format("a {}-pit position for a {}-pit database", p.pits(), rules_.pits));
    const int stones = p.stones_in_pits();
    if (stones > max_stones())
        throw std::out_of_range(
            fmt::format("{} stones in the pits: the database holds up to {}", stones, max_stones()));
    return tiers_[static_cast<std::size_t>(stones)][index_->rank(p)];
}

}  // namespace mancala::solve
