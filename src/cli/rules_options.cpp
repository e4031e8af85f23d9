#include "cli/rules_options.hpp"

#include "cli/option_checks.hpp"

#include "core/game_catalogue.hpp"
#include "core/notation.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

namespace mancala::cli {

std::string rules_help() {
    std::string text =
        "Rules (--rules): a game, optionally refined dimension by dimension, as agent specs are:\n"
        "  --rules oware:grand-slam=captures   (--pits and --seeds change the board's size)\n"
        "Games (`mancala games` for their sources, `mancala games --help` for every key):\n";
    for (const GameEntry& game : game_catalogue().games())
        text += fmt::format("  {:<15} {}x{}  {}\n", game.name, game.rules.pits, game.rules.seeds, game.description);
    return text;
}

void RulesOptions::add_to(CLI::App& cmd, bool with_position) {
    cmd.add_option("--rules", rules,
                   "the game (`mancala games` lists them), optionally refined, e.g. kalah:extra-turn=no or "
                   "oware:grand-slam=captures (see below)")
        ->capture_default_str();
    pits_option =
        cmd.add_option(
               "--pits", pits,
               fmt::format("pits per side (1-{}; default: the game's own; with --position: as many as it has)",
                           kMaxPits))
            ->check(whole_number(1, kMaxPits));
    seeds_option = cmd.add_option("--seeds", seeds,
                                  "stones per pit at the start (default: the game's own; with --position: its "
                                  "stones over its pits, when they divide evenly)")
                       ->check(whole_number(0, kMaxTotalStones));

    if (with_position)
        position_option = cmd.add_option(
            "--position", position,
            "start from this position: \"rowA/rowB/A1/B(N+2)/S|N\", e.g. \"4,4,4,4,4,4/4,4,4,4,4,4/0/0/S\"");
    cmd.footer([] { return rules_help(); });
}

Rules RulesOptions::parsed_rules() const {
    const bool pits_given = pits_option && pits_option->count() > 0;
    const bool seeds_given = seeds_option && seeds_option->count() > 0;
    const std::optional<int> given_pits = pits_given ? std::optional<int>(pits) : std::nullopt;
    const std::optional<int> given_seeds = seeds_given ? std::optional<int>(seeds) : std::nullopt;
    if (position.empty()) return parse_rules(rules, given_pits, given_seeds);
    // With a position, the game's size is the position's unless given: its pits, and
    // its stones per pit at the start when its stones fill the pits evenly (a game
    // keeps every stone), so that a label or a database default fits the position.
    const Position p = parse_position(position, parse_rules(rules, given_pits, given_seeds).direction);
    const int board_pits = pits_given ? pits : p.pits();
    const std::optional<int> start_seeds = seeds_given ? given_seeds
                                           : p.total_stones() % (2 * board_pits) == 0
                                               ? std::optional<int>(p.total_stones() / (2 * board_pits))
                                               : std::nullopt;
    return parse_rules(rules, board_pits, start_seeds);
}

Position RulesOptions::start(const Rules& rules) const {
    if (position.empty()) return Position::start(rules);
    const Position p = parse_position(position, rules.direction);
    if (p.pits() != rules.pits)
        throw std::invalid_argument(
            fmt::format("--pits {} but the position has {} pits a side", rules.pits, p.pits()));
    return parse_position(position, rules);  // its tuzdyks checked against the rules too
}

}  // namespace mancala::cli
