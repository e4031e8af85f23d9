#include "cli/rules_options.hpp"

#include "cli/option_checks.hpp"

#include "core/notation.hpp"

#include <fmt/format.h>

namespace mancala::cli {

void RulesOptions::add_to(CLI::App& cmd, bool with_position) {
    cmd.add_option("--rules", preset, "rules preset: kalah, homework (empty capture) or relay")
        ->capture_default_str();
    cmd.add_option("--pits", pits, "pits per side")->capture_default_str()->check(whole_number(1, kMaxPits));
    cmd.add_option("--seeds", seeds, "stones per pit at the start")
        ->capture_default_str()
        ->check(whole_number(0, kMaxTotalStones));
    if (with_position)
        cmd.add_option(
            "--position", position,
            "start from this position: \"rowA/rowB/A1/B(N+2)/S|N\", e.g. \"4,4,4,4,4,4/4,4,4,4,4,4/0/0/S\"");
}

Rules RulesOptions::rules() const { return make_rules(preset, pits, seeds); }

Position RulesOptions::start(const Rules& rules) const {
    if (position.empty()) return Position::start(rules);
    const Position p = parse_position(position);
    if (p.pits() != rules.pits)
        throw std::invalid_argument(
            fmt::format("--position has {} pits a side but --pits is {}", p.pits(), rules.pits));
    return p;
}

}  // namespace mancala::cli
