#include "agents/perfect_agent.hpp"

#include "agents/endgame_link.hpp"
#include "agents/engine_agent.hpp"
#include "search/engine.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::agents {

namespace {

// Perfect play rests on proofs and endgame databases, which hold Kalah-shaped games only:
// in a game whose positions repeat a search never proves a value.
void require_proofs(const Rules& rules) {
    if (!kalah_shaped(rules))
        throw std::invalid_argument(fmt::format(
            "perfect plays Kalah-shaped games only (kalah, homework, relay and their refinements), by proofs and "
            "endgame databases; {} is not one: play it with engine",
            preset_name(rules) == "custom" ? "this game" : preset_name(rules)));
}

class PerfectAgent final : public Agent {
public:
    PerfectAgent(std::string spec, search::EngineSettings settings, std::chrono::milliseconds time,
                 EndgameLink endgame)
        : spec_(std::move(spec)), engine_(settings), time_(time), endgame_(std::move(endgame)) {}

    std::string spec() const override { return spec_; }

    Decision choose(const Rules& rules, const Position& position, const MoveBudget& budget) override {
        require_proofs(rules);
        endgame_.attach(engine_, rules);
        search::SearchLimits limits;  // no depth limit: search until the value is proven
        limits.move_time = time_;
        limits.deadline = budget.deadline;
        limits.stop = budget.stop;
        const search::SearchReport r = engine_.search(rules, position, limits);
        const std::string summary =
            r.proven
                ? fmt::format("proven: {} ({} nodes)", search::format_score(r.score, true), r.nodes)
                : fmt::format("not proven in time: {} at depth {}", search::format_score(r.score, false), r.depth);
        return Decision{r.best_move, r.stones(), r.proven, summary};
    }

    std::vector<MoveScore> analyze(const Rules& rules, const Position& position,
                                   const MoveBudget& budget) override {
        require_proofs(rules);
        endgame_.attach(engine_, rules);
        search::SearchLimits limits;
        limits.move_time = time_;
        limits.deadline = budget.deadline;
        limits.stop = budget.stop;
        return move_scores(engine_.search(rules, position, limits, search::SearchMode::every_move()));
    }

    void new_game() override { engine_.new_game(); }

    void prepare(const Rules& rules) override {
        require_proofs(rules);
        endgame_.attach(engine_, rules);
    }

private:
    std::string spec_;
    search::Engine engine_;
    std::chrono::milliseconds time_;
    EndgameLink endgame_;
};

}  // namespace

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
