#include "agents/perfect_agent.hpp"

#include "agents/database_moves.hpp"
#include "agents/endgame_link.hpp"
#include "agents/engine_agent.hpp"
#include "search/engine.hpp"
#include "search/score_units.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::agents {

namespace {

std::string result_words(int margin) { return search::format_score(margin * search::kPointsPerStone, true); }

class PerfectAgent final : public Agent {
public:
    PerfectAgent(std::string spec, search::EngineSettings settings, std::chrono::milliseconds time,
                 EndgameLink endgame)
        : spec_(std::move(spec)), engine_(settings), time_(time), endgame_(std::move(endgame)) {}

    std::string spec() const override { return spec_; }

    Decision choose(const Rules& rules, const Position& position, const MoveBudget& budget) override {
        require_perfect_play(rules);
        use_rules(rules);
        if (!kalah_shaped(rules)) return choose_cyclic(rules, position, budget);
        const search::SearchReport r = engine_.search(rules, position, limits(budget));
        const std::string summary =
            r.proven
                ? fmt::format("proven: {} ({} nodes)", search::format_score(r.score, true), r.nodes)
                : fmt::format("not proven in time: {} at depth {}", search::format_score(r.score, false), r.depth);
        return Decision{r.best_move, r.stones(), r.proven, summary};
    }

    std::vector<MoveScore> analyze(const Rules& rules, const Position& position,
                                   const MoveBudget& budget) override {
        require_perfect_play(rules);
        use_rules(rules);
        if (!kalah_shaped(rules)) {
            if (const std::vector<DatabaseMove> moves = moves_from_database(rules, position); !moves.empty()) {
                std::vector<MoveScore> scores;
                for (const DatabaseMove& m : moves)
                    scores.push_back(MoveScore{m.move, static_cast<double>(m.margin), m.exact, {m.move}});
                return scores;
            }
            // Above the database the engine's values rest on the database's at its leaves
            // and on its own repetition rule: estimates, whatever it says.
            std::vector<MoveScore> scores =
                move_scores(engine_.search(rules, position, limits(budget), search::SearchMode::every_move()));
            for (MoveScore& s : scores) s.exact = false;
            return scores;
        }
        return move_scores(engine_.search(rules, position, limits(budget), search::SearchMode::every_move()));
    }

    void new_game() override { engine_.new_game(); }

    void prepare(const Rules& rules) override {
        require_perfect_play(rules);
        use_rules(rules);
    }

private:
    search::SearchLimits limits(const MoveBudget& budget) const {
        search::SearchLimits limits;  // no depth limit: search until the value is proven
        limits.move_time = time_;
        limits.deadline = budget.deadline;
        limits.stop = budget.stop;
        return limits;
    }

    // A proof finishes sooner on the store difference; a game whose positions repeat has
    // no proof above its database, so there the engine plays on its strongest evaluation.
    void use_rules(const Rules& rules) {
        search::EngineSettings settings = engine_.settings();
        settings.heuristic = kalah_shaped(rules) ? search::Heuristic::StoreDiff : search::Heuristic::Learned;
        if (settings.heuristic != engine_.settings().heuristic) engine_.configure(settings);
        endgame_.attach(engine_, rules);
    }

    std::vector<DatabaseMove> moves_from_database(const Rules& rules, const Position& position) const {
        const search::EndgameOracle* db = endgame_.database();
        return db ? database_moves(rules, position, *db) : std::vector<DatabaseMove>{};
    }

    Decision choose_cyclic(const Rules& rules, const Position& position, const MoveBudget& budget) {
        const std::vector<DatabaseMove> moves = moves_from_database(rules, position);
        if (!moves.empty()) {
            const DatabaseMove& best = best_database_move(moves);
            if (database_move_proven(moves, best))
                return Decision{best.move, static_cast<double>(best.margin), true,
                                fmt::format("proven by the database: {} ({} seeds in the pits)",
                                            result_words(best.margin), position.stones_in_pits())};
            // Under a majority rule the database plays every seed out: its win, draw or
            // loss is the game's, its margin may not be (database_moves).
            const int result = (best.margin > 0) - (best.margin < 0);
            return Decision{
                best.move, static_cast<double>(best.margin), false,
                fmt::format("not proven: {} by the database with every seed played out (the {} is "
                            "exact; a majority of the seeds ends the game sooner, at another margin)",
                            result_words(best.margin), result > 0 ? "win" : (result < 0 ? "loss" : "draw"))};
        }
        const search::SearchReport r = engine_.search(rules, position, limits(budget));
        const search::EndgameOracle* db = endgame_.database();
        const std::string held = db && db->covers(rules)
                                     ? fmt::format("the database holds up to {}", db->max_stones())
                                     : std::string("no database");
        return Decision{
            r.best_move, r.stones(), false,
            fmt::format("not proven: the engine's {} at depth {} ({} seeds in the pits, {})",
                        search::format_score(r.score, false), r.depth, position.stones_in_pits(), held)};
    }

    std::string spec_;
    search::Engine engine_;
    std::chrono::milliseconds time_;
    EndgameLink endgame_;
};

}  // namespace

void require_perfect_play(const Rules& rules) {
    if (!perfect_plays(rules))
        throw std::invalid_argument(fmt::format(
            "perfect plays the games its proofs and endgame databases hold: the Kalah-shaped ones (kalah, "
            "homework, relay and their refinements) and oware, awari, bohnenspiel and vai-lung-thlan; {} is not "
            "one: play it with "
            "engine",
            preset_name(rules) == "custom" ? "this game" : preset_name(rules)));
}

std::unique_ptr<Agent> make_perfect_agent(AgentOptions& options, const AgentContext& context) {
    const auto time = options.get_duration("time").value_or(std::chrono::seconds(30));
    search::EngineSettings settings;
    settings.heuristic = search::Heuristic::StoreDiff;
    settings.hash_mb = static_cast<std::size_t>(options.get_int("hash", 64, 1, 65536));
    settings.threads = options.get_int("threads", 1, 1, 256);
    // The spec's db= (typed by a user) before the host's folder, else a database of its own.
    EndgameLink endgame = EndgameLink::from_options(options, context, "perfect", settings.threads);
    options.finish();
    return std::make_unique<PerfectAgent>(options.canonical(), settings, time, std::move(endgame));
}

}  // namespace mancala::agents
