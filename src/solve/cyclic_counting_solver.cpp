#include "solve/cyclic_counting_solver.hpp"

#include "search/cyclic_board.hpp"
#include "solve/cyclic_moves.hpp"
#include "solve/tier_builder.hpp"
#include "util/anonymous_memory.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <optional>
#include <thread>
#include <vector>

namespace mancala::solve {

namespace {

using search::CyclicBoard;
using search::CyclicRules;

// A board's state while its tier is solved, 16 bits: the count of its moves that stay in
// the tier and do not yet lead where L needs (bits 0-2), the threshold at which it joined
// W (bits 3-8) and the one at which it joined L (bits 9-14), 0 while it has not.
constexpr std::uint16_t kCountMask = 0x7;
constexpr int kWonShift = 3, kLostShift = 9;
constexpr std::uint16_t kLevelMask = 0x3F;
int count_of(std::uint16_t s) { return s & kCountMask; }
int won_at(std::uint16_t s) { return (s >> kWonShift) & kLevelMask; }
int lost_at(std::uint16_t s) { return (s >> kLostShift) & kLevelMask; }

// An entry of a thread's stack of boards to take back: the board's words (its mover's and
// its opponent's), and whether it joined L, in the store byte of the first, which a
// tier's board leaves empty. The words spare the stack's reader an unrank.
struct Joined {
    std::uint64_t own, opp;
};
constexpr std::uint64_t kJoinedLost = std::uint64_t{1} << 63;

constexpr int kCountingCells = 2 * CyclicBoard::kMaxPits;

struct CountingTier {
    const Rules& rules;
    const CyclicRules packed;
    const TierIndex& index;
    const int tier;
    std::span<const std::span<const std::int8_t>> lower;
    std::span<std::int8_t> exits;  // the tier's values, holding each board's best exit until the end
    // Read at random by the moves taken back: on huge pages past a few of them, so that a
    // read misses the TLB less often.
    util::AnonymousMemory state_memory;
    std::span<std::uint16_t> state;
    const CyclicUnmoves unmoves;

    CountingTier(const Rules& r, const TierIndex& i, int t, std::span<const std::span<const std::int8_t>> l,
                 std::span<std::int8_t> values)
        : rules(r),
          packed(r),
          index(i),
          tier(t),
          lower(l),
          exits(values),
          state_memory(values.size() * sizeof(std::uint16_t), values.size() >= (std::size_t{1} << 22)),
          state(static_cast<std::uint16_t*>(state_memory.data()), values.size()),
          unmoves(packed, t) {}

    struct Tally {
        std::uint64_t moves = 0, unsettled = 0, joins = 0, takebacks = 0, open = 0;
        Tally& operator+=(const Tally& o) {
            moves += o.moves;
            open += o.open;
            unsettled += o.unsettled;
            joins += o.joins;
            takebacks += o.takebacks;
            return *this;
        }
    };

    // Every move of the boards [first, last) played once: each board's best move that
    // leaves the tier (or its share when the game is over) and its count of moves that stay.
    void play_moves(std::uint64_t first, std::uint64_t last, Tally& tally) {
        const int n = rules.pits, s = tier;
        std::array<int, kCountingCells> cells{}, child_cells{};
        index.unrank(s, first, cells.data());
        for (std::uint64_t x = first; x < last; ++x) {
            if (x > first) index.next(cells.data());
            const CyclicBoard board = CyclicBoard::from_words(n, cyclic_word(cells.data(), n),
                                                              cyclic_word(cells.data() + n, n), Side::South);
            unsigned movable = database_moves(packed, board);
            if (movable == 0) {
                exits[x] = static_cast<std::int8_t>(terminal_share(rules, cells.data()));
                continue;
            }
            int exit_best = 0, stays = 0;
            for (; movable != 0; movable &= movable - 1) {
                CyclicBoard child = board;
                const MoveResult result = child.apply(packed, std::countr_zero(movable));
                ++tally.moves;
                const int mine = child.store(Side::South);
                const int left = s - mine - child.store(Side::North);
                if (!result.game_over && left == s) {
                    ++stays;
                    continue;
                }
                int value = mine;
                if (!result.game_over) {
                    const Side due = child.to_move();
                    cyclic_counts(child.word(due), n, child_cells.data());
                    cyclic_counts(child.word(opponent(due)), n, child_cells.data() + n);
                    const std::int8_t gain =
                        lower[static_cast<std::size_t>(left)][index.rank(child_cells.data(), left)];
                    const int child_share = (gain + left) / 2;
                    value += due == Side::South ? child_share : left - child_share;
                }
                exit_best = std::max(exit_best, value);
            }
            exits[x] = static_cast<std::int8_t>(exit_best);
            state[x] = static_cast<std::uint16_t>(stays);
            tally.unsettled += stays > 0;
        }
    }

