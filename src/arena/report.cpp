#include "arena/report.hpp"

#include "arena/svg_plot.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "util/atomic_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mancala::arena {

namespace {

std::string signed_number(double value, int decimals) {
    if (std::abs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0;  // no "-0"
    return fmt::format("{:+.{}f}", value, decimals);
}

std::string without_trailing_spaces(std::string line) {
    line.erase(line.find_last_not_of(' ') + 1);
    return line;
}

int total_stones(const TournamentResult& result) {
    return 2 * result.plan.config.rules.pits * result.plan.config.rules.seeds;
}

std::string winner_label(const TournamentResult& result, const GameRecord& r) {
    if (r.outcome.winner == Winner::Draw) return "draw";
    return result.plan.labels[static_cast<std::size_t>(r.outcome.winner == Winner::South ? r.south : r.north)];
}

}  // namespace

std::string_view elo_method() {
    return "maximum likelihood (Bradley-Terry on the Elo scale, a draw counts half, one virtual draw per pairing "
           "as a prior), mean 0; 95% CI = 1.96 standard errors from the Fisher information";
}

TournamentReport summarize(const TournamentResult& result) {
    const int n = static_cast<int>(result.plan.labels.size());
    TournamentReport report;
    report.standings = tally_games(n, result.games);
    PairwiseResults pairwise(n);
    for (const GameRecord& r : result.games) {
        const double south_score = r.outcome.winner == Winner::South  ? 1.0
                                   : r.outcome.winner == Winner::Draw ? 0.5
                                                                      : 0.0;
        pairwise.add(r.south, r.north, south_score);
    }
    add_prior_draws(pairwise, result.plan.pairings, kPriorDrawsPerPairing);
    report.ratings = fit_elo(pairwise);
    report.ranking.resize(static_cast<std::size_t>(n));
    std::iota(report.ranking.begin(), report.ranking.end(), 0);
    std::stable_sort(report.ranking.begin(), report.ranking.end(), [&](int a, int b) {
        return report.ratings[static_cast<std::size_t>(a)].elo > report.ratings[static_cast<std::size_t>(b)].elo;
    });
    return report;
}

std::string format_text(const TournamentResult& result, const TournamentReport& report) {
    const auto& labels = result.plan.labels;
    std::size_t width = 5;
    for (const std::string& label : labels) width = std::max(width, label.size());

    std::string text = describe(result.plan.config) + "\n";
    text += fmt::format("{} of {} games played{}\n\n", result.games.size(), result.plan.schedule.size(),
                        result.complete() ? "" : " (partial results)");
    text += fmt::format("{:>4}  {:<{}}  {:>5}  {:>5}  {:>5}  {:>6}  {:>8}  {:>6}  {:>6}  {:>7}  {:>6}  {:>7}\n",
                        "rank", "agent", width, "games", "wins", "draws", "losses", "forfeits", "score", "margin",
                        "Elo", "95% CI", "ms/move");
    for (std::size_t rank = 0; rank < report.ranking.size(); ++rank) {
        const auto a = static_cast<std::size_t>(report.ranking[rank]);
        const Tally& t = report.standings.agents[a];
        const Rating& r = report.ratings[a];
        text += fmt::format(
            "{:>4}  {:<{}}  {:>5}  {:>5}  {:>5}  {:>6}  {:>8}  {:>5.1f}%  {:>6}  {:>7}  ±{:>5.0f}  {:>7.1f}\n",
            rank + 1, labels[a], width, t.games, t.wins, t.draws, t.losses, t.forfeits, 100 * t.score_rate(),
            signed_number(t.average_margin(), 1), signed_number(r.elo, 0), r.ci95, t.ms_per_move());
    }

    // Cross table, columns numbered by rank so that long specs do not widen it.
    std::vector<std::vector<std::string>> cells(report.ranking.size());
    std::size_t cell_width = 3;
    for (std::size_t row = 0; row < report.ranking.size(); ++row)
        for (std::size_t col = 0; col < report.ranking.size(); ++col) {
            const auto a = static_cast<std::size_t>(report.ranking[row]);
            const auto b = static_cast<std::size_t>(report.ranking[col]);
            const Tally& t = report.standings.versus[a][b];
            const std::string cell =
                a == b         ? "-"
                : t.games == 0 ? "."
                               : fmt::format("{:.0f}% {}-{}-{}", 100 * t.score_rate(), t.wins, t.draws, t.losses);
            cell_width = std::max(cell_width, cell.size());
            cells[row].push_back(cell);
        }
    text += "\nPairwise: the row agent's score against each column (wins-draws-losses)\n";
    std::string line = fmt::format("{:>4}  {:<{}}", "rank", "agent", width);
    for (std::size_t col = 0; col < cells.size(); ++col)
        line += fmt::format("  {:<{}}", fmt::format("#{}", col + 1), cell_width);
    text += without_trailing_spaces(line) + "\n";
    for (std::size_t row = 0; row < cells.size(); ++row) {
        line = fmt::format("{:>4}  {:<{}}", row + 1, labels[static_cast<std::size_t>(report.ranking[row])], width);
        for (const std::string& cell : cells[row]) line += fmt::format("  {:<{}}", cell, cell_width);
        text += without_trailing_spaces(line) + "\n";
    }
    text += fmt::format(
        "\nElo: {}.\nMargin: own store minus the opponent's, per game; a forfeit counts as losing by all {} "
        "stones.\n",
        elo_method(), total_stones(result));
    return text;
}

std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string results_csv(const TournamentResult& result, const TournamentReport& report) {
    std::string csv =
        "rank,agent,games,wins,draws,losses,forfeits,score,score_rate,average_margin,elo,elo_ci95,elo_low,elo_"
        "high,ms_per_move\n";
    for (std::size_t rank = 0; rank < report.ranking.size(); ++rank) {
        const auto a = static_cast<std::size_t>(report.ranking[rank]);
        const Tally& t = report.standings.agents[a];
        const Rating& r = report.ratings[a];
        csv += fmt::format("{},{},{},{},{},{},{},{},{:.4f},{:.3f},{:.1f},{:.1f},{:.1f},{:.1f},{:.2f}\n", rank + 1,
                           csv_field(result.plan.labels[a]), t.games, t.wins, t.draws, t.losses, t.forfeits,
                           t.score(), t.score_rate(), t.average_margin(), r.elo, r.ci95, r.elo - r.ci95,
                           r.elo + r.ci95, t.ms_per_move());
    }
    return csv;
}

nlohmann::json results_json(const TournamentResult& result, const TournamentReport& report) {
    const auto& labels = result.plan.labels;
    nlohmann::json agents = nlohmann::json::array();
    for (std::size_t rank = 0; rank < report.ranking.size(); ++rank) {
        const auto a = static_cast<std::size_t>(report.ranking[rank]);
        const Tally& t = report.standings.agents[a];
        const Rating& r = report.ratings[a];
        agents.push_back({{"rank", rank + 1},
                          {"agent", labels[a]},
                          {"games", t.games},
                          {"wins", t.wins},
                          {"draws", t.draws},
                          {"losses", t.losses},
                          {"forfeits", t.forfeits},
                          {"score", t.score()},
                          {"score_rate", t.score_rate()},
                          {"average_margin", t.average_margin()},
                          {"elo", r.elo},
                          {"elo_ci95", r.ci95},
                          {"ms_per_move", t.ms_per_move()}});
    }
    nlohmann::json pairwise = nlohmann::json::array();
    for (const Pairing& p : result.plan.pairings) {
        const Tally& t =
            report.standings.versus[static_cast<std::size_t>(p.first)][static_cast<std::size_t>(p.second)];
        pairwise.push_back({{"agent", labels[static_cast<std::size_t>(p.first)]},
                            {"opponent", labels[static_cast<std::size_t>(p.second)]},
                            {"games", t.games},
                            {"wins", t.wins},
                            {"draws", t.draws},
                            {"losses", t.losses},
                            {"score_rate", t.score_rate()},
                            {"average_margin", t.average_margin()}});
    }
    return {{"description", describe(result.plan.config)},
            {"config", to_json(result.plan.config)},
            {"games_scheduled", result.plan.schedule.size()},
            {"games_played", result.games.size()},
            {"complete", result.complete()},
            {"elo_method", elo_method()},
            {"forfeit_margin", fmt::format("a forfeit counts as losing by all {} stones", total_stones(result))},
            {"standings", agents},
            {"pairwise", pairwise}};
}

namespace {

// "B2 A5 ...": the moves of a game as pit names, as `mancala review` reads them.
std::string move_names(const Rules& rules, Position position, const std::vector<int>& moves) {
    std::string names;
    for (int pit : moves) {
        if (!position.is_legal(rules, pit)) break;  // a journal edited by hand: keep what replays
        if (!names.empty()) names += ' ';
        names += pit_name(rules, position.to_move(), pit);
        position.apply(rules, pit);
    }
    return names;
}

}  // namespace

std::string games_csv(const TournamentResult& result) {
    const auto& labels = result.plan.labels;
    const Rules& rules = result.plan.config.rules;
    std::string csv =
        "game,opening,opening_position,south,north,winner,winner_agent,south_store,north_store,south_margin,plies,"
        "forfeited_by,reason,rules,moves,south_ms,north_ms\n";
    for (const GameRecord& r : result.games) {
        const GameOutcome& o = r.outcome;
        const Position& opening = result.plan.openings[static_cast<std::size_t>(r.opening)];
        csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.1f},{:.1f}\n", r.game, r.opening,
                           csv_field(to_notation(opening)), csv_field(labels[static_cast<std::size_t>(r.south)]),
                           csv_field(labels[static_cast<std::size_t>(r.north)]), to_string(o.winner),
                           csv_field(winner_label(result, r)), o.south_store, o.north_store, o.south_margin,
                           o.plies, o.forfeited_by ? to_string(*o.forfeited_by) : "", csv_field(o.reason),
                           csv_field(rules_string(rules)), move_names(rules, opening, o.moves),
                           1000 * o.think.south_seconds, 1000 * o.think.north_seconds);
    }
    return csv;
}

