// `mancala engine`: any agent served over standard input and output in the mancala
// engine protocol (docs/PROTOCOL.md), for hosts in other programs and languages.

#include "cli/agent_host_options.hpp"
#include "cli/commands.hpp"
#include "protocol/engine_session.hpp"

#include <iostream>
#include <memory>
#include <string>

namespace mancala::cli {

namespace {

struct EngineArgs {
    std::string agent = "engine:time=1s";
    AgentHostOptions host;
};

void run_engine(const EngineArgs& args) {
    const agents::AgentContext context = args.host.context();
    std::ios::sync_with_stdio(false);  // a bad spec throws before the first command: a usage error
    protocol::run_engine_session(std::cin, std::cout, args.agent, context);
}

}  // namespace

void add_engine_command(CLI::App& app) {
    auto args = std::make_shared<EngineArgs>();
    CLI::App* cmd = app.add_subcommand(
        "engine",
        "Serve an agent over standard input and output in the mancala engine protocol (docs/PROTOCOL.md)");
    cmd->add_option("--agent", args->agent, "the agent that plays, any agent spec")->capture_default_str();
    args->host.add_to(*cmd);
    cmd->footer(
        "The host writes commands, one a line (mep, setoption, isready, newgame, rules, position, go, stop, "
        "quit); the engine answers id/option/mepok, readyok, info and bestmove lines. On 'rules' the engine "
        "builds its own endgame database unless it has a folder (about a second on Kalah(6,4)): an 'isready' "
        "after it is answered once it is done.\n"
        "Example:\n"
        "  printf 'mep\\nrules kalah 6 4\\nisready\\nposition start\\ngo movetime 100\\n' | mancala engine "
        "--agent engine:depth=8");
    cmd->callback([args] { run_engine(*args); });
}

}  // namespace mancala::cli
