#pragma once
// Experiments: one agent family with a parameter swept over values, each setting
// against a fixed opponent, as a gauntlet with the opponent first. The classic
// one is MCTS with 5, 10, ..., 100 iterations per move against random play.

#include "arena/standings.hpp"
#include "arena/tournament.hpp"
#include "arena/wilson_interval.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::arena {

struct Experiment {
    std::string name;            ///< also names the output files, e.g. mcts_vs_random.csv
    std::string agent_template;  ///< a spec with "{}" where the value goes, e.g. "mcts:iterations={}"
    std::string parameter;       ///< what the values are, for tables and plots
    std::vector<int> values;
    std::string opponent;  ///< the fixed opponent's spec
};

/// The names make_experiment knows.
std::vector<std::string_view> experiment_names();

/// The experiment called `name`; throws std::invalid_argument naming the known ones.
Experiment make_experiment(std::string_view name);

/// Replaces the agent family: `agent_template` must hold "{}" once. The parameter
/// is named after the option it fills (e.g. "depth" for "alphabeta:depth={}"), the
/// experiment after the agents it compares (e.g. "alphabeta-vs-random").
void set_agent_template(Experiment& experiment, std::string agent_template);

/// "5:100:5" (first:last:step) or "1,2,4,8"; throws std::invalid_argument.
std::vector<int> parse_values(std::string_view text);

std::string agent_spec(const Experiment& experiment, int value);

/// The gauntlet that runs the experiment: `base` (rules, games, seed, ...) with the
/// opponent first and one agent per value after it.
TournamentConfig experiment_config(const Experiment& experiment, TournamentConfig base);

struct ExperimentRow {
    int value = 0;
    std::string agent;
    Tally tally;        ///< the setting's results against the opponent
    Interval win_rate;  ///< 95% Wilson interval of wins / games
};

std::vector<ExperimentRow> experiment_rows(const Experiment& experiment, const TournamentResult& result);

std::string format_experiment_text(const Experiment& experiment, const TournamentResult& result,
                                   const std::vector<ExperimentRow>& rows);
std::string experiment_csv(const Experiment& experiment, const std::vector<ExperimentRow>& rows);
std::string experiment_svg(const Experiment& experiment, const TournamentResult& result,
                           const std::vector<ExperimentRow>& rows);

/// Writes NAME.csv and NAME.svg (dashes in the name become underscores) and
/// games.csv into `dir`, atomically; returns the file names.
std::vector<std::string> write_experiment_files(const std::filesystem::path& dir, const Experiment& experiment,
                                                const TournamentResult& result,
                                                const std::vector<ExperimentRow>& rows);

}  // namespace mancala::arena
