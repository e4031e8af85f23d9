#pragma once
// The engine's transposition table: a fixed number of MiB, buckets of four
// 16-byte entries in one cache line, shared by all search threads without locks
// (each entry stores key ^ data beside data, so a torn write is seen as a miss).

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
    explicit TranspositionTable(std::size_t megabytes = 64);

    /// Reallocates to `megabytes` (at least 1) and clears.
    void resize(std::size_t megabytes);
    void clear();
    /// A new search starts: older entries become preferred victims.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 0x3F); }

    bool probe(std::uint64_t key, TTEntry& out) const;
    void store(std::uint64_t key, const TTEntry& entry);
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

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

    struct Release {
        std::size_t bytes;
        void operator()(Bucket* p) const;
    };
    std::unique_ptr<Bucket[], Release> buckets_{nullptr, Release{0}};
    std::size_t mask_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace mancala::search
