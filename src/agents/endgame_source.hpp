#pragma once
// Where agents find endgame databases. Databases belong to the solve layer,
// above this one, so the application installs the source at start-up (cli/main)
// and agents only see the search layer's EndgameOracle.

#include "core/rules.hpp"
#include "search/endgame_oracle.hpp"

#include <functional>
#include <memory>
#include <string>

namespace mancala::agents {

/// The database of `rules` under folder `dir`, or nullptr if there is none.
using EndgameSource = std::function<std::shared_ptr<const search::EndgameOracle>(const Rules&, const std::string&)>;

/// Installs the source (thread-safe; replaces any earlier one).
void set_endgame_source(EndgameSource source);

/// Asks the installed source; nullptr when none is installed or it has nothing for these rules.
std::shared_ptr<const search::EndgameOracle> find_endgame(const Rules& rules, const std::string& dir);

}  // namespace mancala::agents
