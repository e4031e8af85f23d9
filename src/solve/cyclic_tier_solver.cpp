#include "solve/cyclic_tier_solver.hpp"

#include "core/rule_decisions.hpp"
#include "search/cyclic_board.hpp"
#include "solve/cyclic_moves.hpp"
#include "solve/tier_builder.hpp"
#include "util/assert.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

namespace mancala::solve {

namespace {

using search::CyclicBoard;
using search::CyclicRules;

constexpr int kMaxCells = 2 * CyclicBoard::kMaxPits;

// The mover-relative counts of `b` (its side to move first) into `cells`.
void cells_of(const CyclicBoard& b, int n, int* cells) {
    cyclic_counts(b.word(b.to_move()), n, cells);
    cyclic_counts(b.word(opponent(b.to_move())), n, cells + n);
}

// What the first pass learns of a chunk of the tier: each board whose value is known at
// once (no move stays in the tier) has it in `code`; the others, in index order, with
// their best exit and the boards their moves lead to in the tier.
struct ChunkGraph {
    std::vector<std::uint64_t> boards;    // the unsettled boards' indices, ascending
    std::vector<std::uint8_t> exits;      // [board]: the best move that leaves the tier (0: none)
    std::vector<std::uint32_t> degree;    // [board]: its moves that stay in the tier
    std::vector<std::uint64_t> children;  // their indices, kFlip set where the opponent is due
    std::uint64_t moves = 0;
};

constexpr std::uint64_t kFlip = std::uint64_t{1} << 63;

struct TierContext {
    const Rules& rules;
    const CyclicRules packed;
    const TierIndex& index;
    int tier;
    std::span<const std::span<const std::int8_t>> lower;
};

// `code[x]`: the value of a settled board, kOpen for an unsettled one (kTierUnknown: a
// board of another process's share, until the processes combine their codes).
constexpr std::int8_t kOpen = -1;

// The first pass over [first, last): every move of every board played once.
void first_pass(const TierContext& c, std::uint64_t first, std::uint64_t last, std::span<std::int8_t> code,
                ChunkGraph& g) {
    const int n = c.rules.pits, s = c.tier;
    std::array<int, kMaxCells> cells{}, child_cells{};
    c.index.unrank(s, first, cells.data());
    for (std::uint64_t x = first; x < last; ++x) {
        if (x > first) c.index.next(cells.data());
        const CyclicBoard board =
            CyclicBoard::from_words(n, cyclic_word(cells.data(), n), cyclic_word(cells.data() + n, n), Side::South);
        unsigned movable = database_moves(c.packed, board);
        if (movable == 0) {
            code[x] = static_cast<std::int8_t>(terminal_share(c.rules, cells.data()));
            continue;
        }
        int exit_best = 0;
        std::uint32_t stays = 0;
        for (; movable != 0; movable &= movable - 1) {
            CyclicBoard child = board;
            const MoveResult result = child.apply(c.packed, std::countr_zero(movable));
            ++g.moves;
            const int mine = child.store(Side::South);
            const int left = s - mine - child.store(Side::North);
            cells_of(child, n, child_cells.data());
            if (!result.game_over && left == s) {
                const std::uint64_t q = c.index.rank(child_cells.data(), s);
                g.children.push_back(child.to_move() == Side::North ? q | kFlip : q);
                ++stays;
                continue;
            }
            int value = mine;
            if (!result.game_over) {
                const std::int8_t gain =
                    c.lower[static_cast<std::size_t>(left)][c.index.rank(child_cells.data(), left)];
                const int child_share = (gain + left) / 2;
                value += child.to_move() == Side::South ? child_share : left - child_share;
            }
            exit_best = std::max(exit_best, value);
        }
        if (stays == 0) {
            code[x] = static_cast<std::int8_t>(exit_best);
            continue;
        }
        code[x] = kOpen;
        g.boards.push_back(x);
        g.exits.push_back(static_cast<std::uint8_t>(exit_best));
        g.degree.push_back(stays);
    }
}

// The unsettled part of the tier as a compact graph: boards numbered 0 .. size-1 in
// index order, each with a constant (its exits and the settled boards it leads to)
// and the unsettled boards its moves lead to (kOpponent: the opponent is due there).
// This process's unsettled boards as a compact graph: boards numbered in index order
// among every unsettled board of the tier (`offset` is the number of the first one
// here), each with a constant (its exits and the settled boards it leads to) and the
// unsettled boards its moves lead to, by number (kOpponent: the opponent is due there).
struct OpenGraph {
    static constexpr std::uint32_t kOpponent = 1u << 31;
    std::uint32_t offset = 0;
    std::vector<std::uint64_t> boards;
    std::vector<std::uint8_t> constant;
    std::vector<std::uint64_t> first;  // [board]: its first edge; first[size] = edges
    std::vector<std::uint32_t> edges;
};

OpenGraph open_graph(std::vector<ChunkGraph>& chunks, std::span<const std::int8_t> code, int tier,
                     std::span<const std::uint32_t> number) {
    OpenGraph g;
    std::size_t boards = 0, edges = 0;
    for (const ChunkGraph& c : chunks) {
        boards += c.boards.size();
        edges += c.children.size();
    }
    g.boards.reserve(boards);
    for (const ChunkGraph& c : chunks) g.boards.insert(g.boards.end(), c.boards.begin(), c.boards.end());
    if (!g.boards.empty()) g.offset = number[g.boards.front()];
    g.constant.reserve(boards);
    g.first.reserve(boards + 1);
    g.edges.reserve(edges);
    for (ChunkGraph& c : chunks) {
        std::size_t e = 0;
        for (std::size_t i = 0; i < c.boards.size(); ++i) {
            int constant = c.exits[i];
            g.first.push_back(g.edges.size());
            for (std::uint32_t k = 0; k < c.degree[i]; ++k, ++e) {
                const std::uint64_t q = c.children[e] & ~kFlip;
                const bool flips = (c.children[e] & kFlip) != 0;
                if (code[q] != kOpen) {
                    constant = std::max<int>(constant, flips ? tier - code[q] : code[q]);
                    continue;
                }
                const std::uint32_t at = number[q];
                g.edges.push_back(flips ? at | OpenGraph::kOpponent : at);
            }
            g.constant.push_back(static_cast<std::uint8_t>(constant));
        }
        c = ChunkGraph{};  // its memory back before the next chunk's edges grow
    }
    g.first.push_back(g.edges.size());
    return g;
}

// The fixpoint over the open graph: `lo` and `hi` hold every unsettled board of the tier
// by number (from 0 and the tier at first); this process evaluates its own. Every board
// is evaluated once, then again only when a board it leads to has changed: here, or in
// another process (told by `exchange`, which combines the bounds of every process and
// says whether any changed one). The operator is monotone, so lo only rises and hi only
// falls, whatever the order, and the work ends at the pair of fixpoints.
struct Settled {
    std::uint64_t evaluations = 0;
    int rounds = 0;
};

/// The boards of the open graph and what sweeping them needs: the graph, the packed bounds
/// (lo low, hi high), the boards marked to look at again, and who leads to whom backwards.
struct Sweep {
    const OpenGraph& g;
    int tier;
    std::vector<std::uint16_t>& bounds;
    std::vector<std::uint8_t>& marked;
    const std::vector<std::uint64_t>& first_parent;
    const std::vector<std::uint32_t>& parents;

