#include "solve/owned_sweep.hpp"

#include "solve/fast_sower.hpp"
#include "solve/tier_sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

namespace mancala::solve {

IndexRange owned_block(std::uint64_t size, int processes, int p) {
    const auto k = static_cast<std::uint64_t>(processes);
    const auto q = static_cast<std::uint64_t>(p);
    const std::uint64_t base = size / k, extra = size % k;
    const std::uint64_t first = q * base + std::min(q, extra);
    return {first, first + base + (q < extra ? 1 : 0)};
}

int owner_of(std::uint64_t size, int processes, std::uint64_t index) {
    const auto k = static_cast<std::uint64_t>(processes);
    const std::uint64_t base = size / k, extra = size % k;
    // The first `extra` blocks hold base + 1 positions, the others base.
    const std::uint64_t big = extra * (base + 1);
    if (index < big) return static_cast<int>(index / (base + 1));
    return static_cast<int>(extra + (index - big) / base);
}

namespace {

// A question names a child by its tier and index in one word.
constexpr int kTierShift = 56;
std::uint64_t question(int tier, std::uint64_t index) {
    return static_cast<std::uint64_t>(tier) << kTierShift | index;
}
int question_tier(std::uint64_t q) { return static_cast<int>(q >> kTierShift); }
std::uint64_t question_index(std::uint64_t q) { return q & ((std::uint64_t{1} << kTierShift) - 1); }

/// One move of a position under way: what it won at once, and where its child's value will be.
struct PendingMove {
    int gain;
    bool over;
    bool same_side;
    int owner;           ///< whose block holds the child
    std::uint32_t slot;  ///< the child's place in the batch to its owner
};

}  // namespace

OwnedSweepStats sweep_owned_block(const Rules& rules, const TierIndex& index, int tier,
                                  std::span<const std::span<const std::int8_t>> lower, std::span<std::int8_t> mine,
                                  const OwnedTeam& team) {
    if (!has_fast_path(rules)) throw std::invalid_argument("an owned-block sweep needs the fast rules");
    const int n = index.pits();
    const int processes = team.processes;
    const IndexRange block = owned_block(index.size(tier), processes, team.process);
    if (mine.size() != block.last - block.first)
        throw std::invalid_argument(fmt::format("tier {}: a block of {} entries, expected {}", tier, mine.size(),
                                                block.last - block.first));
    if (index.size(tier) >= (std::uint64_t{1} << kTierShift)) throw std::length_error("a tier too big to name");
    std::fill(mine.begin(), mine.end(), kTierUnknown);

    // This process's positions, layer by layer (offsets in its block).
    const int layers = n * tier + 1;
    std::vector<std::vector<std::uint64_t>> by_layer(static_cast<std::size_t>(layers));
    std::array<int, 2 * kMaxPits> cells{};
    if (block.first < block.last) {
        index.unrank(tier, block.first, cells.data());
        for (std::uint64_t at = 0;; ++at) {
            by_layer[static_cast<std::size_t>(row_distance(cells.data(), n) + row_distance(cells.data() + n, n))]
                .push_back(at);
            if (at + 1 == mine.size()) break;
            index.next(cells.data());
        }
    }

    // A value of one of this process's blocks, for a question from anyone.
    auto answer = [&](std::uint64_t q) -> std::int8_t {
        const int t = question_tier(q);
        const std::uint64_t i = question_index(q);
        const IndexRange b = owned_block(index.size(t), processes, team.process);
        if (t > tier || i < b.first || i >= b.last)
            throw std::logic_error(
                fmt::format("asked for position {} of tier {}, not in this process's block", i, t));
        const std::int8_t v = t == tier ? mine[i - b.first] : lower[static_cast<std::size_t>(t)][i - b.first];
        if (v == kTierUnknown)
            throw std::logic_error(fmt::format("asked for position {} of tier {} unsolved", i, t));
        return v;
    };

    OwnedSweepStats stats;
    const auto batch = std::max<std::uint64_t>(1, team.batch_positions);
    std::vector<std::vector<std::uint64_t>> out(static_cast<std::size_t>(processes));
    std::vector<std::vector<std::int8_t>> answers(static_cast<std::size_t>(processes));
    std::vector<std::array<PendingMove, kMaxPits>> moves;
    std::vector<int> move_count;
    for (int layer = 0; layer < layers; ++layer) {
        const std::vector<std::uint64_t>& positions = by_layer[static_cast<std::size_t>(layer)];
        const std::uint64_t rounds = team.max_all((positions.size() + batch - 1) / batch);
        for (std::uint64_t round = 0; round < rounds; ++round) {
            const std::uint64_t from = std::min<std::uint64_t>(round * batch, positions.size());
            const std::uint64_t to = std::min<std::uint64_t>(from + batch, positions.size());
            for (auto& o : out) o.clear();
            moves.resize(to - from);
            move_count.assign(to - from, 0);
            // Play every move; ask the owner of each child still in play.
            for (std::uint64_t k = from; k < to; ++k) {
                index.unrank(tier, block.first + positions[k], cells.data());
                const std::size_t slot = k - from;
                int own = 0, other = 0;
                for (int i = 0; i < n; ++i) {
                    own += cells[static_cast<std::size_t>(i)];
                    other += cells[static_cast<std::size_t>(n + i)];
                }
                if (rule::game_over(kFastEnd, own == 0, other == 0)) {
                    // Over already (a row is empty): no move, and the value is known.
                    mine[positions[k]] = static_cast<std::int8_t>(rule::leftover_gain(own, other));
                    continue;
                }
                for (int move = 0; move < n; ++move) {
                    if (cells[static_cast<std::size_t>(move)] == 0) continue;
                    std::array<int, 2 * kMaxPits> child{};
                    const SownMove m = sow_fast(rules, n, tier, cells.data(), move, child.data());
                    PendingMove& pm = moves[slot][static_cast<std::size_t>(move_count[slot]++)];
                    pm = {m.gain, m.over, m.same_side, 0, 0};
                    if (m.over) continue;
                    const std::uint64_t at = index.rank(child.data(), m.stones);
                    pm.owner = owner_of(index.size(m.stones), processes, at);
                    std::vector<std::uint64_t>& to_owner = out[static_cast<std::size_t>(pm.owner)];
                    pm.slot = static_cast<std::uint32_t>(to_owner.size());
                    to_owner.push_back(question(m.stones, at));
                    ++stats.questions;
                    if (pm.owner != team.process) ++stats.remote;
                }
            }
            // Trade the questions, answer those asked of this process, trade the answers.
            const std::vector<std::vector<std::uint64_t>> asked = team.trade_questions(out);
            for (int q = 0; q < processes; ++q) {
                const std::vector<std::uint64_t>& in = asked[static_cast<std::size_t>(q)];
                std::vector<std::int8_t>& a = answers[static_cast<std::size_t>(q)];
                a.resize(in.size());
                for (std::size_t j = 0; j < in.size(); ++j) a[j] = answer(in[j]);
            }
            const std::vector<std::vector<std::int8_t>> replies = team.trade_answers(answers);
            ++stats.rounds;
            // The best move of each position, from the answers.
            for (std::uint64_t k = from; k < to; ++k) {
                const std::size_t slot = k - from;
                if (move_count[slot] == 0) continue;  // over already, its value set
                int best = -kMaxPits * 1000;
                for (int j = 0; j < move_count[slot]; ++j) {
                    const PendingMove& pm = moves[slot][static_cast<std::size_t>(j)];
                    int value = pm.gain;
                    if (!pm.over) {
                        const int rest = replies[static_cast<std::size_t>(pm.owner)][pm.slot];
                        value += pm.same_side ? rest : -rest;
                    }
                    best = std::max(best, value);
                }
                mine[positions[k]] = static_cast<std::int8_t>(best);
            }
        }
    }
    return stats;
}

}  // namespace mancala::solve
