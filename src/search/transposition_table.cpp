#include "search/transposition_table.hpp"

#include <bit>
#include <new>

namespace mancala::search {

// data layout: score (32 bits, two's complement) | depth 8 | bound 2 | proven 1 | move+1 5 | generation 6 | work 6.
namespace {

constexpr int kScoreShift = 0;
constexpr int kDepthShift = 32;
constexpr int kBoundShift = 40;
constexpr int kProvenShift = 42;
constexpr int kMoveShift = 43;
constexpr int kGenerationShift = 48;
constexpr int kWorkShift = 54;

int generation_of(std::uint64_t d) { return static_cast<int>((d >> kGenerationShift) & 0x3F); }
int depth_of(std::uint64_t d) { return static_cast<int>((d >> kDepthShift) & 0xFF); }
int work_of(std::uint64_t d) { return static_cast<int>((d >> kWorkShift) & 0x3F); }
bool proven_of(std::uint64_t d) { return ((d >> kProvenShift) & 1) != 0; }
Bound bound_of(std::uint64_t d) { return static_cast<Bound>((d >> kBoundShift) & 0x3); }

TTEntry unpack(std::uint64_t d) {
    TTEntry e;
    e.score = static_cast<std::int32_t>(static_cast<std::uint32_t>(d >> kScoreShift));
    e.depth = depth_of(d);
    e.bound = bound_of(d);
    e.proven = proven_of(d);
    e.move = static_cast<int>((d >> kMoveShift) & 0x1F) - 1;
    e.work = work_of(d);
    return e;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

TranspositionTable::Bucket* TranspositionTable::make_buckets(util::AnonymousMemory& memory, std::size_t count) {
    // The kernel's zeroed pages are empty slots; Bucket has no constructor to write them.
    memory = util::AnonymousMemory(count * sizeof(Bucket), true);
    return new (memory.data()) Bucket[count];
}

void TranspositionTable::resize(std::size_t megabytes) {
    if (megabytes < 1) megabytes = 1;
    const std::size_t wanted = megabytes * 1024 * 1024 / sizeof(Bucket);
    const std::size_t count = std::bit_floor(wanted);
    main_memory_ = util::AnonymousMemory();  // the old table goes before the new one comes
    buckets_ = make_buckets(main_memory_, count);
    mask_ = count - 1;
    megabytes_ = megabytes;
    generation_ = 0;
    if (!near_) {
        constexpr std::size_t near_count = kNearBytes / sizeof(Bucket);
        near_ = make_buckets(near_memory_, near_count);
        near_mask_ = near_count - 1;
    } else {
        clear_buckets(near_, near_mask_);
    }
}

void TranspositionTable::clear_buckets(Bucket* buckets, std::size_t mask) {
    for (std::size_t i = 0; i <= mask; ++i)
        for (Slot& s : buckets[i].slots) s.set(0, 0);
}

void TranspositionTable::clear() {
    clear_buckets(buckets_, mask_);
    clear_buckets(near_, near_mask_);
    generation_ = 0;
}

std::uint64_t TranspositionTable::pack(const TTEntry& e, std::uint8_t generation) {
    const auto depth = static_cast<std::uint64_t>(e.depth < 0 ? 0 : (e.depth > 255 ? 255 : e.depth));
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.score)) << kScoreShift) |
           (depth << kDepthShift) | (static_cast<std::uint64_t>(e.bound) << kBoundShift) |
           (static_cast<std::uint64_t>(e.proven) << kProvenShift) |
           (static_cast<std::uint64_t>(e.move + 1) << kMoveShift) |
           (static_cast<std::uint64_t>(generation) << kGenerationShift) |
           (static_cast<std::uint64_t>(e.work < 0 ? 0 : (e.work > 63 ? 63 : e.work)) << kWorkShift);
}

bool TranspositionTable::probe(std::uint64_t key, bool near, TTEntry& out) const {
    if (near) return probe_bucket(near_bucket(key), key, out);
    return probe_bucket(main_bucket(key), key, out) || (near_on_ && probe_bucket(near_bucket(key), key, out));
}

bool TranspositionTable::probe_bucket(const Bucket& b, std::uint64_t key, TTEntry& out) {
    for (const Slot& s : b.slots) {
        const std::uint64_t data = s.data();
        const std::uint64_t check = s.check();
        if ((check ^ data) == key && data != 0) {
            out = unpack(data);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, const TTEntry& entry, bool near) {
    if (near) {
        store_bucket(near_[key & near_mask_], key, entry);
        return;
    }
    store_bucket(buckets_[key & mask_], key, entry);
    // A proven result holds at any depth: near probes, which read the near table
    // alone, see it too (and no stale estimate there outlives it).
    if (entry.proven && near_on_) store_bucket(near_[key & near_mask_], key, entry);
}

void TranspositionTable::store_bucket(Bucket& b, std::uint64_t key, const TTEntry& entry) const {
    Slot* victim = nullptr;
    int victim_worth = 1 << 30;
    for (Slot& s : b.slots) {
        const std::uint64_t data = s.data();
        const std::uint64_t check = s.check();
        if (data == 0 || (check ^ data) == key) {
            // Same position: keep a deeper or proven result unless this one is as good.
            if (data != 0) {
                if (proven_of(data) && !entry.proven && bound_of(data) == Bound::Exact) return;
                if (!entry.proven && entry.bound != Bound::Exact && depth_of(data) > entry.depth + 2 &&
                    generation_of(data) == generation_)
                    return;
            }
            victim = &s;
            break;
        }
        // Worth: depth (or work), with proven entries and the current search's entries kept longer.
        const int age = (generation_ - generation_of(data)) & 0x3F;
        const int worth = (by_work_ ? work_of(data) : depth_of(data)) + (proven_of(data) ? 64 : 0) - 8 * age;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = &s;
        }
    }
    const std::uint64_t data = pack(entry, generation_);
    victim->set(key ^ data, data);
}

void TranspositionTable::read_slots(std::size_t first, std::size_t count, std::uint64_t* words) const {
    for (std::size_t i = first; i < first + count; ++i) {
        const Slot& s = buckets_[i / kSlotsPerBucket].slots[i % kSlotsPerBucket];
        *words++ = s.check();
        *words++ = s.data();
    }
}

void TranspositionTable::write_slots(std::size_t first, std::size_t count, const std::uint64_t* words) {
    for (std::size_t i = first; i < first + count; ++i) {
        Slot& s = buckets_[i / kSlotsPerBucket].slots[i % kSlotsPerBucket];
        s.set(words[0], words[1]);
        words += 2;
    }
}

bool TranspositionTable::insert_slot(std::uint64_t check, std::uint64_t data) {
    const TTEntry entry = unpack(data);
    if (data == 0 || entry.bound == Bound::None) return false;
    const std::uint64_t key = check ^ data;
    store_bucket(buckets_[key & mask_], key, entry);
    return true;
}

std::uint64_t TranspositionTable::layout_fingerprint() {
    return pack(TTEntry{-12345, 77, Bound::Lower, true, 5, 33}, 42);
}

int TranspositionTable::hashfull() const {
    int used = 0;
    for (std::size_t i = 0; i < 250 && i <= mask_; ++i)
        for (const Slot& s : buckets_[i].slots) {
            const std::uint64_t data = s.data();
            if (data != 0 && generation_of(data) == generation_) ++used;
        }
    return used;
}

}  // namespace mancala::search