    /// Board x's bounds from its children's, never looser than its own: the pair, packed.
    /// `load` reads a board's packed bounds (plainly, or atomically when threads share them).
    template <class Load>
    std::uint16_t evaluate(std::size_t x, std::uint16_t own, Load load) const {
        int a = g.constant[x], b = g.constant[x];
        for (std::uint64_t e = g.first[x]; e < g.first[x + 1]; ++e) {
            const std::uint16_t child = load(g.edges[e] & ~OpenGraph::kOpponent);
            const int child_lo = child & 0xFF, child_hi = child >> 8;
            if (g.edges[e] & OpenGraph::kOpponent) {
                a = std::max(a, tier - child_hi);
                b = std::max(b, tier - child_lo);
            } else {
                a = std::max(a, child_lo);
                b = std::max(b, child_hi);
            }
        }
        a = std::max(a, own & 0xFF);
        b = std::min(b, own >> 8);
        return static_cast<std::uint16_t>(a | b << 8);
    }

    /// Sweeps in index order over the marked boards until none is marked; true if a bound changed.
    bool until_quiet(std::uint64_t& evaluations) {
        bool changed = false;
        for (bool any = true; any;) {
            any = false;
            for (std::size_t x = 0; x < marked.size(); ++x) {
                if (!marked[x]) continue;
                marked[x] = 0;
                ++evaluations;
                const std::size_t at = g.offset + x;
                const std::uint16_t now = evaluate(x, bounds[at], [&](std::uint32_t q) { return bounds[q]; });
                if (now == bounds[at]) continue;
                bounds[at] = now;
                for (std::uint64_t p = first_parent[x]; p < first_parent[x + 1]; ++p) marked[parents[p]] = 1;
                any = changed = true;
            }
        }
        return changed;
    }

