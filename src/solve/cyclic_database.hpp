#pragma once
// Endgame databases for the games whose seeds stay on the board and whose positions
// repeat: Oware, Awari, Bohnenspiel and every rule set the cyclic board plays
// (search/cyclic_board.hpp). A capture leads to fewer seeds on the board, so tier t
// (t seeds in the pits) depends on itself and the lower tiers, and tiers are built
// 0, 1, 2, ...; inside a tier the moves that capture nothing may cycle, and
// solve/cyclic_tier_solver.hpp settles them by iteration to a fixpoint.
//
// The value of a board is what its mover ends up with of the seeds on it, when both
// play their best to the end; a play that never ends is scored as if the game had
// ended at the board, each side taking the seeds on its own side (docs/SOLVING.md,
// "Databases for games with cycles"). Each tier keeps 2 V - t, the mover's gain over
// the opponent, a signed byte a board, in the order and the files of the Kalah
// databases (solve/tier_index.hpp, solve/tier_file.hpp), so that the engine probes
// it as one. A rule that ends the game on a majority of the seeds (Oware's 25) is
// left to the engine at the root, as Romein and Bal did: the tiers play without it.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/endgame_oracle.hpp"
#include "solve/build_progress.hpp"
#include "solve/cyclic_tier_solver.hpp"
#include "solve/tier_file.hpp"
#include "solve/tier_index.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace mancala::solve {

/// True when a database of this kind can be built for `rules`: the cyclic board plays them.
bool cyclic_database_rules(const Rules& rules);

class CyclicDatabase final : public search::EndgameOracle {
public:
    /// Values 2 V - t fit in a signed byte.
    static constexpr int kMaxStones = 127;

    /// An empty database kept in memory. Throws std::invalid_argument, naming the rules,
    /// unless cyclic_database_rules(rules).
    explicit CyclicDatabase(const Rules& rules);

    /// The database of `rules` under folder `root` (its subfolder for these rules,
    /// created if missing), with every tier already there mapped, from 0 up to the
    /// first missing one or `up_to`. Throws std::runtime_error if a file is corrupted
    /// or made for other rules.
    CyclicDatabase(const Rules& rules, const std::filesystem::path& root, int up_to = kMaxStones);
    ~CyclicDatabase() override;

    /// The rules the tiers are played by: `rules` without the majority ending.
    static Rules tier_rules(const Rules& rules);
    /// The subfolder of `root` that holds the database of `rules`, e.g. root/oware-6.
    static std::filesystem::path folder(const std::filesystem::path& root, const Rules& rules);
    /// The identity every tier file of `rules` carries: the fingerprint of tier_rules.
    static std::uint64_t rules_fingerprint(const Rules& rules);

    /// Builds every tier up to `max_stones` that is not there yet (on disk, each is
    /// written as soon as it is done). Throws std::invalid_argument beyond kMaxStones.
    /// With a `team` (not owned) the team's processes solve each tier together, and only
    /// the one the team names writes the files.
    void build(int max_stones, int threads, const std::function<void(const BuildProgress&)>& on_progress = {},
               CyclicTeam* team = nullptr);
    /// On disk, a tier under way is saved once this long has passed since its last save
    /// (solve/counting_checkpoint.hpp), so that a stopped build takes it up there.
    void set_checkpoint_interval(std::chrono::milliseconds every) { checkpoint_every_ = every; }
    /// The checkpoint file of tier `tier` under `folder`.
    static std::filesystem::path checkpoint_file(const std::filesystem::path& folder, int tier);

    /// What solving each tier built by this object took, in tier order.
    const std::vector<std::pair<int, CyclicTierStats>>& built_tiers() const { return built_; }

    const Rules& rules() const { return rules_; }
    bool covers(const Rules& rules) const override;
    /// The tiers play every seed out: under a majority rule only their signs are the game's.
    bool exact_under(const Rules& rules) const override { return !rules.majority; }
    int max_stones() const override { return static_cast<int>(tiers_.size()) - 1; }
    using search::EndgameOracle::value;
    const std::int8_t* value_address(const int* cells, int stones) const override;
    std::span<const std::int8_t> tier(int t) const { return tiers_.at(static_cast<std::size_t>(t)); }

    /// What the mover of `p` gains over the opponent from here on (the stores left out).
    /// Throws std::out_of_range if `p` holds more seeds in its pits than the database.
    int value(const Position& p) const;
    /// The seeds the mover of `p` ends up with, of those in its pits.
    int share(const Position& p) const { return (value(p) + p.stones_in_pits()) / 2; }
    /// The final margin for the mover of `p`: its store difference plus value(p).
    int final_margin(const Position& p) const { return p.store_difference(p.to_move()) + value(p); }
    /// The final margin for the mover of `p` if it plays `move` (legal) and the game goes
    /// on from the board it leads to as from a new one.
    int final_margin_after(const Position& p, int move) const;

    /// Bytes a board of the tier under way takes while one process solves it by counting
    /// (its value, its state and its share of the stacks), and while processes share it
    /// in the graph solver (the pass's records, the graph, its reverse and the bounds),
    /// rounded up from the measured peaks (docs/PERFORMANCE.md, "Databases of repeating games").
    static constexpr std::uint64_t kBytesPerBoardCounted = 5;
    static constexpr std::uint64_t kBytesPerBoardShared = 80;
    static constexpr std::uint64_t bytes_per_board(bool shared) {
        return shared ? kBytesPerBoardShared : kBytesPerBoardCounted;
    }
    /// The memory build(max_stones) is expected to take at its peak (`shared`: with a
    /// team): the largest tier's solving, and the tiers below it (in memory, or mapped from
    /// their files and read at random by the captures).
    std::uint64_t build_memory(int max_stones, bool shared = false) const;

    std::uint64_t tier_size(int t) const { return TierIndex(rules_.pits, t).size(t); }
    std::uint64_t positions_up_to(int t) const;
    /// Bytes of tier `t`'s file, or 0 in memory.
    std::uint64_t tier_bytes(int t) const;
    std::optional<std::filesystem::path> directory() const { return dir_; }

private:
    TierFileIdentity identity(int tier) const;
    std::filesystem::path tier_path(int tier) const;

    Rules rules_;  ///< tier_rules of the rules asked for
    std::optional<std::filesystem::path> dir_;
    std::unique_ptr<TierIndex> index_;
    std::vector<std::span<const std::int8_t>> tiers_;
    std::vector<std::vector<std::int8_t>> memory_;  // tiers built in memory
    std::vector<std::unique_ptr<TierFile>> files_;  // tiers on disk
    std::vector<std::pair<int, CyclicTierStats>> built_;
    std::chrono::milliseconds checkpoint_every_{std::chrono::minutes(5)};
};

}  // namespace mancala::solve
