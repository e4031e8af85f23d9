#include "arena/experiment.hpp"

#include "arena/report.hpp"
#include "arena/svg_plot.hpp"
#include "core/rules_string.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace mancala::arena {

namespace {

int parse_int(std::string_view text, std::string_view whole) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || text.empty())
        throw std::invalid_argument(
            fmt::format("bad experiment values '{}': expected FIRST:LAST:STEP or a list such as 1,2,4", whole));
    return value;
}

std::string file_stem(const Experiment& experiment) {
    std::string stem = experiment.name;
    std::replace(stem.begin(), stem.end(), '-', '_');
    return stem;
}

}  // namespace

std::vector<std::string_view> experiment_names() { return {"mcts-vs-random"}; }

Experiment make_experiment(std::string_view name) {
    if (name == "mcts-vs-random") {
        Experiment e{std::string(name), "mcts:iterations={}", "iterations", {}, "random"};
        for (int k = 5; k <= 100; k += 5) e.values.push_back(k);
        return e;
    }
    std::string known;
    for (std::string_view n : experiment_names()) known += (known.empty() ? "" : ", ") + std::string(n);
    throw std::invalid_argument(fmt::format("unknown experiment '{}' (known: {})", name, known));
}

void set_agent_template(Experiment& experiment, std::string agent_template) {
    const auto slot = agent_template.find("{}");
    if (slot == std::string::npos || agent_template.find("{}", slot + 2) != std::string::npos)
        throw std::invalid_argument(
            fmt::format("experiment agent template '{}' must contain {{}} exactly once, e.g. alphabeta:depth={{}}",
                        agent_template));
    // The option the value fills: the word between the last ':' or ',' and "={}".
    std::string parameter = "value";
    if (slot > 0 && agent_template[slot - 1] == '=') {
        const auto start = agent_template.find_last_of(":,", slot - 1);
        if (start != std::string::npos) parameter = agent_template.substr(start + 1, slot - 2 - start);
    }
    // Named after what it compares, e.g. alphabeta-vs-random, so that its files say so.
    experiment.name = agent_template.substr(0, agent_template.find(':')) + "-vs-" +
                      experiment.opponent.substr(0, experiment.opponent.find(':'));
    experiment.agent_template = std::move(agent_template);
    experiment.parameter = parameter;
}

