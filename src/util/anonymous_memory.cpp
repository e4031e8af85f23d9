#include "util/anonymous_memory.hpp"

#include <sys/mman.h>

#include <new>
#include <utility>

namespace mancala::util {

AnonymousMemory::AnonymousMemory(std::size_t bytes, bool huge_pages) : bytes_(bytes) {
    if (bytes == 0) return;
    void* memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    if (huge_pages) ::madvise(memory, bytes, MADV_HUGEPAGE);
    data_ = memory;
}

AnonymousMemory::AnonymousMemory(AnonymousMemory&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

AnonymousMemory& AnonymousMemory::operator=(AnonymousMemory&& other) noexcept {
    if (this != &other) {
        release();
        data_ = std::exchange(other.data_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

AnonymousMemory::~AnonymousMemory() { release(); }

void AnonymousMemory::release() {
    if (data_) ::munmap(data_, bytes_);
    data_ = nullptr;
    bytes_ = 0;
}

}  // namespace mancala::util
