#include "play/game_session.hpp"

#include "core/pit_names.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::play {

std::optional<Side> Score::leader() const {
    if (south == north) return std::nullopt;
    return south > north ? Side::South : Side::North;
}

GameSession::GameSession(const Rules& rules, Side first) : rules_(rules), start_(Position::start(rules)) {
    start_.set_to_move(first);
    position_ = start_;
}

GameSession::GameSession(const Rules& rules, const Position& start)
    : rules_(rules), start_(start), position_(start) {
    validate(rules);
    if (start.pits() != rules.pits)
        throw std::invalid_argument(
            fmt::format("the position has {} pits a side but the rules have {}", start.pits(), rules.pits));
    if (!is_over() && start.legal_moves(rules).empty())
        throw std::invalid_argument(fmt::format("{} is to move but has no stones to sow; give {} to move instead",
                                                to_string(start.to_move()), to_string(opponent(start.to_move()))));
}

MoveList GameSession::legal_moves() const { return is_over() ? MoveList{} : position_.legal_moves(rules_); }

const PlayedMove& GameSession::play(int pit) {
    if (is_over()) throw std::invalid_argument("the game is over");
    const int n = rules_.pits;
    const Side side = to_move();
    if (pit < 0 || pit >= n)
        throw std::invalid_argument(fmt::format("{} has pits 0 to {}, not {}", to_string(side), n - 1, pit));
    if (!position_.is_legal(rules_, pit))
        throw std::invalid_argument(position_.pit(side, pit) == 0
                                        ? fmt::format("{} is empty", pit_name(rules_, side, pit))
                                        : fmt::format("{} is not a legal move: {}", pit_name(rules_, side, pit),
                                                      rules_.must_feed
                                                          ? "you must give your opponent stones"
                                                          : "it would capture all your opponent's stones"));
    PlayedMove move{side, pit, position_, position_, {}};
    move.result = move.after.apply(rules_, pit);
    position_ = move.after;
    history_.push_back(move);
    repeated_ = rules_.repetition && !move.result.game_over && position_seen_before();
    return history_.back();
}

bool GameSession::position_seen_before() const {
    // Every earlier position: the start and each move's position before it was played
    // (the last one's `before` included). A capture changes the stores, so positions on
    // either side of one never match.
    if (start_ == position_) return true;
    for (const PlayedMove& m : history_)
        if (m.before == position_) return true;
    return false;
}

int GameSession::undo_turn(Side side) {
    auto first = history_.end();
    for (auto it = history_.begin(); it != history_.end(); ++it) {
        // A move of `side` starts a turn unless it follows that side's own extra turn.
        const bool continues_turn =
            it != history_.begin() && std::prev(it)->side == side && std::prev(it)->result.extra_turn;
        if (it->side == side && !continues_turn) first = it;
    }
    if (first == history_.end()) return 0;
    const auto taken_back = static_cast<int>(history_.end() - first);
    position_ = first->before;
    history_.erase(first, history_.end());
    repeated_ = false;  // a repeated position ends the game, so none came before the last
    return taken_back;
}

bool GameSession::undo_move() {
    if (history_.empty()) return false;
    position_ = history_.back().before;
    history_.pop_back();
    repeated_ = false;  // as in undo_turn: the position before the last move was not a repetition
    return true;
}

Score GameSession::score() const {
    Position counted = position_;
    if (is_over()) counted.sweep_rows();  // a no-op unless the game began over
    return Score{counted.store(Side::South), counted.store(Side::North)};
}

}  // namespace mancala::play
