#include "cluster/owned_build.hpp"

#include "solve/endgame_db.hpp"
#include "solve/fast_sower.hpp"
#include "solve/owned_sweep.hpp"
#include "solve/tier_file.hpp"
#include "solve/tier_index.hpp"
#include "util/stopwatch.hpp"

#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <vector>

namespace mancala::cluster {

namespace {

/// Every process's block size of a tier of `size` positions, by rank.
std::vector<std::uint64_t> block_sizes(std::uint64_t size, int processes) {
    std::vector<std::uint64_t> sizes;
    for (int p = 0; p < processes; ++p) {
        const solve::IndexRange b = solve::owned_block(size, processes, p);
        sizes.push_back(b.last - b.first);
    }
    return sizes;
}

}  // namespace

OwnedBuildReport build_with_owned_blocks(const Rules& rules, const std::filesystem::path& root, int max_stones,
                                         const Communicator& world,
                                         const std::function<void(int tier, double seconds)>& on_tier) {
    if (!solve::has_fast_path(rules))
        throw std::invalid_argument(
            "--owned-blocks builds the rules of single sowing that end when either row is empty (kalah, homework)");
    if (max_stones < 0 || max_stones > solve::EndgameDatabase::kMaxStones)
        throw std::invalid_argument(
            fmt::format("--max-stones {}: at most {}", max_stones, solve::EndgameDatabase::kMaxStones));
    const auto started = std::chrono::steady_clock::now();
    const std::filesystem::path folder = solve::EndgameDatabase::folder(root, rules);
    const solve::TierIndex index(rules.pits, max_stones);
    const int processes = world.size();
    OwnedBuildReport report;

    // The tiers on disk, opened (and checked) by the leader, which hands each process its blocks.
    std::unique_ptr<solve::EndgameDatabase> on_disk;
    std::int64_t present[2] = {0, -1};  // the tiers to read, the highest on disk
    if (world.leader()) {
        on_disk = std::make_unique<solve::EndgameDatabase>(rules, root);
        solve::EndgameDatabase::remove_unfinished_files(folder);
        present[0] = std::min(on_disk->max_stones(), max_stones) + 1;
        present[1] = on_disk->max_stones();
    }
    world.broadcast(present);
    report.had = static_cast<int>(present[1]);
    std::vector<std::vector<std::int8_t>> blocks;
    auto lower = [&] { return std::vector<std::span<const std::int8_t>>(blocks.begin(), blocks.end()); };
    for (int t = 0; t < present[0]; ++t) {
        const std::vector<std::uint64_t> sizes = block_sizes(index.size(t), processes);
        blocks.emplace_back(sizes[static_cast<std::size_t>(world.rank())]);
        world.scatter_from_leader(on_disk ? on_disk->tier(t) : std::span<const std::int8_t>{}, sizes,
                                  blocks.back());
    }
    on_disk.reset();

    solve::OwnedTeam team;
    team.process = world.rank();
    team.processes = processes;
    team.trade_questions = [&](const std::vector<std::vector<std::uint64_t>>& out) {
        return world.all_to_all(out);
    };
    team.trade_answers = [&](const std::vector<std::vector<std::int8_t>>& out) { return world.all_to_all(out); };
    team.max_all = [&](std::uint64_t v) { return world.max(v); };
    for (int t = static_cast<int>(present[0]); t <= max_stones; ++t) {
        const std::vector<std::uint64_t> sizes = block_sizes(index.size(t), processes);
        std::vector<std::int8_t> mine(sizes[static_cast<std::size_t>(world.rank())]);
        const solve::OwnedSweepStats stats = solve::sweep_owned_block(rules, index, t, lower(), mine, team);
        report.questions += stats.questions;
        report.remote += stats.remote;
        report.positions += index.size(t);
        // The leader gathers the tier and writes it (atomically) before anyone goes on.
        const auto writing = std::chrono::steady_clock::now();
        std::vector<std::int8_t> whole(world.leader() ? index.size(t) : 0);
        world.gather_to_leader(mine, sizes, whole);
        if (world.leader())
            solve::write_tier_file(solve::EndgameDatabase::tier_file(folder, t),
                                   solve::EndgameDatabase::tier_identity(rules, t, index.size(t)), whole);
        world.barrier();  // written before any process could see a later tier on disk
        report.writing_seconds += seconds_since(writing);
        blocks.push_back(std::move(mine));
        if (world.leader() && on_tier) on_tier(t, seconds_since(started));
    }
    report.max_stones = std::max(report.had, max_stones);
    report.seconds = seconds_since(started);
    return report;
}

}  // namespace mancala::cluster
