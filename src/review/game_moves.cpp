#include "review/game_moves.hpp"

#include "core/pit_names.hpp"
#include "play/game_session.hpp"
#include "play/move_input.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::review {

namespace {

std::vector<std::string_view> split_moves(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    auto separator = [](char c) { return c == ' ' || c == ',' || c == '\n' || c == '\r' || c == '\t'; };
    while (i < text.size()) {
        while (i < text.size() && separator(text[i])) ++i;
        std::size_t end = i;
        while (end < text.size() && !separator(text[end])) ++end;
        if (end > i) {
            if (words.size() == kMaxReviewMoves)
                throw std::invalid_argument(
                    fmt::format("more than {} moves: a game to review is at most that long", kMaxReviewMoves));
            words.push_back(text.substr(i, end - i));
        }
        i = end;
    }
    return words;
}

std::string quoted(std::string_view word) {
    constexpr std::size_t kShown = 12;
    return word.size() <= kShown ? std::string(word) : std::string(word.substr(0, kShown)) + "...";
}

}  // namespace

GameMoves parse_game_moves(const Rules& rules, const Position& start, std::string_view text) {
    GameMoves game{rules, start, {}};
    play::GameSession session(rules, start);
    int number = 0;
    for (std::string_view word : split_moves(text)) {
        ++number;
        try {
            if (session.is_over()) throw std::invalid_argument("the game is already over");
            const int pit = play::parse_move(rules, session.to_move(), word);
            session.play(pit);
            game.moves.push_back(pit);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(fmt::format("move {} ({}): {}", number, quoted(word), e.what()));
        }
    }
    return game;
}

std::string format_game_moves(const GameMoves& game) {
    std::string text;
    Position p = game.start;
    for (int pit : game.moves) {
        if (!text.empty()) text += ' ';
        text += pit_name(game.rules, p.to_move(), pit);
        p.apply(game.rules, pit);
    }
    return text;
}

}  // namespace mancala::review
