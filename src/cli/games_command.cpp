// `mancala games`: the games of the catalogue (built in, and a user's own with
// --games FILE), each with its one-line description, board and the source of its rules.

#include "cli/commands.hpp"

#include "core/game_catalogue.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>

namespace mancala::cli {

namespace {

struct GamesArgs {
    bool json = false;
    bool rules = false;
};

void run(const GamesArgs& args) {
    const auto games = game_catalogue().games();
    if (args.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const GameEntry& g : games)
            list.push_back({{"name", g.name},
                            {"parent", g.parent},
                            {"description", g.description},
                            {"source", g.source},
                            {"pits", g.rules.pits},
                            {"seeds", g.rules.seeds},
                            {"rules", spelled_out(g.rules, ",")},
                            {"origin", g.origin}});
        fmt::print("{}\n", list.dump(2));
        return;
    }
    for (const GameEntry& g : games) {
        fmt::print("{:<15} {}x{}  {}\n", g.name, g.rules.pits, g.rules.seeds, g.description);
        fmt::print("{:<15}       rules from: {}\n", "", g.source);
        if (g.origin != "built in") fmt::print("{:<15}       defined in {}\n", "", g.origin);
        if (args.rules) fmt::print("{:<15}       {}\n", "", describe(g.rules));
    }
    fmt::print(
        "\n{} games. Play one with --rules NAME (e.g. --rules oware); refine it with\n"
        "NAME:key=value,... (`mancala games --help` lists the keys); add your own with\n"
        "--games FILE (sections [name] or [name:parent] of key = value lines).\n",
        games.size());
}

std::string keys_help() {
    std::string text = "Keys of a game (in a --games file, and after NAME: in a rules string):\n";
    text += "  description, source   what it is and where its rules come from (a --games file only)\n";
    text += "  pits, seeds           the board's size (in a rules string: --pits and --seeds)\n";
    for (const RuleDimension& d : rule_dimensions()) {
        text += fmt::format("  {:<21} {}\n", d.key, d.summary);
        if (d.values.empty()) text += fmt::format("    {}\n", d.syntax);
        for (const RuleValue& v : d.values) text += fmt::format("    {:<22} {}\n", v.name, v.meaning);
    }
    return text;
}

}  // namespace

void add_games_command(CLI::App& app) {
    auto args = std::make_shared<GamesArgs>();
    CLI::App* cmd = app.add_subcommand("games", "List the games: each one's rules, board and source");
    cmd->add_flag("--json", args->json, "print the list as JSON");
    cmd->add_flag("--rules", args->rules, "print every game's dimensions too");
    cmd->footer([] { return keys_help(); });
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
