#include "agents/engine_agent.hpp"

#include "agents/endgame_link.hpp"
#include "agents/trap_choice.hpp"
#include "book/book_file.hpp"
#include "search/engine.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::agents {

namespace {

class EngineAgent final : public Agent {
public:
    EngineAgent(std::string spec, search::EngineSettings settings, search::SearchLimits limits, EndgameLink endgame,
                bool traps, std::shared_ptr<const book::Book> book, std::string book_path)
        : spec_(std::move(spec)),
          engine_(settings),
          limits_(limits),
          endgame_(std::move(endgame)),
          traps_(traps),
          book_(std::move(book)),
          book_path_(std::move(book_path)) {}

    std::string spec() const override { return spec_; }

    Decision choose(const Rules& rules, const Position& position, const MoveBudget& budget) override {
        if (book_) {
            book::require_rules(*book_, rules, book_path_);
            if (const book::BookEntry* e = book_->find(position)) return book_decision(*e);
        }
        const auto start = Clock::now();
        endgame_.attach(engine_, rules);
        const search::SearchReport r = engine_.search(rules, position, limits(budget));
        Decision decision{r.best_move, r.stones(), r.proven, summary(r)};
        // A drawn or lost game proven early: the rest of the move's time goes to
        // choosing, among the moves that keep the value, the one richest in traps.
        if (traps_ && r.proven && limits_.move_time && !budget.clock) {
            auto deadline = start + *limits_.move_time * 9 / 10;
            if (budget.deadline && *budget.deadline < deadline) deadline = *budget.deadline;
            const int value = r.score / search::kPointsPerStone;
            if (const std::optional<TrapMove> t =
                    choose_trap(engine_, rules, position, value, r.best_move, deadline, budget.stop)) {
                decision.move = t->move;
                decision.summary += fmt::format(", {} of {} replies lose", t->traps, t->replies);
            }
        }
        return decision;
    }

    std::vector<MoveScore> analyze(const Rules& rules, const Position& position,
                                   const MoveBudget& budget) override {
        endgame_.attach(engine_, rules);
        return move_scores(engine_.search(rules, position, limits(budget), search::SearchMode::every_move()));
    }

    void new_game() override { engine_.new_game(); }

    void prepare(const Rules& rules) override {
        if (book_) book::require_rules(*book_, rules, book_path_);
        endgame_.attach(engine_, rules);
    }

private:
    search::SearchLimits limits(const MoveBudget& budget) const {
        search::SearchLimits limits = limits_;
        limits.deadline = budget.deadline;
        limits.stop = budget.stop;
        if (budget.clock) {  // on a clock the engine plans its own time; `time=` is set aside
            limits.clock = budget.clock;
            limits.move_time.reset();
        }
        return limits;
    }

    static std::string summary(const search::SearchReport& r) {
        return fmt::format("depth {}, {} nodes, {:.2f}M nodes/s, {}", r.depth, r.nodes,
                           static_cast<double>(r.nodes_per_second()) / 1e6,
                           search::format_score(r.score, r.proven));
    }

    // The book's move, played at once: its value is exact only where the book proved it.
    static Decision book_decision(const book::BookEntry& e) {
        std::string how = e.how == book::Source::journal ? "a proof journal's move"
                          : e.time_ms > 0 ? fmt::format("a {} ms search's move, depth {}", e.time_ms, e.depth)
                                          : fmt::format("a depth {} search's move", e.depth);
        return Decision{e.move, e.value, e.bound == book::Bound::exact,
                        fmt::format("book: {}, {} {:+g}", how, book::to_string(e.bound), e.value)};
    }

    std::string spec_;
    search::Engine engine_;
    search::SearchLimits limits_;
    EndgameLink endgame_;
    bool traps_;
    std::shared_ptr<const book::Book> book_;  ///< read once, when the agent is made; null: none
    std::string book_path_;
};

}  // namespace

std::vector<MoveScore> move_scores(const search::SearchReport& report) {
    std::vector<MoveScore> scores;
    for (const search::MoveAnalysis& m : report.moves)
        scores.push_back(MoveScore{m.move, m.stones(), m.proven, m.pv});
    return scores;
}

std::unique_ptr<Agent> make_engine_agent(AgentOptions& options, const AgentContext& context) {
    search::SearchLimits limits;
    limits.move_time = options.get_duration("time");
    if (const int depth = options.get_int("depth", 0, 1, search::kMaxDepth); depth > 0) limits.depth = depth;
    limits.nodes = options.get_count("nodes");
    search::EngineSettings settings;
    settings.threads = options.get_int("threads", 1, 1, 256);
    settings.hash_mb = static_cast<std::size_t>(options.get_int("hash", 32, 1, 65536));
    // The default is the strongest heuristic measured in the arena (docs/PERFORMANCE.md, "The
    // learned evaluation"): the game's network, which is fitted where none was trained.
    settings.heuristic = search::heuristic_by_name(options.get_string("heuristic", "learned"));
    // A network file of bench/train_eval.py, to try one without building it in.
    if (const std::string network = options.get_string("network", ""); !network.empty()) {
        if (settings.heuristic != search::Heuristic::Learned)
            throw std::invalid_argument("agent 'engine': network= needs heuristic=learned");
        settings.network = search::read_learned_network(network);
    }
    // Exact values at the leaves from the spec's db= (typed by a user), else the host's
    // folder, else a database of its own built in memory, which makes it stronger
    // (docs/CLI.md, "The engine's own endgame database").
    EndgameLink endgame = EndgameLink::from_options(options, context, "engine", settings.threads);
    // An opening book (mancala book build), read and checked once, here: a bad file is
    // refused when the agent is made, naming it, not in the middle of a game.
    const std::string book_path = options.get_string("book", "");
    std::shared_ptr<const book::Book> book;
    if (!book_path.empty()) {
        try {
            book = std::make_shared<const book::Book>(book::read_book(book_path));
        } catch (const std::exception& e) {
            throw std::invalid_argument(fmt::format("agent 'engine': {}", e.what()));
        }
    }
    const std::string traps = options.get_string("traps", "yes");
    if (traps != "yes" && traps != "no")
        throw std::invalid_argument(fmt::format("agent 'engine': traps={} is neither yes nor no", traps));
    options.finish();
    // With no limit at all the engine would search until it solves the game: default to a second a move.
    if (!limits.move_time && !limits.depth && !limits.nodes) limits.move_time = std::chrono::seconds(1);
    return std::make_unique<EngineAgent>(options.canonical(), settings, limits, std::move(endgame), traps == "yes",
                                         std::move(book), book_path);
}

}  // namespace mancala::agents