std::string ratings_svg(const TournamentResult& result, const TournamentReport& report) {
    IntervalChart chart;
    chart.title = "Elo ratings with 95% confidence intervals";
    chart.subtitle = fmt::format("{}; {} games", describe(result.plan.config), result.games.size());
    chart.axis_label = "Elo (mean of all agents = 0)";
    chart.reference = 0.0;
    for (int a : report.ranking) {
        const Rating& r = report.ratings[static_cast<std::size_t>(a)];
        chart.rows.push_back({result.plan.labels[static_cast<std::size_t>(a)], r.elo, r.elo - r.ci95,
                              r.elo + r.ci95, fmt::format("{} ± {:.0f}", signed_number(r.elo, 0), r.ci95)});
    }
    return render_svg(chart);
}

void write_file(const std::filesystem::path& path, std::string_view text) {
    AtomicFile file(path);
    file.write(text);
    file.commit();
}

std::vector<std::string> write_report_files(const std::filesystem::path& dir, const TournamentResult& result,
                                            const TournamentReport& report) {
    write_file(dir / "results.csv", results_csv(result, report));
    write_file(dir / "results.json", results_json(result, report).dump(2) + "\n");
    write_file(dir / "games.csv", games_csv(result));
    write_file(dir / "ratings.svg", ratings_svg(result, report));
    return {"results.csv", "results.json", "games.csv", "ratings.svg"};
}

}  // namespace mancala::arena
