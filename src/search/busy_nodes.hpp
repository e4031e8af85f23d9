#pragma once
// Which positions some thread is searching right now, so that the others can
// put those subtrees off and work elsewhere (the idea of ABDADA, Weill 1996).
// Without it the threads of a proof walk the same tree one behind the other:
// two threads proved Kalah(6,4) no faster than one.
//
// A small direct-mapped table of keys. A slot taken by another position is
// simply not marked: the table is advice for the order of moves, never needed
// for a correct result.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace mancala::search {

class BusyNodes {
public:
    /// Marks `key` busy; true if this call marked it (and must call leave()).
    bool enter(std::uint64_t key) {
        std::uint64_t empty = 0;
        return slot(key).compare_exchange_strong(empty, key, std::memory_order_relaxed);
    }
    void leave(std::uint64_t key) { slot(key).store(0, std::memory_order_relaxed); }
    bool busy(std::uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == key; }

private:
    static constexpr std::size_t kSlots = std::size_t{1} << 15;
    std::atomic<std::uint64_t>& slot(std::uint64_t key) { return slots_[(key >> 17) & (kSlots - 1)]; }
    const std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[(key >> 17) & (kSlots - 1)]; }

    std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

/// Marks a node busy for as long as it lives, when `busy` is given and the slot is free.
class BusyMark {
public:
    BusyMark(BusyNodes* busy, std::uint64_t key) : busy_(busy && busy->enter(key) ? busy : nullptr), key_(key) {}
    ~BusyMark() {
        if (busy_) busy_->leave(key_);
    }
    BusyMark(const BusyMark&) = delete;
    BusyMark& operator=(const BusyMark&) = delete;

private:
    BusyNodes* busy_;
    std::uint64_t key_;
};

}  // namespace mancala::search
