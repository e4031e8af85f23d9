#include "cli/agent_host_options.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"
#include "cli/stop_on_signals.hpp"

#include "agents/agent_options.hpp"
#include "arena/experiment.hpp"
#include "arena/opening_book.hpp"
#include "arena/progress.hpp"
#include "arena/report.hpp"
#include "arena/tournament.hpp"
#include "util/atomic_file.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

#include <unistd.h>

namespace mancala::cli {

namespace {

struct ArenaArgs {
    RulesOptions game;
    AgentHostOptions host;
    std::vector<std::string> agents;
    bool gauntlet = false;
    int games = 100;
    int openings_plies = 0;
    int balanced_within = -1;
    std::string openings;
    std::uint64_t seed = 1;
    std::string move_time_limit = "10s";
    std::string time_control;
    int jobs = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    std::string out;
    std::string resume;
    bool fresh = false;
    bool quiet = false;
    std::string experiment;
    std::string experiment_agent;
    std::string experiment_values;
    bool games_given = false;
};

constexpr int kExperimentGamesPerSetting = 50;

// Creates `dir` and checks that files can be written in it, before any game is played.
void prepare_output_dir(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw UsageError(fmt::format("cannot create the --out directory {}: {}", dir.string(), ec.message()));
    try {
        AtomicFile probe(dir / "results.probe");  // removed again when it goes out of scope uncommitted
    } catch (const std::runtime_error& e) {
        throw UsageError(fmt::format("the --out directory {} is not writable ({})", dir.string(), e.what()));
    }
}

arena::TournamentConfig base_config(const ArenaArgs& args) {
    if (args.games < 1) throw UsageError(fmt::format("--games must be at least 1, got {}", args.games));
    if (args.openings_plies < 0)
        throw UsageError(fmt::format("--openings-plies must not be negative, got {}", args.openings_plies));
    if (args.jobs < 1) throw UsageError(fmt::format("--jobs must be at least 1, got {}", args.jobs));
    const auto limit = agents::parse_duration(args.move_time_limit);
    if (!limit || limit->count() == 0)
        throw UsageError(fmt::format("--move-time-limit '{}' is not a positive duration such as 500ms or 10s",
                                     args.move_time_limit));
    arena::TournamentConfig config;
    config.rules = args.game.parsed_rules();
    config.format = args.gauntlet ? arena::Format::Gauntlet : arena::Format::RoundRobin;
    config.games_per_pairing = args.games;
    config.opening_plies = args.openings_plies;
    config.balanced_within = args.balanced_within;
    if (!args.openings.empty()) {
        try {
            config.book = arena::read_opening_book(args.openings, config.rules);
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--openings: {}", e.what()));
        }
    }
    config.seed = args.seed;
    config.move_time_limit = *limit;
    if (!args.time_control.empty()) {
        try {
            config.time_control = arena::parse_time_control(args.time_control);
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--time-control: {}", e.what()));
        }
    }
    config.agents = args.agents;
    return config;
}

std::optional<arena::Experiment> experiment_from(const ArenaArgs& args) {
    if (args.experiment.empty()) {
        if (!args.experiment_agent.empty() || !args.experiment_values.empty())
            throw UsageError("--experiment-agent and --experiment-values need --experiment");
        return std::nullopt;
    }
    if (!args.agents.empty()) throw UsageError("--experiment chooses its own agents: leave out --agents");
    arena::Experiment experiment = arena::make_experiment(args.experiment);
    if (!args.experiment_agent.empty()) arena::set_agent_template(experiment, args.experiment_agent);
    if (!args.experiment_values.empty()) experiment.values = arena::parse_values(args.experiment_values);
    return experiment;
}

void run(ArenaArgs args) {
    const std::optional<arena::Experiment> experiment = experiment_from(args);
    if (experiment && !args.games_given) args.games = kExperimentGamesPerSetting;
    arena::TournamentConfig config = base_config(args);
    if (experiment) {
        config = arena::experiment_config(*experiment, config);
    } else if (config.agents.size() < 2) {
        throw UsageError(fmt::format("--agents needs at least two agent specs, got {}", config.agents.size()));
    }
    const agents::AgentContext context = args.host.context();
    // Fail on bad specs and options before touching the file system.
    const arena::TournamentPlan plan = arena::make_plan(config, context);

    const std::filesystem::path out = args.out;
    if (!args.out.empty()) prepare_output_dir(out);
    arena::RunOptions options;
    options.context = context;
    options.jobs = args.jobs;
    options.fresh_journal = args.fresh;
    if (!args.resume.empty()) {
        options.journal = args.resume;
    } else if (!args.out.empty()) {
        options.journal = out / "journal.jsonl";
    }

    // Ctrl-C: start no new game, finish those in progress; the journal holds every finished game.
    const StopOnSignals stop_on_signals(
        "\narena: interrupted; finishing the games in progress (press Ctrl-C again to quit at once)\n");
    options.stop = stop_on_signals.flag();
    std::optional<arena::ProgressBar> progress;
    if (!args.quiet) progress.emplace(stderr, ::isatty(STDERR_FILENO) == 1);
    options.on_start = [&](int finished, int total) {
        if (args.quiet) return;
        const std::string journal =
            options.journal ? fmt::format(", {} already in {}", finished, options.journal->string()) : "";
        fmt::print(stderr, "arena: {} games{}, {} jobs\n", total, journal, args.jobs);
        progress->start(finished, total);
    };
    options.on_game = [&](const arena::GameRecord&, int finished, int) {
        if (progress) progress->update(finished);
    };
    const arena::TournamentResult result = arena::run_tournament(config, options);
    if (progress) progress->finish();

    std::vector<std::string> written;
    if (experiment) {
        const auto rows = arena::experiment_rows(*experiment, result);
        fmt::print("{}", arena::format_experiment_text(*experiment, result, rows));
        if (!args.out.empty()) written = arena::write_experiment_files(out, *experiment, result, rows);
    } else {
        const arena::TournamentReport report = arena::summarize(result);
        fmt::print("{}", arena::format_text(result, report));
        if (!args.out.empty()) written = arena::write_report_files(out, result, report);
    }
    if (!written.empty()) fmt::print("\nwrote {} in {}\n", fmt::join(written, ", "), out.string());
    std::fflush(stdout);
    if (!result.complete())
        throw Interrupted(fmt::format("{} of {} games finished{}", result.games.size(), plan.schedule.size(),
                                      options.journal ? "; run the same command again to play the rest" : ""));
}

}  // namespace

void add_arena_command(CLI::App& app) {
    auto args = std::make_shared<ArenaArgs>();
    CLI::App* cmd = app.add_subcommand("arena", "Tournaments between agents: standings, Elo ratings, plots");
    args->game.add_to(*cmd, false);
    cmd->add_option("--agents", args->agents, "agent specs, e.g. alphabeta:depth=6 random greedy")->expected(1, -1);
    cmd->add_flag("--gauntlet", args->gauntlet,
                  "the first agent against each of the others (default: round-robin)");
    cmd->add_option("--games", args->games,
                    "games per pairing, in colour pairs from shared openings (default 100; "
                    "50 per setting for an experiment)")
        ->check(whole_number(1, 1'000'000));
    cmd->add_option("--openings-plies", args->openings_plies,
                    "random plies from the start for each opening; 0 plays every game from the start (then "
                    "deterministic agents replay one game per colour: use a few plies, e.g. 4)")
        ->capture_default_str()
        ->check(whole_number(0, 1000));
    cmd->add_option("--balanced-openings", args->balanced_within,
                    "keep only random openings whose final margin (the stones stored so far included) the engine "
                    "estimates at 12 plies within this many stones of even")
        ->check(whole_number(0, 1000));
    cmd->add_option("--openings", args->openings,
                    "play from the positions of this book (one a line in the notation of solve --position, e.g. "
                    "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S; # starts a "
                    "comment), the k-th opening of the schedule from its k-th line, each with both colours; "
                    "bench/balanced_openings.py writes books of openings whose exact value is near even")
        ->excludes("--openings-plies")
        ->excludes("--balanced-openings");
    cmd->add_option("--seed", args->seed, "tournament seed: openings and seeds for agents whose spec names none")
        ->capture_default_str()
        ->check(whole_number(0));
    cmd->add_option("--move-time-limit", args->move_time_limit,
                    "hard cap per move, given to agents as their deadline; a move later than the cap + 5% "
                    "forfeits the game")
        ->capture_default_str();
    cmd->add_option("--time-control", args->time_control,
                    "a game clock per player instead of a time per move: BASE+INCREMENT in seconds (60+0.5), the "
                    "increment added after every move; a player whose clock runs out loses on time. The engine "
                    "plans its time from the clock (its time= is set aside)");
    cmd->add_option("-j,--jobs", args->jobs, "games played at once (default: the hardware threads)")
        ->capture_default_str()
        ->check(whole_number(1, 1024));
    cmd->add_option("--out", args->out,
                    "directory for results.csv, results.json, games.csv, ratings.svg and journal.jsonl");
    cmd->add_option("--resume", args->resume,
                    "journal of finished games to continue (default with --out: DIR/journal.jsonl)");
    cmd->add_flag("--fresh", args->fresh, "start over: replace an existing journal instead of resuming it");
    cmd->add_flag("-q,--quiet", args->quiet, "no progress on stderr");
    args->host.add_to(*cmd);
    cmd->add_option("--experiment", args->experiment,
                    "run a named experiment instead of --agents: mcts-vs-random (MCTS with 5..100 iterations "
                    "against random)");
    cmd->add_option("--experiment-agent", args->experiment_agent,
                    "the experiment's agent family, {} marking the value (default mcts:iterations={})");
    cmd->add_option("--experiment-values", args->experiment_values,
                    "the experiment's values: FIRST:LAST:STEP or a list (default 5:100:5)");
    cmd->footer(
        "Examples:\n"
        "  mancala arena --agents random greedy alphabeta:depth=4 --games 100 --out results/\n"
        "  mancala arena --gauntlet --agents alphabeta:depth=6 random greedy --openings-plies 4\n"
        "  mancala arena --rules relay:extra-turn=no --pits 4 --seeds 3 --agents greedy random\n"
        "  mancala arena --experiment mcts-vs-random --out mcts/\n"
        "  mancala arena --agents engine:time=200ms engine:time=50ms --openings book.txt --games 400\n"
        "  mancala arena --agents engine engine:heuristic=store-diff --time-control 10+0.1 --openings-plies 4\n"
        "Ctrl-C stops after the games in progress; with a journal (--out or --resume), the same command resumes.\n"
        "Exit codes: 0 success, 2 bad input, 130 interrupted, 1 any other failure.");
    cmd->callback([args, cmd] {
        ArenaArgs given = *args;
        given.games_given = cmd->count("--games") > 0;
        run(std::move(given));
    });
}

}  // namespace mancala::cli
