#pragma once
// The engine's transposition table: a fixed number of MiB, buckets of four
// 16-byte entries in one cache line, shared by all search threads without locks
// (each entry stores key ^ data beside data, so a torn write is seen as a miss).
//
// Results of shallow searches (at most kNearDepth plies) go to a second, 1 MiB
// table. They are most of the probes, and a random probe of a big table waits for
// a page walk and a memory access that prefetching barely hides here (bench: 3%);
// the small table stays in the core's caches and TLB. It also keeps the many
// shallow entries from evicting the deep ones, which save the most work
// (Kalah(6,4)'s proof: 21% fewer nodes). Figures: README, "Engine speed".

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace mancala::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
    int score = 0;  ///< points, from the side to move: what it can still gain
    int depth = 0;  ///< plies searched below this position
    Bound bound = Bound::None;
    bool proven = false;  ///< no heuristic leaf below: the bound holds at any depth
    int move = -1;        ///< best or refuting move, -1 if none
};

class TranspositionTable {
public:
    /// Searches at most this many plies deep keep their results in the near table.
    static constexpr int kNearDepth = 6;
    static constexpr std::size_t kNearBytes = std::size_t{1} << 20;

    /// `megabytes` for the main table; the near table's 1 MiB comes on top.
    explicit TranspositionTable(std::size_t megabytes = 64);

    /// Reallocates the main table to `megabytes` (at least 1) and clears both.
    void resize(std::size_t megabytes);
    void clear();
    /// A new search starts: older entries become preferred victims.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 0x3F); }

    /// The entry of a position about to be searched `depth` plies deep: from the
    /// near table when depth <= kNearDepth, else from the main table or, failing
    /// that, the near one (the last iteration searched it a ply shallower).
    bool probe(std::uint64_t key, int depth, TTEntry& out) const;
    /// The entry of a position wherever it is (the principal variation).
    bool probe(std::uint64_t key, TTEntry& out) const;
    /// Into the table of the entry's depth; a proven deep entry into both.
    void store(std::uint64_t key, const TTEntry& entry);
    void prefetch(std::uint64_t key, int depth) const { __builtin_prefetch(&bucket(key, depth)); }

    std::size_t megabytes() const { return megabytes_; }
    /// Permille of sampled slots holding an entry of the current search.
    int hashfull() const;

private:
    struct Slot {
        std::atomic<std::uint64_t> check{0};  // key ^ data
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Slot slots[4];
    };

    static std::uint64_t pack(const TTEntry& e, std::uint8_t generation);
    static void clear_buckets(Bucket* buckets, std::size_t mask);
    static bool probe_bucket(const Bucket& b, std::uint64_t key, TTEntry& out);
    void store_bucket(Bucket& b, std::uint64_t key, const TTEntry& entry) const;
    const Bucket& near_bucket(std::uint64_t key) const { return near_[key & near_mask_]; }
    const Bucket& main_bucket(std::uint64_t key) const { return buckets_[key & mask_]; }
    const Bucket& bucket(std::uint64_t key, int depth) const {
        return depth <= kNearDepth ? near_bucket(key) : main_bucket(key);
    }

    struct Release {
        std::size_t bytes;
        void operator()(Bucket* p) const;
    };
    std::unique_ptr<Bucket[], Release> buckets_{nullptr, Release{0}};
    std::size_t mask_ = 0;
    std::unique_ptr<Bucket[], Release> near_{nullptr, Release{0}};
    std::size_t near_mask_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace mancala::search
