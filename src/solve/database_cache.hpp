#pragma once
// Endgame databases opened once per process and shared: every agent and every
// game of a server reads the same memory-mapped tiers.

#include "core/rules.hpp"
#include "solve/endgame_db.hpp"

#include <filesystem>
#include <memory>

namespace mancala::solve {

/// The database of `rules` under folder `root`, opened on first use; nullptr if
/// that folder holds no tier. Throws std::runtime_error for a corrupted or
/// mismatched file. Thread-safe.
std::shared_ptr<const EndgameDatabase> open_shared_database(const Rules& rules, const std::filesystem::path& root);

}  // namespace mancala::solve