    // Board x joins W (or L) at threshold v unless it has already: true for the one caller that made it join.
    bool join(std::uint64_t x, int v, bool lost) {
        std::atomic_ref word(state[x]);
        const int shift = lost ? kLostShift : kWonShift;
        std::uint16_t old = word.load(std::memory_order_relaxed);
        do {
            if (((old >> shift) & kLevelMask) != 0) return false;
        } while (!word.compare_exchange_weak(old, static_cast<std::uint16_t>(old | v << shift),
                                             std::memory_order_relaxed));
        return true;
    }

    // Threshold v over the boards [first, last): those its exits put in W or L join, then
    // every board that joins is taken back, and the boards before it join in turn.
    // Boards anywhere in the tier join through this thread's stack; other threads' joins are
    // seen through the states, each decided by one atomic step.
    void threshold(int v, std::uint64_t first, std::uint64_t last, Tally& tally) {
        const int n = rules.pits, s = tier;
        std::vector<Joined> stack;
        std::array<int, kCountingCells> cells{};
        // The boards whose exits put them in W or L at v, 8 exits at a time: a block without
        // either value is passed over at once. The board's counts follow the scan by steps
        // where the seeds are close, and are unranked where they are not.
        constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
        auto zero_byte = [](std::uint64_t w) { return (w - kOnes) & ~w & kHigh; };
        const std::uint64_t wins = kOnes * static_cast<std::uint64_t>(v),
                            loses = kOnes * static_cast<std::uint64_t>(s - v);
        std::uint64_t at = last;  // the board `cells` holds (last: none yet)
        for (std::uint64_t block = first; block < last; block += 8) {
            if (block + 8 <= last) {
                std::uint64_t w;
                std::memcpy(&w, &exits[block], 8);
                if ((zero_byte(w ^ wins) | zero_byte(w ^ loses)) == 0) continue;
            }
            for (std::uint64_t x = block; x < std::min(last, block + 8); ++x) {
                const int e = exits[x];
                if (e != v && e != s - v) continue;
                const std::uint16_t now = std::atomic_ref(state[x]).load(std::memory_order_relaxed);
                const bool won = e == v && won_at(now) == 0 && join(x, v, false);
                const bool lost = e == s - v && count_of(now) == 0 && join(x, v, true);
                if (!won && !lost) continue;
                if (at < x && x - at <= 8) {
                    for (; at < x; ++at) index.next(cells.data());
                } else {
                    index.unrank(s, x, cells.data());
                    at = x;
                }
                const std::uint64_t own = cyclic_word(cells.data(), n), opp = cyclic_word(cells.data() + n, n);
                if (won) stack.push_back({own, opp});
                if (lost) stack.push_back({own | kJoinedLost, opp});
            }
        }
        // The stack is taken in batches: the boards before a batch's boards are found and
        // their states fetched before any is read, so that the reads wait together.
        constexpr std::size_t kBatch = 16;
        struct Before {
            std::uint64_t index, own, opp;
            bool counts;  // the move is one L's count waits for, else it wins
        };
        std::vector<Before> found;
        while (!stack.empty()) {
            found.clear();
            for (std::size_t b = 0; b < kBatch && !stack.empty(); ++b) {
                const Joined entry = stack.back();
                stack.pop_back();
                ++tally.joins;
                const bool lost = (entry.own & kJoinedLost) != 0;
                unmoves.for_each(entry.own & ~kJoinedLost, entry.opp,
                                 [&](std::uint64_t own, std::uint64_t opp, bool same_mover) {
                                     const std::uint64_t p = index.rank_words(own, opp, s);
                                     __builtin_prefetch(&state[p], 1);
                                     // A move to a board of W, the opponent due there, or of L,
                                     // its mover due again, is one L's count waits for.
                                     found.push_back({p, own, opp, lost == same_mover});
                                 });
            }
            tally.takebacks += found.size();
            for (const Before& b : found) {
                if (!b.counts) {
                    if (join(b.index, v, false)) stack.push_back({b.own, b.opp});
                    continue;
                }
                const std::uint16_t old = std::atomic_ref(state[b.index]).fetch_sub(1, std::memory_order_relaxed);
                MANCALA_ASSERT(count_of(old) > 0, "a move is counted down once");
                if (count_of(old) == 1 && exits[b.index] <= s - v && join(b.index, v, true))
                    stack.push_back({b.own | kJoinedLost, b.opp});
            }
        }
    }
};

// Runs `work(first, last, tally)` over [0, size) on `threads` threads, each on a run of it.
template <class Work>
void on_threads(std::uint64_t size, int threads, CountingTier::Tally& total, Work work) {
    std::vector<CountingTier::Tally> tallies(static_cast<std::size_t>(threads));
    {
        std::vector<std::jthread> workers;
        auto run = [&](int t) {
            const std::uint64_t first = size * static_cast<std::uint64_t>(t) / static_cast<std::uint64_t>(threads);
            const std::uint64_t last =
                size * static_cast<std::uint64_t>(t + 1) / static_cast<std::uint64_t>(threads);
            work(first, last, tallies[static_cast<std::size_t>(t)]);
        };
        for (int t = 1; t < threads; ++t) workers.emplace_back(run, t);
        run(0);
    }
    for (const auto& t : tallies) total += t;
}

}  // namespace

CyclicTierStats solve_cyclic_tier_by_counting(const Rules& rules, const TierIndex& index, int tier,
                                              std::span<const std::span<const std::int8_t>> lower,
                                              std::span<std::int8_t> values, int threads,
                                              const std::function<void(int stage, std::uint64_t done)>& on_progress,
                                              const CountingCheckpoints* checkpoints) {
    MANCALA_ASSERT(search::cyclic_shaped(rules) && !rules.majority,
                   "a cyclic tier plays cyclic rules, majority off");
    MANCALA_ASSERT(tier >= 0 && tier <= kCountingMaxTier, "the thresholds fit their bits");
    MANCALA_ASSERT(static_cast<int>(lower.size()) >= tier, "every lower tier is there");
    const std::uint64_t size = index.size(tier);
    MANCALA_ASSERT(values.size() == size, "one value a position");
    CountingTier c(rules, index, tier, lower, values);
    const int workers = size >= kParallelSweepBoards ? std::max(threads, 1) : 1;
    CountingTier::Tally tally;
    const CountingIdentity identity{checkpoints ? checkpoints->rules_fingerprint : 0, rules.pits, tier, size};
    std::optional<CountingResume> resume;
    if (checkpoints) resume = load_counting_checkpoint(checkpoints->path, identity, values, c.state);
    if (resume) {
        tally.moves = resume->tallies.moves;
        tally.unsettled = resume->tallies.unsettled;
        tally.joins = resume->tallies.joins;
        tally.takebacks = resume->tallies.takebacks;
    }
    auto last_save = std::chrono::steady_clock::now();
    // Saves the work when the thresholds from `next` down are left, if it is time.
    auto maybe_save = [&](int next) {
        if (!checkpoints || next < 1 || std::chrono::steady_clock::now() - last_save < checkpoints->every) return;
        save_counting_checkpoint(checkpoints->path, identity, next,
                                 {tally.moves, tally.unsettled, tally.joins, tally.takebacks}, values, c.state);
        last_save = std::chrono::steady_clock::now();
    };

    // The moves, in chunks handed out in turn so that the threads end together; the calling
    // thread reports between its chunks.
    if (!resume) {
        constexpr std::uint64_t kChunk = 1 << 14;
        const std::uint64_t chunks = (size + kChunk - 1) / kChunk;
        std::atomic<std::uint64_t> next{0}, done{0};
        std::vector<CountingTier::Tally> tallies(static_cast<std::size_t>(workers));
        auto work = [&](int t) {
            for (std::uint64_t k; (k = next.fetch_add(1)) < chunks;) {
                const std::uint64_t first = k * kChunk, last = std::min(size, first + kChunk);
                c.play_moves(first, last, tallies[static_cast<std::size_t>(t)]);
                done += last - first;
                if (t == 0 && on_progress) on_progress(1, done.load());
            }
        };
        {
            std::vector<std::jthread> pool;
            for (int t = 1; t < workers; ++t) pool.emplace_back(work, t);
            work(0);
        }
        for (const auto& t : tallies) tally += t;
        maybe_save(tier);
    }
    for (int v = resume ? resume->next_threshold : tier; v >= 1; --v) {
        on_threads(size, workers, tally, [&](std::uint64_t first, std::uint64_t last, CountingTier::Tally& t) {
            c.threshold(v, first, last, t);
        });
        if (on_progress) on_progress(2, static_cast<std::uint64_t>(tier - v + 1));
        maybe_save(v - 1);
    }

    CyclicTierStats stats;
    stats.positions = size;
    stats.unsettled = tally.unsettled;
    stats.evaluations = tally.joins;
    stats.takebacks = tally.takebacks;
    stats.move_visits = tally.moves;
    CountingTier::Tally last_pass;
    on_threads(size, workers, last_pass, [&](std::uint64_t first, std::uint64_t last, CountingTier::Tally& t) {
        if (first == last) return;
        std::array<int, kCountingCells> cells{};
        index.unrank(tier, first, cells.data());
        for (std::uint64_t x = first; x < last; ++x) {
            if (x > first) index.next(cells.data());
            const std::uint16_t s = c.state[x];
            const int lo = won_at(s), hi = tier - lost_at(s);
            MANCALA_ASSERT(lo <= hi, "the least fixpoint lies below the greatest");
            int split = 0;
            for (int i = 0; i < rules.pits; ++i) split += cells[static_cast<std::size_t>(i)];
            t.open += lo < hi;
            values[x] = static_cast<std::int8_t>(2 * std::clamp(split, lo, hi) - tier);
        }
    });
    stats.open = last_pass.open;
    return stats;
}

}  // namespace mancala::solve
