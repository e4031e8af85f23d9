#include "arena/match.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <optional>
#include <string>

namespace mancala::arena {

namespace {

// Reasons go into one-line logs and CSV cells.
std::string one_line(std::string text) {
    std::replace_if(
        text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    return text;
}

std::string format_duration(std::chrono::nanoseconds time) {
    const double ms = std::chrono::duration<double, std::milli>(time).count();
    return ms < 1000.0 ? fmt::format("{:.0f} ms", ms) : fmt::format("{:.3g} s", ms / 1000.0);
}

GameOutcome finished(const Position& position, int plies, std::string reason = {}) {
    GameOutcome outcome;
    outcome.south_store = position.store(Side::South);
    outcome.north_store = position.store(Side::North);
    outcome.plies = plies;
    outcome.south_margin = outcome.south_store - outcome.north_store;
    outcome.winner = outcome.south_margin > 0   ? Winner::South
                     : outcome.south_margin < 0 ? Winner::North
                                                : Winner::Draw;
    outcome.reason = std::move(reason);
    return outcome;
}

/// Runs an agent's call; the reason it failed, if it did (AgentFailure's message as it is).
template <class F>
std::optional<std::string> failure_of(F&& call) {
    try {
        call();
        return std::nullopt;
    } catch (const agents::AgentFailure& e) {
        return e.what();
    } catch (const std::exception& e) {
        return fmt::format("the agent threw an exception: {}", e.what());
    } catch (...) {
        return "the agent threw an unknown exception";
    }
}

}  // namespace

GameOutcome forfeit(const Position& position, int plies, Side offender, std::string reason) {
    GameOutcome outcome;
    outcome.south_store = position.store(Side::South);
    outcome.north_store = position.store(Side::North);
    outcome.plies = plies;
    outcome.winner = offender == Side::South ? Winner::North : Winner::South;
    outcome.south_margin = offender == Side::South ? -position.total_stones() : position.total_stones();
    outcome.forfeited_by = offender;
    outcome.reason = one_line(std::move(reason));
    return outcome;
}

GameOutcome play_match(const Rules& rules, const Position& opening, agents::Agent& south, agents::Agent& north,
                       const MatchLimits& limits) {
    using std::chrono::milliseconds;
    const auto limit = std::chrono::duration_cast<agents::Clock::duration>(limits.move_time_limit);
    const auto allowed = limit + limit / 20;
    // On a clock: what each side has left (South, North).
    agents::Clock::duration clocks[2] = {};
    if (limits.time_control) clocks[0] = clocks[1] = limits.time_control->base;
    Position position = opening;
    int plies = 0;
    std::vector<int> moves;  // kept in the outcome however the game ends
    ThinkTime think;
    auto ended = [&moves, &think](GameOutcome outcome) {
        outcome.moves = std::move(moves);
        outcome.think = think;
        return outcome;
    };
    // Both sides get ready before a clock runs (the engine builds its endgame database).
    for (const Side side : {Side::South, Side::North})
        if (auto failure = failure_of([&] { (side == Side::South ? south : north).prepare(rules); }))
            return ended(forfeit(position, plies, side, std::move(*failure)));
    // Games whose rules end on a repeated position keep every position seen (a capture
    // changes the stores, so positions on either side of one never match).
    std::vector<Position> seen;
    if (rules.repetition) seen.push_back(position);
    while (!position.is_terminal(rules)) {
        if (plies >= limits.max_plies) {
            position.sweep_rows();
            return ended(finished(position, plies,
                                  fmt::format("no result after {} plies: rows swept, stores decide", plies)));
        }
        const Side mover = position.to_move();
        agents::Agent& agent = mover == Side::South ? south : north;
        agents::Clock::duration& clock = clocks[mover == Side::South ? 0 : 1];
        const auto start = agents::Clock::now();
        const agents::MoveBudget budget =
            limits.time_control
                ? agents::MoveBudget::on_clock(agents::GameClock{std::chrono::duration_cast<milliseconds>(clock),
                                                                 limits.time_control->increment},
                                               rules, position)
                : agents::MoveBudget{start + limit};
        agents::Decision decision;
        if (auto failure = failure_of([&] { decision = agent.choose(rules, position, budget); }))
            return ended(forfeit(position, plies, mover, std::move(*failure)));
        const auto elapsed = agents::Clock::now() - start;
        think.add(mover, std::chrono::duration<double>(elapsed).count());
        if (limits.time_control) {
            if (elapsed > clock)
                return ended(forfeit(position, plies, mover,
                                     fmt::format("lost on time: the agent took {} for a move with {} on its clock",
                                                 format_duration(elapsed), format_duration(clock))));
            clock += limits.time_control->increment - elapsed;
        } else if (elapsed > allowed) {
            return ended(forfeit(position, plies, mover,
                                 fmt::format("the agent took {} for a move, over the limit of {}",
                                             format_duration(elapsed), format_duration(limit))));
        }
        if (!position.is_legal(rules, decision.move))
            return ended(forfeit(position, plies, mover,
                                 fmt::format("the agent played an illegal move (pit index {}) in {}", decision.move,
                                             to_string(position))));
        const bool over = position.apply(rules, decision.move).game_over;
        moves.push_back(decision.move);
        ++plies;
        if (rules.repetition && !over) {
            if (std::find(seen.begin(), seen.end(), position) != seen.end()) {
                position.sweep_rows();
                return ended(finished(position, plies, "the position repeated: each side took its own row"));
            }
            seen.push_back(position);
        }
    }
    return ended(finished(position, plies));
}

}  // namespace mancala::arena
