#include "arena/tournament.hpp"

#include "arena/journal.hpp"
#include "arena/match.hpp"
#include "arena/openings.hpp"
#include "arena/seed.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>

namespace mancala::arena {

namespace {

TournamentPlan plan_from(const TournamentConfig& config, const AgentLineup& lineup) {
    TournamentPlan plan;
    plan.config = config;
    plan.labels = lineup.labels();
    plan.pairings = make_pairings(config.format, lineup.size());
    const int needed = openings_needed(config.games_per_pairing);
    plan.openings = config.book.empty() ? make_openings(config.rules, needed, config.opening_plies, config.seed,
                                                        config.balanced_within)
                                        : std::vector<Position>(config.book.begin(), config.book.begin() + needed);
    plan.schedule = make_schedule(plan.pairings, config.games_per_pairing);
    return plan;
}

}  // namespace

TournamentPlan make_plan(const TournamentConfig& config, const agents::AgentContext& context,
                         const AgentMaker& maker) {
    validate(config);
    return plan_from(config, AgentLineup(config.agents, maker, context));
}

GameRecord play_scheduled_game(const TournamentPlan& plan, const AgentLineup& lineup, const ScheduledGame& game,
                               agents::KeptAgents* kept) {
    GameRecord record{game.game, game.opening, game.south, game.north, {}};
    const Position& opening = plan.openings[static_cast<std::size_t>(game.opening)];
    const auto index = static_cast<std::uint64_t>(game.game);
    std::shared_ptr<agents::Agent> players[2];
    for (Side side : {Side::South, Side::North}) {
        const int agent = side == Side::South ? game.south : game.north;
        const auto stream = side == Side::South ? SeedStream::SouthAgent : SeedStream::NorthAgent;
        const auto build = [&] { return lineup.build(agent, derive_seed(plan.config.seed, stream, index)); };
        try {
            // Kept by the lineup's number, not its spec: "A" against "A #2" are two programs.
            players[index_of(side)] = kept ? kept->for_game(std::to_string(agent), std::to_string(game.game), build)
                                           : std::shared_ptr<agents::Agent>(build());
        } catch (const std::exception& e) {
            record.outcome = forfeit(opening, 0, side, fmt::format("the agent could not be built: {}", e.what()));
            return record;
        }
    }
    MatchLimits limits;
    limits.move_time_limit = plan.config.move_time_limit;
    limits.time_control = plan.config.time_control;
    record.outcome = play_match(plan.config.rules, opening, *players[0], *players[1], limits);
    return record;
}

TournamentResult run_tournament(const TournamentConfig& config, const RunOptions& options) {
    validate(config);
    const AgentLineup lineup(config.agents, options.maker, options.context);
    TournamentResult result;
    result.plan = plan_from(config, lineup);
    const TournamentPlan& plan = result.plan;
    const int total = static_cast<int>(plan.schedule.size());

    std::optional<Journal> journal;
    if (options.journal) journal.emplace(*options.journal, to_json(config), plan.schedule, options.fresh_journal);

    std::vector<bool> done(plan.schedule.size());
    if (journal) {
        result.games = journal->finished();
        for (const GameRecord& r : result.games) done[static_cast<std::size_t>(r.game)] = true;
    }
    result.resumed = static_cast<int>(result.games.size());
    std::vector<ScheduledGame> pending;
    for (const ScheduledGame& game : plan.schedule)
        if (!done[static_cast<std::size_t>(game.game)]) pending.push_back(game);

    if (options.on_start) options.on_start(result.resumed, total);

    // The pool: each worker takes the next pending game until none is left, a stop
    // is requested, or a worker fails (the journal cannot be written).
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex mutex;  // guards result.games, the journal, the callback and `failure`
    auto stop_requested = [&] { return failed.load() || (options.stop != nullptr && options.stop->load()); };
    auto work = [&] {
        agents::KeptAgents kept;  // this worker's programs, started once (AgentLineup)
        for (std::size_t i; !stop_requested() && (i = next++) < pending.size();) {
            try {
                GameRecord record = play_scheduled_game(plan, lineup, pending[i], &kept);
                std::lock_guard lock(mutex);
                if (journal) journal->append(record);
                result.games.push_back(std::move(record));
                if (options.on_game)
                    options.on_game(result.games.back(), static_cast<int>(result.games.size()), total);
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure) failure = std::current_exception();
                failed = true;
            }
        }
    };
    const int workers = std::clamp(options.jobs, 1, std::max(1, static_cast<int>(pending.size())));
    if (workers == 1) {
        work();
    } else {
        std::vector<std::jthread> pool;
        for (int w = 0; w < workers; ++w) pool.emplace_back(work);
    }
    if (failure) std::rethrow_exception(failure);

    std::sort(result.games.begin(), result.games.end(),
              [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
    return result;
}

}  // namespace mancala::arena
