#pragma once
// Where endgame databases are found. The solve layer implements it
// (solve::DatabaseCache); a host (cli, server) owns one and hands it to agents in
// their context, so neither the search nor the agents depend on how databases are
// stored or opened.

#include "core/rules.hpp"
#include "search/endgame_oracle.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>

namespace mancala::search {

class EndgameSource {
public:
    virtual ~EndgameSource() = default;

    /// The database of `rules` under the folder of databases `root`, or nullptr if it
    /// holds none for them. Throws std::runtime_error for a corrupted or mismatched
    /// file. Thread-safe.
    virtual std::shared_ptr<const EndgameOracle> find(const Rules& rules, const std::filesystem::path& root) = 0;

    /// A database of `rules` built in memory on `threads` threads: every tier up to the
    /// most stones whose tiers hold at most `max_positions` positions (a byte each), and
    /// fewer than the game's stones. Built once and shared while the host keeps it;
    /// nullptr when the rules have no fast builder (relay sowing) or no tier fits.
    /// Thread-safe: a second caller waits for the build under way.
    virtual std::shared_ptr<const EndgameOracle> built(const Rules& rules, std::uint64_t max_positions,
                                                       int threads) = 0;

    /// As built(), without waiting: the database if it is built, else nullptr, its build
    /// started in the background (one at a time) unless one is under way. For hosts whose
    /// replies have a time bound the build must not break (the server).
    virtual std::shared_ptr<const EndgameOracle> built_if_ready(const Rules& rules, std::uint64_t max_positions,
                                                                int threads) = 0;
};

}  // namespace mancala::search