    /// The same on `threads` threads, each on a run of boards with a like share of the edges.
    /// They read one another's bounds as they go: the operator is monotone, so whatever they
    /// read, lo only rises and hi only falls, and the fixpoints are the same. A board is
    /// unmarked by an exchange that sees every mark set before it, and a mark is set after its
    /// bound is stored (release), so no change is missed: rounds go on until one changes nothing.
    bool until_quiet(std::uint64_t& evaluations, int threads) {
        const std::size_t size = marked.size();
        std::vector<std::size_t> starts{0};
        for (int t = 1; t < threads; ++t) {
            const std::uint64_t edges =
                g.first[size] * static_cast<std::uint64_t>(t) / static_cast<std::uint64_t>(threads);
            starts.push_back(static_cast<std::size_t>(
                std::lower_bound(g.first.begin(), g.first.begin() + size, edges) - g.first.begin()));
        }
        starts.push_back(size);
        bool changed_at_all = false;
        for (;;) {
            std::atomic<bool> changed{false};
            std::atomic<std::uint64_t> done{0};
            auto work = [&](std::size_t from, std::size_t to) {
                std::uint64_t count = 0;
                bool mine = false;
                for (bool any = true; any;) {
                    any = false;
                    for (std::size_t x = from; x < to; ++x) {
                        std::atomic_ref mark(marked[x]);
                        // A plain look first: an exchange on every board would cost more than the sweep.
                        if (mark.load(std::memory_order_relaxed) == 0 ||
                            mark.exchange(0, std::memory_order_acq_rel) == 0)
                            continue;
                        ++count;
                        const std::size_t at = g.offset + x;
                        std::atomic_ref own(bounds[at]);
                        const std::uint16_t before = own.load(std::memory_order_relaxed);
                        const std::uint16_t now = evaluate(x, before, [&](std::uint32_t q) {
                            return std::atomic_ref(bounds[q]).load(std::memory_order_relaxed);
                        });
                        if (now == before) continue;
                        own.store(now, std::memory_order_relaxed);
                        for (std::uint64_t p = first_parent[x]; p < first_parent[x + 1]; ++p)
                            std::atomic_ref(marked[parents[p]]).store(1, std::memory_order_release);
                        any = mine = true;
                    }
                }
                done += count;
                if (mine) changed = true;
            };
            {
                std::vector<std::jthread> workers;
                for (int t = 1; t < threads; ++t)
                    workers.emplace_back(work, starts[static_cast<std::size_t>(t)],
                                         starts[static_cast<std::size_t>(t) + 1]);
                work(starts[0], starts[1]);
            }
            evaluations += done;
            if (!changed) return changed_at_all;
            changed_at_all = true;
        }
    }
};

// The fixpoint over the open graph: `lo` and `hi` hold every unsettled board of the tier
// by number (from 0 and the tier at first); this process evaluates its own. Every board
// is evaluated once, then again only when a board it leads to has changed: here, or in
// another process (told by `exchange`, which combines the bounds of every process and
// says whether any changed one). The operator is monotone, so lo only rises and hi only
// falls, whatever the order, and the work ends at the pair of fixpoints.
Settled settle_open_graph(const OpenGraph& g, int tier, std::vector<std::uint8_t>& lo,
                          std::vector<std::uint8_t>& hi, int threads, CyclicTeam* team) {
    const std::size_t size = g.boards.size();
    const std::uint32_t offset = g.offset;
    auto local = [&](std::uint32_t q) { return q >= offset && q - offset < size; };
    // Who leads to whom here, backwards: the boards to look at again when one changes.
    std::vector<std::uint64_t> first_parent(size + 1, 0);
    for (const std::uint32_t e : g.edges)
        if (local(e & ~OpenGraph::kOpponent)) ++first_parent[(e & ~OpenGraph::kOpponent) - offset + 1];
    for (std::size_t x = 0; x < size; ++x) first_parent[x + 1] += first_parent[x];
    std::vector<std::uint32_t> parents(first_parent[size]);
    {
        std::vector<std::uint64_t> fill(first_parent.begin(), first_parent.end() - 1);
        for (std::size_t x = 0; x < size; ++x)
            for (std::uint64_t e = g.first[x]; e < g.first[x + 1]; ++e)
                if (const std::uint32_t q = g.edges[e] & ~OpenGraph::kOpponent; local(q))
                    parents[fill[q - offset]++] = static_cast<std::uint32_t>(x);
    }
    // Sweeps in index order over the boards marked since the last look: the graph's
    // arrays are read in order, which a queue's order would not. A board's two bounds
    // share a 16-bit word (lo low, hi high): a child costs one read, not two.
    std::vector<std::uint16_t> bounds(lo.size());
    auto pack = [&] {
        for (std::size_t q = 0; q < lo.size(); ++q) bounds[q] = static_cast<std::uint16_t>(lo[q] | hi[q] << 8);
    };
    auto unpack = [&] {
        for (std::size_t q = 0; q < lo.size(); ++q) {
            lo[q] = static_cast<std::uint8_t>(bounds[q] & 0xFF);
            hi[q] = static_cast<std::uint8_t>(bounds[q] >> 8);
        }
    };
    pack();
    std::vector<std::uint8_t> marked(size, 1);
    Sweep sweep{g, tier, bounds, marked, first_parent, parents};
    const int sweepers = size >= kParallelSweepBoards ? std::max(threads, 1) : 1;
    std::vector<std::uint16_t> before;
    Settled result;
    for (;;) {
        ++result.rounds;
        const bool changed_here =
            sweepers > 1 ? sweep.until_quiet(result.evaluations, sweepers) : sweep.until_quiet(result.evaluations);
        if (!team) break;
        unpack();
        before = bounds;
        const bool go_on = team->exchange(lo, hi, changed_here);
        pack();
        if (!go_on) break;
        // Look again at the boards that lead to one another process changed.
        for (std::size_t x = 0; x < size; ++x)
            for (std::uint64_t e = g.first[x]; e < g.first[x + 1] && !marked[x]; ++e) {
                const std::uint32_t q = g.edges[e] & ~OpenGraph::kOpponent;
                marked[x] = bounds[q] != before[q];
            }
    }
    unpack();
    return result;
}

}  // namespace

CyclicTierStats solve_cyclic_tier(const Rules& rules, const TierIndex& index, int tier,
                                  std::span<const std::span<const std::int8_t>> lower,
                                  std::span<std::int8_t> values, int threads,
                                  const std::function<void(int sweep, std::uint64_t done)>& on_progress,
                                  CyclicTeam* team) {
    MANCALA_ASSERT(search::cyclic_shaped(rules) && !rules.majority,
                   "a cyclic tier plays cyclic rules, majority off");
    MANCALA_ASSERT(static_cast<int>(lower.size()) >= tier, "every lower tier is there");
    const std::uint64_t size = index.size(tier);
    MANCALA_ASSERT(values.size() == size, "one value a position");
    CyclicTierStats stats;
    stats.positions = size;
    const TierContext context{rules, CyclicRules(rules), index, tier, lower};
    const IndexRange mine = team ? team->share(size) : IndexRange{0, size};

    // The first pass over this process's share, in chunks handed out in turn so that
    // the threads end together. `code` holds what is known of every board of the tier.
    constexpr std::uint64_t kChunk = 1 << 14;
    const std::uint64_t chunks = (mine.last - mine.first + kChunk - 1) / kChunk;
    std::vector<std::int8_t> code(size, kTierUnknown);
    std::vector<ChunkGraph> graphs(chunks);
    std::atomic<std::uint64_t> next{0}, done{0};
    // The calling thread works too, and reports between its chunks.
    auto work = [&](bool reports) {
        for (std::uint64_t k; (k = next.fetch_add(1)) < chunks;) {
            const std::uint64_t first = mine.first + k * kChunk, last = std::min(mine.last, first + kChunk);
            first_pass(context, first, last, code, graphs[k]);
            done += last - first;
            if (reports && on_progress) on_progress(1, done.load());
        }
    };
    {
        std::vector<std::jthread> workers;
        for (int t = 1; t < std::max(threads, 1); ++t) workers.emplace_back(work, false);
        work(true);
    }
    for (const ChunkGraph& g : graphs) stats.move_visits += g.moves;
    if (team) team->combine(code);  // every board's code from the process that holds it
    // Every unsettled board's number in the open graph, in index order.
    std::vector<std::uint32_t> number(size, 0);
    std::uint64_t unsettled = 0;
    for (std::uint64_t x = 0; x < size; ++x)
        if (code[x] == kOpen) number[x] = static_cast<std::uint32_t>(unsettled++);
    if (unsettled >= OpenGraph::kOpponent)
        throw std::length_error("a tier has more unsettled boards than its graph numbers (2^31)");
    const OpenGraph graph = open_graph(graphs, code, tier, number);
    number = {};
    std::vector<std::uint8_t> lo(unsettled, 0), hi(unsettled, static_cast<std::uint8_t>(tier));
    const Settled settled = settle_open_graph(graph, tier, lo, hi, threads, team);
    stats.evaluations = settled.evaluations;
    stats.rounds = settled.rounds;
    stats.unsettled = graph.boards.size();
    if (on_progress) on_progress(2, size);

    std::array<int, kMaxCells> cells{};
    if (mine.first < mine.last) index.unrank(tier, mine.first, cells.data());
    std::size_t open = 0;
    std::fill(values.begin(), values.end(), kTierUnknown);
    for (std::uint64_t x = mine.first; x < mine.last; ++x) {
        if (x > mine.first) index.next(cells.data());
        int value = code[x];
        if (value == kOpen) {
            MANCALA_ASSERT(graph.boards[open] == x, "the open graph holds the unsettled boards in order");
            const std::size_t at = graph.offset + open++;
            int split = 0;
            for (int i = 0; i < rules.pits; ++i) split += cells[static_cast<std::size_t>(i)];
            if (lo[at] != hi[at]) ++stats.open;
            value = std::clamp<int>(split, lo[at], hi[at]);
        }
        values[x] = static_cast<std::int8_t>(2 * value - tier);
    }
    if (team) team->combine(values);
    return stats;
}

}  // namespace mancala::solve
