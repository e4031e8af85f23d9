#pragma once
// Big arrays straight from the kernel: zeroed pages, mapped as they are first
// touched, and given back the moment the array goes. Memory from the heap can
// stay with the process after it is freed (glibc keeps a freed block under its
// moving mmap threshold), which would count in every later peak.

#include <cstddef>

namespace mancala::util {

class AnonymousMemory {
public:
    AnonymousMemory() = default;
    /// `bytes` of zeroed memory (none for 0); `huge_pages` asks the kernel for them
    /// (fewer TLB misses for random reads, slower to map on some machines). Throws
    /// std::bad_alloc when the kernel refuses.
    AnonymousMemory(std::size_t bytes, bool huge_pages);
    AnonymousMemory(AnonymousMemory&& other) noexcept;
    AnonymousMemory& operator=(AnonymousMemory&& other) noexcept;
    AnonymousMemory(const AnonymousMemory&) = delete;
    AnonymousMemory& operator=(const AnonymousMemory&) = delete;
    ~AnonymousMemory();

    void* data() const { return data_; }
    std::size_t size() const { return bytes_; }

private:
    void release();

    void* data_ = nullptr;
    std::size_t bytes_ = 0;
};

}  // namespace mancala::util
