#pragma once
// Where endgame databases are found. The solve layer implements it
// (solve::DatabaseCache); a host (cli, server) owns one and hands it to agents in
// their context, so neither the search nor the agents depend on how databases are
// stored or opened.

#include "core/rules.hpp"
#include "search/endgame_oracle.hpp"

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
};

}  // namespace mancala::search
