// What a random read of memory the size of a proof's table costs on this machine,
// alone and with others under way: the reason a search node starts the reads of all
// its children before it reads the first (search/child_list.hpp).
//   ./build/bench/mancala_bench --benchmark_filter=RandomReads/
// And one read at a time over regions from 16 KiB to 256 MiB (ReadLatency): which
// level of the caches a working set of that size is served from, and how slowly in a
// given sitting of the machine (the engine's bench touches a few MiB; a proof hundreds).
//   ./build/bench/mancala_bench --benchmark_filter=ReadLatency
// And what touching fresh memory costs (FirstTouch): on a virtual machine whose host
// takes back the memory a process frees, a first run after a pause pays for it.
//   sleep 9; ./build/bench/mancala_bench --benchmark_filter=FirstTouch/1

#include <benchmark/benchmark.h>

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <random>
#include <thread>
#include <vector>

namespace {

constexpr std::size_t kRegionBytes = std::size_t{256} << 20;  // the table of a Kalah(6,4) proof
constexpr std::size_t kLine = 64;

// One cycle through every cache line of the region in a random order (Sattolo's
// shuffle): each line holds the offset of the next, so each read needs the one before.
struct ChasedRegion {
    explicit ChasedRegion(std::size_t region_bytes) : size(region_bytes) {
        void* memory = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) throw std::bad_alloc();
        ::madvise(memory, size, MADV_HUGEPAGE);  // as the table is
        bytes = static_cast<char*>(memory);
        const std::size_t lines = size / kLine;
        std::vector<std::uint32_t> order(lines);
        for (std::size_t i = 0; i < lines; ++i) order[i] = static_cast<std::uint32_t>(i);
        std::mt19937_64 random(1);
        for (std::size_t i = lines - 1; i > 0; --i) std::swap(order[i], order[random() % i]);
        for (std::size_t i = 0; i < lines; ++i) {
            const std::uint64_t next = std::uint64_t{order[(i + 1) % lines]} * kLine;
            std::memcpy(bytes + std::size_t{order[i]} * kLine, &next, sizeof next);
        }
    }
    ~ChasedRegion() { ::munmap(bytes, size); }
    ChasedRegion(const ChasedRegion&) = delete;
    ChasedRegion& operator=(const ChasedRegion&) = delete;
    std::size_t size;
    char* bytes = nullptr;
};

// The region of the size last asked for, kept while the benchmarks of that size run
// (Google Benchmark calls each a few times to pick its iterations).
const ChasedRegion& region_of(std::size_t bytes) {
    static std::unique_ptr<ChasedRegion> last;
    if (!last || last->size != bytes) {
        last.reset();  // the old region goes before the new one comes
        last = std::make_unique<ChasedRegion>(bytes);
    }
    return *last;
}

// `chains` walks through the cycle at once, started far apart: their reads are
// independent of each other, as the children of one node are.
void RandomReads(benchmark::State& state) {
    const auto chains = static_cast<std::size_t>(state.range(0));
    const char* bytes = region_of(kRegionBytes).bytes;
    std::vector<std::uint64_t> at(chains);
    for (std::size_t c = 0; c < chains; ++c) at[c] = (kRegionBytes / chains / kLine) * c * kLine;
    for (auto _ : state) {
        for (std::size_t c = 0; c < chains; ++c) std::memcpy(&at[c], bytes + at[c], sizeof at[c]);
        benchmark::DoNotOptimize(at.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(chains));
    state.counters["ns_per_read"] = benchmark::Counter(static_cast<double>(state.iterations() * chains),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(RandomReads)->Arg(1)->Arg(2)->Arg(4)->Arg(8);

// One chain through a region of `range(0)` KiB: the latency of the level that holds it.
void ReadLatency(benchmark::State& state) {
    const ChasedRegion& chased = region_of(static_cast<std::size_t>(state.range(0)) << 10);
    std::uint64_t at = 0;  // the region's lines were all just written: a small one is in the caches
    for (auto _ : state) {
        std::memcpy(&at, chased.bytes + at, sizeof at);
        benchmark::DoNotOptimize(at);
    }
    state.counters["ns_per_read"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(ReadLatency)->RangeMultiplier(2)->Range(16, 256 << 10);

constexpr std::size_t kTouchedBytes = std::size_t{128} << 20;

// Maps 128 MiB on huge pages (as the table and the database are) and writes a byte
// of every 4 KiB page, `threads` threads each taking its share. One iteration: only
// the first touch of the memory is of interest.
void FirstTouch(benchmark::State& state) {
    const auto threads = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        void* memory = ::mmap(nullptr, kTouchedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) throw std::bad_alloc();
        ::madvise(memory, kTouchedBytes, MADV_HUGEPAGE);
        char* bytes = static_cast<char*>(memory);
        const std::size_t share = kTouchedBytes / threads;
        auto touch = [bytes, share](std::size_t part) {
            for (std::size_t at = part * share; at < (part + 1) * share; at += 4096) bytes[at] = 1;
        };
        std::vector<std::thread> others;
        for (std::size_t part = 1; part < threads; ++part) others.emplace_back(touch, part);
        touch(0);
        for (std::thread& t : others) t.join();
        benchmark::DoNotOptimize(bytes);
        state.PauseTiming();
        ::munmap(memory, kTouchedBytes);
        state.ResumeTiming();
    }
    state.counters["s_per_MiB"] =
        benchmark::Counter(static_cast<double>(kTouchedBytes >> 20) * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(FirstTouch)->Arg(1)->Arg(2)->Iterations(1)->UseRealTime();

}  // namespace
