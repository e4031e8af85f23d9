#include "agents/registry.hpp"
#include "cli/agent_host_options.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"
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
    RulesOptions game;
    AgentHostOptions host;
    std::string south{kHuman};
    std::string north{kDefaultOpponent};
    std::string first = "south";
    std::optional<std::uint64_t> seed;
    std::string hint_agent{kDefaultHintAgent};
};

Player make_player(const std::string& spec, const agents::AgentContext& context) {
    if (spec == kHuman) return Player{};
    return Player{agents::make_agent(spec, context)};
}

Side first_side(const PlayArgs& args) {
    if (args.first != "random") return parse_side(args.first);
    std::mt19937_64 coin(args.seed ? *args.seed : std::random_device{}());
    return coin() % 2 == 0 ? Side::South : Side::North;
}

play::GameSession make_session(const PlayArgs& args) {
    const Rules rules = args.game.parsed_rules();
    if (args.game.position.empty()) return play::GameSession(rules, first_side(args));
    return play::GameSession(rules, args.game.start(rules));
}

void run(const PlayArgs& args) {
    const agents::AgentContext context = args.host.context();
    // Every spec is checked before the game starts, so a typo never costs a game.
    TerminalGame game{make_session(args),
                      make_player(args.south, context),
                      make_player(args.north, context),
                      agents::make_agent(args.hint_agent, context),
                      wants_color(stdout),
                      !is_terminal(stdin)};
    run_terminal_game(game, std::cin, std::cout);
}

}  // namespace

void add_play_command(CLI::App& app) {
    auto args = std::make_shared<PlayArgs>();
    CLI::App* cmd =
        app.add_subcommand("play", "Play a game in the terminal: human or agent against human or agent");
    args->game.add_to(*cmd);
    cmd->add_option("--south", args->south, "who plays South (row B): 'human' or an agent spec")
        ->capture_default_str();
    cmd->add_option("--north", args->north, "who plays North (row A): 'human' or an agent spec")
        ->capture_default_str();
    CLI::Option* first = cmd->add_option("--first", args->first, "who moves first from the start position")
                             ->check(CLI::IsMember({"random", "south", "north"}))
                             ->capture_default_str();
    cmd->add_option("--seed", args->seed, "seed of the coin toss for --first random (default: from the system)")
        ->check(whole_number(0));
    first->excludes(args->game.position_option);
    cmd->add_option("--hint-agent", args->hint_agent, "the agent that scores the moves when you ask for a hint")
        ->capture_default_str();
    args->host.add_to(*cmd);
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
                "  mancala play --rules kalah:capture=always,extra-turn=no --pits 4 --north alphabeta:depth=8\n"
                "Exit codes: 0 the game ended, was quit or the input ended; 2 bad arguments; 1 any other failure.");
    cmd->callback([args] { run(*args); });
}

}  // namespace mancala::cli
