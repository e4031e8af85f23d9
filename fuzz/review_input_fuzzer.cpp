// What `mancala review` reads from outside: a games.csv (arena/games_csv.*) and the
// move list of one of its rows (review/game_moves.*). The input is a games.csv whose
// game 0 is reviewed: its row, its rules string, its opening and its moves are all
// the fuzzer's. Every refusal is one line of std::invalid_argument; an accepted move
// list replays move by move and writes back to the same moves.

#include "arena/games_csv.hpp"
#include "core/notation.hpp"
#include "core/rules_string.hpp"
#include "fuzz_support.hpp"
#include "review/game_moves.hpp"

#include <stdexcept>

using namespace mancala;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view csv = fuzz::as_text(data, size);
    arena::GamesCsvRow row;
    try {
        row = arena::read_games_csv_row(csv, 0);
    } catch (const std::invalid_argument& e) {
        fuzz::require(fuzz::one_line(e.what()), "a games.csv refusal is one line", e.what());
        return 0;
    }
    try {
        const Position opening = parse_position(row.opening_position);
        const Rules rules = parse_rules(row.rules, opening.pits(), 4);
        const review::GameMoves game = review::parse_game_moves(rules, opening, row.moves);
        fuzz::require(game.moves.size() <= review::kMaxReviewMoves, "at most kMaxReviewMoves moves");
        const review::GameMoves again = review::parse_game_moves(rules, opening, review::format_game_moves(game));
        fuzz::require(again.moves == game.moves, "moves written back read the same");
    } catch (const std::invalid_argument& e) {
        fuzz::require(fuzz::one_line(e.what()), "a refusal of a row is one line", e.what());
    }
    return 0;
}
