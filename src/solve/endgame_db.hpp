#pragma once
// Endgame databases: the exact value of every position with up to some number of
// stones in the pits, by tiered retrograde analysis (docs/SOLVING.md, "mancala db build and mancala db query").
// Stones only leave the pits for the stores, so tier t (t stones in the pits)
// depends only on itself and lower tiers, and a position's value (what the mover
// still gains) depends only on the pits: the stores never enter. Tiers are built
// 0, 1, 2, ... with every core; inside a tier a move that puts no stone in a
// store only pushes stones forward along the mover's row, so following such
// moves always ends and a position's same-tier successors can be solved first
// (solve/tier_builder.hpp: in layers of the stones' distance to the stores, or
// on demand).
//
// A database lives in memory, or on disk as one memory-mapped file per tier
// (solve/tier_file.hpp) in a folder per rule set, written as each tier is done,
// so an interrupted build resumes at the first missing tier.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/endgame_oracle.hpp"
#include "solve/build_progress.hpp"
#include "solve/tier_file.hpp"
#include "solve/tier_index.hpp"
#include "solve/tier_team.hpp"
#include "util/anonymous_memory.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace mancala::solve {

/// Throws std::invalid_argument, naming the rules, unless databases and proofs can be
/// built for them: Kalah-shaped games, whose stones only ever reach the stores, so that
/// tiers are solved from fewer stones up.
void require_database_rules(const Rules& rules);

class EndgameDatabase final : public search::EndgameOracle {
public:
    /// Values fit in a signed byte, so at most this many stones in the pits.
    static constexpr int kMaxStones = 127;

    /// An empty database kept in memory.
    explicit EndgameDatabase(const Rules& rules);

    /// The database of `rules` under folder `root` (in its subfolder for these
    /// rules, created if missing). Maps every tier already built there, from 0 up
    /// to the first missing one or `up_to`: the files above it are neither read nor
    /// checked (a search capped below what the disk holds). Throws
    /// std::runtime_error if a file is corrupted or made for other rules.
    EndgameDatabase(const Rules& rules, const std::filesystem::path& root, int up_to = kMaxStones);

    ~EndgameDatabase() override;

    /// The subfolder of `root` that holds the database of `rules`, e.g. root/kalah-6.
    static std::filesystem::path folder(const std::filesystem::path& root, const Rules& rules);
    /// The file of tier `tier` in a database's `folder`.
    static std::filesystem::path tier_file(const std::filesystem::path& folder, int tier);
    /// Removes what writes interrupted before their rename left in `folder`.
    static void remove_unfinished_files(const std::filesystem::path& folder);
    /// What the file of tier `tier` (of `size` positions) of `rules` must be.
    static TierFileIdentity tier_identity(const Rules& rules, int tier, std::uint64_t size) {
        return {rules, tier, size};
    }

    /// Builds every tier up to `max_stones` that is not there yet (on disk, each is
    /// written as soon as it is done). Throws std::invalid_argument beyond kMaxStones.
    /// With a `team` (not owned) every tier is solved by the team's processes together,
    /// and written to disk only by the one the team names.
    void build(int max_stones, int threads, const std::function<void(const BuildProgress&)>& on_progress = {},
               TierTeam* team = nullptr);

    const Rules& rules() const { return rules_; }
    /// The highest tier available, -1 if none.
    bool covers(const Rules& rules) const override;
    int max_stones() const override { return static_cast<int>(tiers_.size()) - 1; }
    using search::EndgameOracle::value;
    const std::int8_t* value_address(const int* cells, int stones) const override;
    /// Every value of tier `t` <= max_stones(), in index order.
    std::span<const std::int8_t> tier(int t) const { return tiers_.at(static_cast<std::size_t>(t)); }

    /// What the side to move of `p` gains from here on; throws std::out_of_range
    /// if `p` has more stones in its pits than the database holds.
    int value(const Position& p) const;
    /// The final margin for the side to move of `p`: its store difference plus value(p).
    int final_margin(const Position& p) const { return p.store_difference(p.to_move()) + value(p); }
    /// The final margin for the side to move of `p` if it plays `move` (legal) and both play perfectly on.
    int final_margin_after(const Position& p, int move) const;

    /// Positions in tier `t` (whether built or not), and in tiers 0..t.
    std::uint64_t tier_size(int t) const;
    std::uint64_t positions_up_to(int t) const;
    /// Bytes of tier `t`'s file, or 0 in memory.
    std::uint64_t tier_bytes(int t) const;
    /// Copies every tier mapped from disk into anonymous memory on huge pages (the
    /// search's random probes then miss the TLB far less) and unmaps the files;
    /// tiers built later stay in memory too (and are still written to disk).
    void load_into_memory();
    std::optional<std::filesystem::path> directory() const { return dir_; }

private:
    void build_tier(int tier, int last_tier, int threads, std::uint64_t done_before, std::uint64_t total,
                    const std::function<void(const BuildProgress&)>& on_progress, double started, TierTeam* team);
    TierFileIdentity identity(int tier) const;
    std::filesystem::path tier_path(int tier) const;
    void ensure_index(int max_stones);

    Rules rules_;
    std::optional<std::filesystem::path> dir_;
    std::unique_ptr<TierIndex> index_;
    std::vector<std::span<const std::int8_t>> tiers_;
    /// The tiers in memory (built here or loaded), on huge pages where the kernel grants them.
    std::vector<util::AnonymousMemory> memory_;
    bool loaded_ = false;                           // on disk, but the tiers are kept in memory
    std::vector<std::unique_ptr<TierFile>> files_;  // the tiers, when on disk
};

}  // namespace mancala::solve
