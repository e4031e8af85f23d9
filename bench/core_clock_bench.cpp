// What a core of this virtual machine gives in a given sitting, apart from memory: the
// engine's bench runs at up to half its best rate in some sittings while its tables'
// misses do not change (docs/PERFORMANCE.md), and the machine has no hardware counters
// to say why. Two chains of additions tell two causes apart:
//  - DependentAdds: each addition needs the one before, one a clock cycle: additions a
//    nanosecond are the core's clock in GHz, whoever shares the core;
//  - IndependentAdds: four chains side by side, which a core alone runs nearly four to a
//    cycle (if it has four integer units or more; the loop's own counting takes a few
//    turns): fewer per clock cycle means another thread shares the core's units.
//   ./build/bench/mancala_bench --benchmark_filter=Adds

#include <benchmark/benchmark.h>

#include <cstdint>

namespace {

constexpr int kAdds = 1024;  // an iteration's additions, all chains together

// An addition the compiler may neither fold nor drop: after it, an empty asm statement
// claims to read and change the register, so each addition is done, one instruction,
// on any processor. It adds a register, not a constant: some processors' renaming folds
// a chain of constant additions (`inc`), which then ran at 5.6 a cycle here (the sitting of
// 2026-11-29 23:00), no longer one a clock cycle. `step` is 1, hidden from the compiler.
// Sixteen a loop's turn, so that the loop's own counting and branch take few of the units.
#define MANCALA_ADD_ONE(x) \
    x += step;             \
    asm volatile("" : "+r"(x))
#define MANCALA_ADD_FOUR(a, b, c, d) \
    MANCALA_ADD_ONE(a);              \
    MANCALA_ADD_ONE(b);              \
    MANCALA_ADD_ONE(c);              \
    MANCALA_ADD_ONE(d)
#define MANCALA_ADD_SIXTEEN(a, b, c, d) \
    MANCALA_ADD_FOUR(a, b, c, d);       \
    MANCALA_ADD_FOUR(a, b, c, d);       \
    MANCALA_ADD_FOUR(a, b, c, d);       \
    MANCALA_ADD_FOUR(a, b, c, d)

void count_additions(benchmark::State& state) {
    state.counters["adds_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * kAdds, benchmark::Counter::kIsRate);
}

// 1, in a register the compiler cannot see into.
std::uint64_t opaque_one() {
    std::uint64_t one = 1;
    asm volatile("" : "+r"(one));
    return one;
}

void DependentAdds(benchmark::State& state) {
    const std::uint64_t step = opaque_one();
    std::uint64_t x = 0;
    for (auto _ : state) {
        for (int i = 0; i < kAdds; i += 16) {
            MANCALA_ADD_SIXTEEN(x, x, x, x);
        }
    }
    benchmark::DoNotOptimize(x);
    count_additions(state);
}
BENCHMARK(DependentAdds);

void IndependentAdds(benchmark::State& state) {
    const std::uint64_t step = opaque_one();
    std::uint64_t a = 0, b = 0, c = 0, d = 0;
    for (auto _ : state) {
        for (int i = 0; i < kAdds; i += 16) {
            MANCALA_ADD_SIXTEEN(a, b, c, d);
        }
    }
    benchmark::DoNotOptimize(a + b + c + d);
    count_additions(state);
}
BENCHMARK(IndependentAdds);

}  // namespace
