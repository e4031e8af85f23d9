// The sweep for databases larger than one machine (solve/owned_sweep.hpp), run by
// "processes" that are threads trading through memory: each keeps only its own
// block of every tier, and the blocks together are the one-process tiers, byte for
// byte, whatever the number of processes and the size of the batches.

#include "solve/owned_sweep.hpp"

#include "solve/tier_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <barrier>
#include <thread>
#include <vector>

namespace mancala::solve {
namespace {

TEST(OwnedBlocks, CoverTheTierInOrderAndNameTheirOwners) {
    for (std::uint64_t size : {0ULL, 1ULL, 2ULL, 7ULL, 100ULL, 1001ULL})
        for (int processes : {1, 2, 3, 7}) {
            std::uint64_t next = 0;
            for (int p = 0; p < processes; ++p) {
                const IndexRange b = owned_block(size, processes, p);
                EXPECT_EQ(b.first, next) << size << " " << processes << " " << p;
                EXPECT_LE(b.last - b.first, size / static_cast<std::uint64_t>(processes) + 1);
                EXPECT_GE(b.last - b.first, size / static_cast<std::uint64_t>(processes));
                for (std::uint64_t i = b.first; i < b.last; ++i) ASSERT_EQ(owner_of(size, processes, i), p) << i;
                next = b.last;
            }
            EXPECT_EQ(next, size);
        }
}

/// What the threads standing for processes share: a mailbox each way and a meeting point.
struct PostOffice {
    explicit PostOffice(int processes)
        : questions(static_cast<std::size_t>(processes)),
          answers(static_cast<std::size_t>(processes)),
          values(static_cast<std::size_t>(processes)),
          meet(processes) {}

    template <class T>
    std::vector<std::vector<T>> trade(std::vector<std::vector<std::vector<T>>>& box, int me,
                                      const std::vector<std::vector<T>>& out) {
        box[static_cast<std::size_t>(me)] = out;
        meet.arrive_and_wait();
        std::vector<std::vector<T>> in;
        for (auto& from : box) in.push_back(from[static_cast<std::size_t>(me)]);
        meet.arrive_and_wait();  // everyone has read before anyone sends again
        return in;
    }

    OwnedTeam team(int me, int processes, std::uint64_t batch) {
        OwnedTeam t;
        t.process = me;
        t.processes = processes;
        t.batch_positions = batch;
        t.trade_questions = [this, me](const std::vector<std::vector<std::uint64_t>>& out) {
            return trade(questions, me, out);
        };
        t.trade_answers = [this, me](const std::vector<std::vector<std::int8_t>>& out) {
            return trade(answers, me, out);
        };
        t.max_all = [this, me](std::uint64_t v) {
            values[static_cast<std::size_t>(me)] = v;
            meet.arrive_and_wait();
            const std::uint64_t m = *std::max_element(values.begin(), values.end());
            meet.arrive_and_wait();
            return m;
        };
        return t;
    }

    std::vector<std::vector<std::vector<std::uint64_t>>> questions;
    std::vector<std::vector<std::vector<std::int8_t>>> answers;
    std::vector<std::uint64_t> values;
    std::barrier<> meet;
};

struct OwnedCase {
    const char* preset;
    int pits;
    int max_stones;
    int processes;
    std::uint64_t batch;
};

class OwnedSweep : public ::testing::TestWithParam<OwnedCase> {};

TEST_P(OwnedSweep, TheBlocksTogetherAreTheTiers) {
    const OwnedCase c = GetParam();
    const Rules rules = make_rules(c.preset, c.pits, 1);
    const TierIndex index(c.pits, c.max_stones);
    // The reference: every tier whole, by the one-process builder.
    std::vector<std::vector<std::int8_t>> whole;
    std::vector<std::span<const std::int8_t>> whole_lower;
    for (int t = 0; t <= c.max_stones; ++t) {
        whole.emplace_back(index.size(t));
        solve_tier(rules, index, t, whole_lower, whole.back(), 1);
        whole_lower.push_back(whole.back());
    }
    // Each process: its own block of every tier, nothing more.
    PostOffice post(c.processes);
    std::vector<std::vector<std::vector<std::int8_t>>> blocks(static_cast<std::size_t>(c.processes));
    std::vector<std::uint64_t> remote(static_cast<std::size_t>(c.processes), 0);
    auto process = [&](int me) {
        const OwnedTeam team = post.team(me, c.processes, c.batch);
        auto& mine = blocks[static_cast<std::size_t>(me)];
        for (int t = 0; t <= c.max_stones; ++t) {
            const IndexRange b = owned_block(index.size(t), c.processes, me);
            std::vector<std::span<const std::int8_t>> lower(mine.begin(), mine.end());
            std::vector<std::int8_t> block(b.last - b.first);
            const OwnedSweepStats stats = sweep_owned_block(rules, index, t, lower, block, team);
            remote[static_cast<std::size_t>(me)] += stats.remote;
            mine.push_back(std::move(block));
        }
    };
    {
        std::vector<std::jthread> processes;
        for (int p = 0; p < c.processes; ++p) processes.emplace_back(process, p);
    }
    for (int t = 0; t <= c.max_stones; ++t) {
        std::vector<std::int8_t> joined;
        for (int p = 0; p < c.processes; ++p) {
            const auto& b = blocks[static_cast<std::size_t>(p)][static_cast<std::size_t>(t)];
            joined.insert(joined.end(), b.begin(), b.end());
        }
        ASSERT_EQ(joined, whole[static_cast<std::size_t>(t)]) << c.preset << " tier " << t;
    }
    if (c.processes > 1) {
        for (int p = 0; p < c.processes; ++p)
            EXPECT_GT(remote[static_cast<std::size_t>(p)], 0u) << "process " << p << " asked the others";
    }
}

INSTANTIATE_TEST_SUITE_P(Processes, OwnedSweep,
                         ::testing::Values(OwnedCase{"kalah", 4, 12, 1, 1 << 16}, OwnedCase{"kalah", 4, 12, 3, 7},
                                           OwnedCase{"homework", 4, 12, 2, 1000},
                                           OwnedCase{"homework", 3, 14, 4, 5}, OwnedCase{"kalah", 6, 7, 3, 64}));

}  // namespace
}  // namespace mancala::solve
