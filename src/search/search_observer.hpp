#pragma once
// Who watches a search: the engine tells an observer about every completed
// iteration and, in a proof, the bounds proven so far and the test a pass is
// making, all in stones, so that no caller needs the engine's internal units.
// Every call comes on the thread that called Engine::search.

#include "search/search_report.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace mancala::search {

/// What a proof has shown so far: the side to move's final margin, in stones, lies
/// in [lower, upper]; nullopt where no bound is known yet.
struct ProofBounds {
    std::optional<int> lower;
    std::optional<int> upper;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

/// A proof pass under way asks: is the side to move's final margin at least `at_least` stones?
struct ProofTest {
    int at_least = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    /// The root move the main thread is proving (its pit name, e.g. "B5"), the
    /// `root_index`-th of `root_moves` in its order; empty between root moves.
    std::string root_move;
    int root_index = 0;
    int root_moves = 0;
};

class SearchObserver {
public:
    virtual ~SearchObserver() = default;

    /// After every completed iteration.
    virtual void on_iteration(const SearchReport&) {}
    /// After each null-window pass of a proof.
    virtual void on_proof_bounds(const ProofBounds&) {}
    /// About every progress_interval() while a proof pass is under way.
    virtual void on_proof_test(const ProofTest&) {}
    virtual std::chrono::milliseconds progress_interval() const { return std::chrono::seconds(1); }
};

/// An observer of the completed iterations alone, through a function.
class IterationObserver : public SearchObserver {
public:
    explicit IterationObserver(std::function<void(const SearchReport&)> on_iteration)
        : on_iteration_(std::move(on_iteration)) {}
    void on_iteration(const SearchReport& report) override { on_iteration_(report); }

private:
    std::function<void(const SearchReport&)> on_iteration_;
};

}  // namespace mancala::search
