#include "play/move_description.hpp"

#include "core/pit_names.hpp"

#include <fmt/format.h>

namespace mancala::play {

namespace {

std::string plural(int count, std::string_view word) {
    return fmt::format("{} {}{}", count, word, count == 1 ? "" : "s");
}

}  // namespace

std::string_view side_title(Side side) { return side == Side::South ? "South" : "North"; }

std::string cell_name(int pits, int cell) {
    if (cell < pits) return pit_name(pits, Side::South, cell);
    if (cell == pits) return store_name(pits, Side::South);
    if (cell < 2 * pits + 1) return pit_name(pits, Side::North, cell - pits - 1);
    return store_name(pits, Side::North);
}

std::string sowing_path(const PlayedMove& move) {
    const int n = move.before.pits();
    const int stones = move.before.pit(move.side, move.pit);
    std::string path = fmt::format("{} from {}", plural(stones, "stone"), pit_name(n, move.side, move.pit));
    if (move.result.relays > 0)
        path += fmt::format(", relayed {}", plural(static_cast<int>(move.result.relays), "time"));
    const int last = move.result.last_cell;
    const bool into_store = last == move.before.store_cell(move.side);
    return path + fmt::format(", the last into {}{}", into_store ? "the store " : "", cell_name(n, last));
}

std::string describe_move(const PlayedMove& move) {
    const int n = move.before.pits();
    const Side mover = move.side;
    const MoveResult& r = move.result;
    std::string text =
        fmt::format("{} played {}: {}.", side_title(mover), pit_name(n, mover, move.pit), sowing_path(move));
    if (r.capture) {
        const int last = r.last_cell;
        const int from_opposite = r.captured - 1;
        text +=
            fmt::format(" {} captures {}: the last stone in {} and {} from {}.", side_title(mover),
                        plural(r.captured, "stone"), cell_name(n, last), from_opposite, cell_name(n, 2 * n - last));
    }
    if (r.game_over) return text + " Game over.";
    if (!r.passed) {
        if (r.extra_turn) text += fmt::format(" Extra turn: {} moves again.", side_title(mover));
        return text;
    }
    // The side due to move (the mover after an extra turn, else the opponent) has
    // no stones and passes, so the other side moves.
    const Side next = move.after.to_move();
    text += fmt::format(" {}{} has no stones and passes: {} moves{}.", r.extra_turn ? "Extra turn, but " : "",
                        r.extra_turn ? to_string(opponent(next)) : side_title(opponent(next)), side_title(next),
                        next == mover ? " again" : "");
    return text;
}

}  // namespace mancala::play