std::vector<int> parse_values(std::string_view text) {
    std::vector<int> values;
    if (text.find(':') != std::string_view::npos) {
        const auto a = text.find(':');
        const auto b = text.find(':', a + 1);
        if (b == std::string_view::npos)
            throw std::invalid_argument(fmt::format("bad experiment values '{}': expected FIRST:LAST:STEP", text));
        const int first = parse_int(text.substr(0, a), text);
        const int last = parse_int(text.substr(a + 1, b - a - 1), text);
        const int step = parse_int(text.substr(b + 1), text);
        if (step < 1 || last < first || (last - first) / step >= 1000)
            throw std::invalid_argument(fmt::format(
                "bad experiment values '{}': need FIRST <= LAST, STEP >= 1, at most 1000 values", text));
        for (int v = first; v <= last; v += step) values.push_back(v);
    } else {
        while (!text.empty()) {
            const auto comma = text.find(',');
            values.push_back(parse_int(text.substr(0, comma), text));
            text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        }
    }
    std::vector<int> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    if (values.empty() || std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        throw std::invalid_argument("experiment values must be distinct and at least one");
    return values;
}

std::string agent_spec(const Experiment& experiment, int value) {
    std::string spec = experiment.agent_template;
    spec.replace(spec.find("{}"), 2, std::to_string(value));
    return spec;
}

TournamentConfig experiment_config(const Experiment& experiment, TournamentConfig base) {
    base.format = Format::Gauntlet;
    base.agents = {experiment.opponent};
    for (int value : experiment.values) base.agents.push_back(agent_spec(experiment, value));
    return base;
}

std::vector<ExperimentRow> experiment_rows(const Experiment& experiment, const TournamentResult& result) {
    const Standings standings = tally_games(static_cast<int>(result.plan.labels.size()), result.games);
    std::vector<ExperimentRow> rows;
    for (std::size_t i = 0; i < experiment.values.size(); ++i) {
        const Tally& t = standings.versus[i + 1][0];  // agent i + 1 against the opponent, agent 0
        rows.push_back({experiment.values[i], result.plan.labels[i + 1], t, wilson_interval(t.wins, t.games)});
    }
    return rows;
}

std::string format_experiment_text(const Experiment& experiment, const TournamentResult& result,
                                   const std::vector<ExperimentRow>& rows) {
    const TournamentConfig& c = result.plan.config;
    std::string text = fmt::format("{}: {} against {}, {} games per setting, {}({},{}), seed {}\n", experiment.name,
                                   experiment.agent_template, experiment.opponent, c.games_per_pairing,
                                   rules_string(c.rules), c.rules.pits, c.rules.seeds, c.seed);
    text += fmt::format("{} of {} games played{}\n\n", result.games.size(), result.plan.schedule.size(),
                        result.complete() ? "" : " (partial results)");
    const std::size_t width = std::max<std::size_t>(experiment.parameter.size(), 5);
    text += fmt::format("{:>{}}  {:>5}  {:>5}  {:>5}  {:>6}  {:>8}  {}\n", experiment.parameter, width, "games",
                        "wins", "draws", "losses", "win rate", "95% Wilson interval");
    for (const ExperimentRow& row : rows) {
        const Tally& t = row.tally;
        text += fmt::format("{:>{}}  {:>5}  {:>5}  {:>5}  {:>6}  {:>7.1f}%  [{:.1f}%, {:.1f}%]\n", row.value, width,
                            t.games, t.wins, t.draws, t.losses, t.games ? 100.0 * t.wins / t.games : 0.0,
                            100 * row.win_rate.low, 100 * row.win_rate.high);
    }
    return text;
}

std::string experiment_csv(const Experiment& experiment, const std::vector<ExperimentRow>& rows) {
    std::string csv = fmt::format(
        "{},agent,opponent,games,wins,draws,losses,win_rate,wilson_low,wilson_high,score_rate,average_margin\n",
        csv_field(experiment.parameter));
    for (const ExperimentRow& row : rows) {
        const Tally& t = row.tally;
        csv += fmt::format("{},{},{},{},{},{},{},{:.4f},{:.4f},{:.4f},{:.4f},{:.3f}\n", row.value,
                           csv_field(row.agent), csv_field(experiment.opponent), t.games, t.wins, t.draws, t.losses,
                           t.games ? static_cast<double>(t.wins) / t.games : 0.0, row.win_rate.low,
                           row.win_rate.high, t.score_rate(), t.average_margin());
    }
    return csv;
}

std::string experiment_svg(const Experiment& experiment, const TournamentResult& result,
                           const std::vector<ExperimentRow>& rows) {
    const TournamentConfig& c = result.plan.config;
    LineChart chart;
    chart.title = fmt::format("{} against {}: win rate", experiment.agent_template, experiment.opponent);
    chart.subtitle =
        fmt::format("{}({},{}), {} games per setting, both colours, seed {}; band: 95% Wilson interval",
                    rules_string(c.rules), c.rules.pits, c.rules.seeds, c.games_per_pairing, c.seed);
    chart.x_label = experiment.parameter;
    chart.y_label = fmt::format("games won against {}", experiment.opponent);
    chart.reference = 0.5;
    for (const ExperimentRow& row : rows) {
        if (row.tally.games == 0) continue;
        chart.points.push_back({static_cast<double>(row.value),
                                static_cast<double>(row.tally.wins) / row.tally.games, row.win_rate.low,
                                row.win_rate.high});
    }
    return render_svg(chart);
}

std::vector<std::string> write_experiment_files(const std::filesystem::path& dir, const Experiment& experiment,
                                                const TournamentResult& result,
                                                const std::vector<ExperimentRow>& rows) {
    const std::string stem = file_stem(experiment);
    write_file(dir / (stem + ".csv"), experiment_csv(experiment, rows));
    write_file(dir / (stem + ".svg"), experiment_svg(experiment, result, rows));
    write_file(dir / "games.csv", games_csv(result));
    return {stem + ".csv", stem + ".svg", "games.csv"};
}

}  // namespace mancala::arena
