#include "cli/rules_options.hpp"

#include "cli/option_checks.hpp"

#include "core/notation.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

namespace mancala::cli {

std::string rules_help() {
    std::string text =
        "Rules (--rules): a preset, optionally refined dimension by dimension, as agent specs are:\n"
        "  --rules kalah:capture=always,extra-turn=no   (--pits and --seeds give the board size)\n"
        "Presets:\n";
    for (const std::string_view name : preset_names())
        text += fmt::format("  {:<12} {}\n", name, preset_description(name));
    text += "Dimensions (KEY=VALUE):\n";
    for (const RuleDimension& d : rule_dimensions()) {
        text += fmt::format("  {:<12} {}\n", d.key, d.summary);
        for (const RuleValue& v : d.values) text += fmt::format("    {:<22} {}\n", v.name, v.meaning);
    }
    return text;
}

void RulesOptions::add_to(CLI::App& cmd, bool with_position) {
    cmd.add_option("--rules", rules,
                   fmt::format("rules: a preset ({}), optionally refined, e.g. kalah:extra-turn=no (see below)",
                               fmt::join(preset_names(), ", ")))
        ->capture_default_str();
    pits_option = cmd.add_option("--pits", pits,
                                 fmt::format("pits per side (1-{}; with --position: as many as it has)", kMaxPits))
                      ->capture_default_str()
                      ->check(whole_number(1, kMaxPits));
    seeds_option =
        cmd.add_option(
               "--seeds", seeds,
               "stones per pit at the start (with --position: its stones over its pits, when they divide evenly)")
            ->capture_default_str()
            ->check(whole_number(0, kMaxTotalStones));
    if (with_position)
        position_option = cmd.add_option(
            "--position", position,
            "start from this position: \"rowA/rowB/A1/B(N+2)/S|N\", e.g. \"4,4,4,4,4,4/4,4,4,4,4,4/0/0/S\"");
    cmd.footer([] { return rules_help(); });
}

Rules RulesOptions::parsed_rules() const {
    const bool pits_given = pits_option && pits_option->count() > 0;
    if (position.empty()) return parse_rules(rules, pits, seeds);
    // With a position, the game's size is the position's unless given: its pits, and
    // its stones per pit at the start when its stones fill the pits evenly (a game
    // keeps every stone), so that a label or a database default fits the position.
    const Position p = parse_position(position);
    const int board_pits = pits_given ? pits : p.pits();
    const bool seeds_given = seeds_option && seeds_option->count() > 0;
    const int start_seeds =
        !seeds_given && p.total_stones() % (2 * board_pits) == 0 ? p.total_stones() / (2 * board_pits) : seeds;
    return parse_rules(rules, board_pits, start_seeds);
}

Position RulesOptions::start(const Rules& rules) const {
    if (position.empty()) return Position::start(rules);
    const Position p = parse_position(position);
    if (p.pits() != rules.pits)
        throw std::invalid_argument(
            fmt::format("--pits {} but the position has {} pits a side", rules.pits, p.pits()));
    return p;
}

}  // namespace mancala::cli
