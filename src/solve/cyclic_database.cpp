#include "solve/cyclic_database.hpp"

#include "core/rules_string.hpp"
#include "search/cyclic_board.hpp"
#include "solve/cyclic_counting_solver.hpp"
#include "solve/endgame_db.hpp"
#include "util/assert.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>
#include <system_error>

namespace mancala::solve {

bool cyclic_database_rules(const Rules& rules) {
    return search::cyclic_shaped(rules) && rules.pits <= search::CyclicBoard::kMaxPits;
}

Rules CyclicDatabase::tier_rules(const Rules& rules) {
    Rules r = rules;
    r.majority = false;
    return r;
}

std::uint64_t CyclicDatabase::rules_fingerprint(const Rules& rules) {
    // Every dimension that plays, spelled out; the seeds at the start and the names of
    // the pits do not change a value, and the repetition rule is the convention's.
    Rules r = tier_rules(rules);
    r.seeds = Rules{}.seeds;
    r.names = Rules{}.names;
    r.repetition = false;
    std::uint64_t h = 0xCBF29CE484222325ull;  // FNV-1a
    for (const char c : spelled_out(r)) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
    return h == 0 ? 1 : h;  // 0 marks a Kalah-shaped file
}

std::filesystem::path CyclicDatabase::folder(const std::filesystem::path& root, const Rules& rules) {
    const std::string_view preset = preset_name(rules);
    if (preset != "custom") return root / fmt::format("{}-{}", preset, rules.pits);
    return root / fmt::format("custom-{}-{:016x}", rules.pits, rules_fingerprint(rules));
}

CyclicDatabase::CyclicDatabase(const Rules& rules) : rules_(tier_rules(rules)) {
    validate(rules_);
    if (!cyclic_database_rules(rules_))
        throw std::invalid_argument(fmt::format(
            "databases of repeating games hold the games whose sowings never reach a store and whose captures "
            "the cyclic board plays, on up to {} pits a side ({} is not one); the games of the catalogue that "
            "are: oware, awari, bohnenspiel",
            search::CyclicBoard::kMaxPits, rules_string(rules)));
    index_ = std::make_unique<TierIndex>(rules_.pits, 0);
}

CyclicDatabase::CyclicDatabase(const Rules& rules, const std::filesystem::path& root, int up_to)
    : CyclicDatabase(rules) {
    dir_ = folder(root, rules);
    std::error_code ec;
    std::filesystem::create_directories(*dir_, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot create {}: {}", dir_->string(), ec.message()));
    int last = -1;
    while (last < std::min(up_to, kMaxStones) && std::filesystem::exists(tier_path(last + 1))) ++last;
    index_ = std::make_unique<TierIndex>(rules_.pits, std::max(last, 0));
    for (int tier = 0; tier <= last; ++tier) {
        files_.push_back(std::make_unique<TierFile>(tier_path(tier), identity(tier)));
        tiers_.push_back(files_.back()->values());
    }
}

CyclicDatabase::~CyclicDatabase() = default;

// The files and their names are those of the Kalah databases.
std::filesystem::path CyclicDatabase::tier_path(int tier) const { return EndgameDatabase::tier_file(*dir_, tier); }

std::filesystem::path CyclicDatabase::checkpoint_file(const std::filesystem::path& folder, int tier) {
    return folder / fmt::format("tier-{:03}.counting", tier);
}

TierFileIdentity CyclicDatabase::identity(int tier) const {
    TierFileIdentity id{rules_, tier, index_->size(tier)};
    id.rules_fingerprint = rules_fingerprint(rules_);
    return id;
}

std::uint64_t CyclicDatabase::positions_up_to(int t) const { return TierIndex::positions_up_to(rules_.pits, t); }

std::uint64_t CyclicDatabase::build_memory(int max_stones, bool shared) const {
    std::uint64_t peak = 0;
    for (int t = this->max_stones() + 1; t <= max_stones; ++t) {
        // The tiers below, in memory or mapped from their files: the captures read them at random.
        const std::uint64_t below = positions_up_to(t - 1);
        peak = std::max(peak, bytes_per_board(shared) * tier_size(t) + below);
    }
    return peak;
}

std::uint64_t CyclicDatabase::tier_bytes(int t) const {
    if (t < 0 || t >= static_cast<int>(files_.size())) return 0;
    return files_[static_cast<std::size_t>(t)]->bytes_on_disk();
}

void CyclicDatabase::build(int max_stones, int threads,
                           const std::function<void(const BuildProgress&)>& on_progress, CyclicTeam* team) {
    if (max_stones < 0 || max_stones > kMaxStones)
        throw std::invalid_argument(
            fmt::format("a database holds 0 to {} seeds in the pits, not {}", kMaxStones, max_stones));
    if (max_stones <= this->max_stones()) return;
    if (index_->max_stones() < max_stones) index_ = std::make_unique<TierIndex>(rules_.pits, max_stones);
    // A team's other processes keep their tiers in memory: one writes the files.
    const bool writes = dir_ && (!team || team->writes_files());
    if (writes) EndgameDatabase::remove_unfinished_files(*dir_);
    const int first = this->max_stones() + 1;
    BuildProgress progress;
    progress.last_tier = max_stones;
    for (int t = first; t <= max_stones; ++t) progress.total += index_->size(t);
    const auto started = std::chrono::steady_clock::now();
    auto last_report = started;
    for (int tier = first; tier <= max_stones; ++tier) {
        const std::uint64_t size = index_->size(tier);
        std::vector<std::int8_t> values(size);
        progress.tier = tier;
        progress.tier_size = size;
        progress.tier_finished = false;
        const std::uint64_t before = progress.done;
        auto report = [&](int sweep, std::uint64_t done) {
            const auto now = std::chrono::steady_clock::now();
            if (!on_progress || now - last_report < std::chrono::milliseconds(200)) return;
            last_report = now;
            progress.sweep = sweep;
            progress.tier_done = done;
            progress.done = before + done;
            progress.seconds = std::chrono::duration<double>(now - started).count();
            on_progress(progress);
        };
        // One process counts, and saves its work on disk now and then; processes that share a
        // tier exchange the bounds of the graph solver.
        std::optional<CountingCheckpoints> checkpoints;
        if (writes && !team)
            checkpoints =
                CountingCheckpoints{checkpoint_file(*dir_, tier), rules_fingerprint(rules_), checkpoint_every_};
        const CyclicTierStats stats =
            !team && tier <= kCountingMaxTier
                ? solve_cyclic_tier_by_counting(
                      rules_, *index_, tier, tiers_, values, threads,
                      [&](int stage, std::uint64_t done) {
                          // The thresholds: the tier's boards in proportion.
                          report(stage, stage == 1 ? done : size * done / (tier + 1));
                      },
                      checkpoints ? &*checkpoints : nullptr)
                : solve_cyclic_tier(rules_, *index_, tier, tiers_, values, threads, report, team);
        built_.emplace_back(tier, stats);
        if (writes) {
            write_tier_file(tier_path(tier), identity(tier), values);
            std::error_code ec;
            std::filesystem::remove(checkpoint_file(*dir_, tier), ec);  // the tier is kept: its work is done
            files_.push_back(std::make_unique<TierFile>(tier_path(tier), identity(tier), false));
            tiers_.push_back(files_.back()->values());
        } else {
            memory_.push_back(std::move(values));
            tiers_.push_back(memory_.back());
        }
        progress.done = before + size;
        progress.tier_done = size;
        progress.sweep = 2;
        progress.tier_finished = true;
        progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (on_progress) on_progress(progress);
    }
}

bool CyclicDatabase::covers(const Rules& rules) const {
    return rules.pits == rules_.pits && rules_fingerprint(rules) == rules_fingerprint(rules_);
}

const std::int8_t* CyclicDatabase::value_address(const int* cells, int stones) const {
    MANCALA_ASSERT(stones >= 0 && stones <= max_stones(), "a probe asks for a tier the database holds");
    return &tiers_[static_cast<std::size_t>(stones)][index_->rank(cells, stones)];
}

int CyclicDatabase::value(const Position& p) const {
    if (p.pits() != rules_.pits)
        throw std::invalid_argument(fmt::format("a {}-pit position for a {}-pit database", p.pits(), rules_.pits));
    const int stones = p.stones_in_pits();
    if (stones > max_stones())
        throw std::out_of_range(
            fmt::format("{} seeds in the pits: the database holds up to {}", stones, max_stones()));
    return tiers_[static_cast<std::size_t>(stones)][index_->rank(p)];
}

int CyclicDatabase::final_margin_after(const Position& p, int move) const {
    const Side me = p.to_move();
    Position child = p;
    const MoveResult r = child.apply(rules_, move);
    if (r.game_over) return child.store_difference(me);
    return child.to_move() == me ? final_margin(child) : -final_margin(child);
}

}  // namespace mancala::solve
