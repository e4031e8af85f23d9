#include "agents/registry.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/terminal_game.hpp"
#include "core/notation.hpp"
#include "core/rules.hpp"
#include "util/terminal.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <optional>
#include <random>

namespace mancala::cli {

namespace {

/// The default opponent: the strong engine at a second a move.
constexpr std::string_view kDefaultOpponent = "engine:time=1s";
/// The default adviser behind `hint`: the engine, scoring every move.
constexpr std::string_view kDefaultHintAgent = "engine:time=1s";
constexpr std::string_view kHuman = "human";

struct PlayArgs {
    std::string rules = "kalah";
    int pits = 6;
    int seeds = 4;
    std::string south{kHuman};
    std::string north{kDefaultOpponent};
    std::string first = "south";
    std::optional<std::uint64_t> seed;
    std::optional<std::string> position;
    std::string hint_agent{kDefaultHintAgent};
    bool pits_given = false;
};

Player make_player(const std::string& spec) {
    if (spec == kHuman) return Player{};
    return Player{agents::make_agent(spec)};
}

Side first_side(const PlayArgs& args) {
    if (args.first != "random") return parse_side(args.first);
    std::mt19937_64 coin(args.seed ? *args.seed : std::random_device{}());
    return coin() % 2 == 0 ? Side::South : Side::North;
}

play::GameSession make_session(const PlayArgs& args) {
    if (!args.position) return play::GameSession(make_rules(args.rules, args.pits, args.seeds), first_side(args));
    const Position start = parse_position(*args.position);
    if (args.pits_given && args.pits != start.pits())
        throw UsageError(fmt::format("--pits {} but the position has {} pits a side", args.pits, start.pits()));
    return play::GameSession(make_rules(args.rules, start.pits(), args.seeds), start);
}

void run(const PlayArgs& args) {
    // Every spec is checked before the game starts, so a typo never costs a game.
    TerminalGame game{make_session(args),      make_player(args.south),
                      make_player(args.north), agents::make_agent(args.hint_agent),
                      wants_color(stdout),     !is_terminal(stdin)};
    run_terminal_game(game, std::cin, std::cout);
}

}  // namespace

void add_play_command(CLI::App& app) {
    auto args = std::make_shared<PlayArgs>();
    CLI::App* cmd =
        app.add_subcommand("play", "Play a game in the terminal: human or agent against human or agent");
    cmd->add_option("--rules", args->rules, "rule preset: kalah, homework or relay")->capture_default_str();
    CLI::Option* pits = cmd->add_option("--pits", args->pits, "pits a side (with --position: must match it)")
                            ->capture_default_str()
                            ->check(whole_number(1, kMaxPits));
    cmd->add_option("--seeds", args->seeds, "seeds a pit at the start")
        ->capture_default_str()
        ->check(whole_number(0, kMaxTotalStones));
    cmd->add_option("--south", args->south, "who plays South (row B): 'human' or an agent spec")
        ->capture_default_str();
    cmd->add_option("--north", args->north, "who plays North (row A): 'human' or an agent spec")
        ->capture_default_str();
    CLI::Option* first = cmd->add_option("--first", args->first, "who moves first from the start position")
                             ->check(CLI::IsMember({"random", "south", "north"}))
                             ->capture_default_str();
    cmd->add_option("--seed", args->seed, "seed of the coin toss for --first random (default: from the system)")
        ->check(whole_number(0));
    cmd->add_option("--position", args->position,
                    "start from this position, e.g. \"4,4,4/4,4,4/0/0/S\" (row A / row B / A1 / B(N+2) / to move)")
        ->excludes(first);
    cmd->add_option("--hint-agent", args->hint_agent, "the agent that scores the moves when you ask for a hint")
        ->capture_default_str();
    std::string agent_list;
    for (const agents::AgentKind& kind : agents::agent_kinds())
        agent_list += fmt::format("  {:<28} {}\n", kind.example, kind.summary);
    cmd->footer("Players: 'human', or an agent spec such as:\n" + agent_list +
                "Moves: a pit name as drawn (B4, case-insensitive) or a number 1..N counted from the mover's own\n"
                "left, in its sowing order, as Kalah houses are numbered: South's 1 is B2, North's 1 is A(N+1).\n"
                "At the prompt: hint, undo, board, help, quit. Input may be piped in; at its end the game stops.\n"
                "Examples:\n"
                "  mancala play\n"
                "  mancala play --pits 4 --seeds 3 --north greedy --first random\n"
                "  mancala play --south alphabeta:depth=6 --north random:seed=1\n"
                "Exit codes: 0 the game ended, was quit or the input ended; 2 bad arguments; 1 any other failure.");
    cmd->callback([args, pits] {
        args->pits_given = pits->count() > 0;
        run(*args);
    });
}

}  // namespace mancala::cli
