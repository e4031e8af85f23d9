#pragma once
// The engine's transposition table: a fixed number of MiB, buckets of four
// 16-byte entries in one cache line, shared by all search threads without locks
// (each entry stores key ^ data beside data, so a torn write is seen as a miss).
//
// A second, 1 MiB "near" table holds the results of small subtrees (the search
// says which: see SearchWorker::near_table). They are most of the probes, and a
// random probe of a big table waits for a page walk and a memory access that
// prefetching barely hides here; the small table stays in the core's caches and
// TLB. It also keeps the many small entries from evicting the big ones, which save
// the most work. Figures: docs/PERFORMANCE.md, "Engine speed" and "The constants in the code".

#include "util/anonymous_memory.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace mancala::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
    int score = 0;  ///< points, from the side to move: what it can still gain
    int depth = 0;  ///< plies searched below this position
    Bound bound = Bound::None;
    bool proven = false;  ///< no heuristic leaf below: the bound holds at any depth
    int move = -1;        ///< best or refuting move, -1 if none
    /// The nodes searched to find it, as a bit width (0..63): what it would cost to
    /// find again, which decides which entry of a full bucket goes.
    int work = 0;
};

class TranspositionTable {
public:
    static constexpr std::size_t kNearBytes = std::size_t{1} << 20;

    /// `megabytes` for the main table; the near table's 1 MiB comes on top.
    explicit TranspositionTable(std::size_t megabytes = 64);

    /// Reallocates the main table to `megabytes` (at least 1) and clears both.
    void resize(std::size_t megabytes);
    void clear();
    /// A new search starts: older entries become preferred victims.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 0x3F); }

    /// Whether the near table is used at all (a proof's search does without: see
    /// SearchRun); when it is not, every probe and store goes to the main table alone.
    void use_near_table(bool on) { near_on_ = on; }
    /// Which entry of a full bucket a store replaces: by default the shallowest (depth
    /// says what an entry cost in play); in a proof, where every node is searched to the
    /// end, the one whose subtree was smallest (TTEntry::work).
    void replace_by_work(bool on) { by_work_ = on; }
    bool uses_near_table() const { return near_on_; }

    /// The entry of a position: from the near table alone when `near`, else from
    /// the main table or, failing that, the near one (a position whose subtree
    /// was small in the last iteration).
    bool probe(std::uint64_t key, bool near, TTEntry& out) const;
    /// The entry of a position wherever it is (the principal variation).
    bool probe(std::uint64_t key, TTEntry& out) const { return probe(key, false, out); }
    /// Into the near or the main table; a proven entry of the main table into the
    /// near one too: it holds at any depth, and near probes would not see it.
    void store(std::uint64_t key, const TTEntry& entry, bool near);
    void prefetch(std::uint64_t key, bool near) const {
        __builtin_prefetch(near ? &near_bucket(key) : &main_bucket(key));
    }

    std::size_t megabytes() const { return megabytes_; }
    /// Permille of sampled slots holding an entry of the current search.
    int hashfull() const;

    // The main table slot by slot, for a table file (table_file.hpp). A slot is two
    // words, key ^ data and data (0 and 0 when empty); a copy taken while searches
    // write is still a set of true entries, since a torn slot reads as a miss.
    std::size_t slot_count() const { return (mask_ + 1) * kSlotsPerBucket; }
    /// Copies `count` slots from slot `first` into `words` (2 * count of them).
    void read_slots(std::size_t first, std::size_t count, std::uint64_t* words) const;
    /// Overwrites `count` slots from slot `first` with `words`, as read_slots gave them.
    void write_slots(std::size_t first, std::size_t count, const std::uint64_t* words);
    /// Files one slot of a table of another size where its key belongs, as a store
    /// would; false for a slot that is no entry (empty, or no bound).
    bool insert_slot(std::uint64_t check, std::uint64_t data);
    std::uint8_t generation() const { return generation_; }
    void set_generation(std::uint8_t generation) { generation_ = static_cast<std::uint8_t>(generation & 0x3F); }
    /// A fixed entry as packed: a table file records it, and one written with another
    /// layout of the words is refused.
    static std::uint64_t layout_fingerprint();

private:
    /// Two plain words, read and written atomically through std::atomic_ref: a slot
    /// needs no constructor, so a new table is never written before a search reaches
    /// it. The kernel's zeroed pages are empty slots, mapped as the threads first touch
    /// them rather than all at once by the thread that makes the table, whose search
    /// would otherwise wait seconds for a big table where the kernel maps fresh memory
    /// slowly (docs/PERFORMANCE.md, "The constants in the code").
    struct Slot {
        std::uint64_t check_word;  // key ^ data
        std::uint64_t data_word;
        std::uint64_t check() const { return load(check_word); }
        std::uint64_t data() const { return load(data_word); }
        void set(std::uint64_t check, std::uint64_t data) {
            // Data first, as the stores always were: a reader between the two sees a miss.
            std::atomic_ref<std::uint64_t>(data_word).store(data, std::memory_order_relaxed);
            std::atomic_ref<std::uint64_t>(check_word).store(check, std::memory_order_relaxed);
        }

    private:
        static std::uint64_t load(const std::uint64_t& word) {
            // The slot itself is never const: only this accessor's view of it.
            return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
        }
    };
    static_assert(std::is_trivially_default_constructible_v<Slot>, "a new table is not written");
    static constexpr std::size_t kSlotsPerBucket = 4;
    struct alignas(64) Bucket {
        Slot slots[kSlotsPerBucket];
    };

    static std::uint64_t pack(const TTEntry& e, std::uint8_t generation);
    static void clear_buckets(Bucket* buckets, std::size_t mask);
    static bool probe_bucket(const Bucket& b, std::uint64_t key, TTEntry& out);
    void store_bucket(Bucket& b, std::uint64_t key, const TTEntry& entry) const;
    const Bucket& near_bucket(std::uint64_t key) const { return near_[key & near_mask_]; }
    const Bucket& main_bucket(std::uint64_t key) const { return buckets_[key & mask_]; }

    /// An array of `count` buckets in `memory` (huge pages: random probes miss the TLB far less often).
    static Bucket* make_buckets(util::AnonymousMemory& memory, std::size_t count);

    util::AnonymousMemory main_memory_;
    Bucket* buckets_ = nullptr;
    std::size_t mask_ = 0;
    util::AnonymousMemory near_memory_;
    Bucket* near_ = nullptr;
    std::size_t near_mask_ = 0;
    bool near_on_ = true;
    bool by_work_ = false;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace mancala::search
