#include "play/move_description.hpp"

#include "core/pit_names.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <vector>

namespace mancala::play {

namespace {

std::string plural(int count, std::string_view word) {
    return fmt::format("{} {}{}", count, word, count == 1 ? "" : "s");
}

}  // namespace

std::string_view side_title(Side side) { return side == Side::South ? "South" : "North"; }

std::string cell_name(const Rules& rules, int cell) {
    const int pits = rules.pits;
    if (cell < pits) return pit_name(rules, Side::South, cell);
    if (cell == pits) return store_name(rules, Side::South);
    if (cell < 2 * pits + 1) return pit_name(rules, Side::North, cell - pits - 1);
    return store_name(rules, Side::North);
}

std::string cell_name(int pits, int cell) {
    Rules rules;
    rules.pits = pits;
    return cell_name(rules, cell);
}

std::string sowing_path(const Rules& rules, const PlayedMove& move) {
    const int stones = move.before.pit(move.side, move.pit);
    std::string path = fmt::format("{} from {}", plural(stones, "stone"), pit_name(rules, move.side, move.pit));
    if (move.result.relays > 0)
        path += fmt::format(", relayed {}", plural(static_cast<int>(move.result.relays), "time"));
    const int last = move.result.last_cell;
    const bool into_store = last == move.before.store_cell(move.side);
    const bool named_store = into_store && rules.names == PitNaming::Kalah;  // "the store B8", "South's store"
    return path + fmt::format(", the last into {}{}", named_store ? "the store " : "", cell_name(rules, last));
}

std::string describe_move(const Rules& rules, const PlayedMove& move) {
    const int n = move.before.pits();
    const Side mover = move.side;
    const MoveResult& r = move.result;
    std::string text = fmt::format("{} played {}: {}.", side_title(mover), pit_name(rules, mover, move.pit),
                                   sowing_path(rules, move));
    const int last = r.last_cell;
    // A Kalah capture takes the last pit and the one opposite it; a store has no opposite.
    const bool last_in_pit =
        last != move.before.store_cell(Side::South) && last != move.before.store_cell(Side::North);
    const std::uint64_t kalah_capture =
        last_in_pit ? (std::uint64_t{1} << last) | (std::uint64_t{1} << (2 * n - last)) : 0;
    if (r.tuzdyk) {
        text += fmt::format(" {} becomes {}'s tuzdyk: its 3 stones and every stone sown there later are {}'s.",
                            cell_name(rules, last), side_title(mover), to_string(mover));
    } else if (r.capture && r.captured_cells == kalah_capture) {
        text += fmt::format(" {} captures {}: the last stone in {} and {} from {}.", side_title(mover),
                            plural(r.captured, "stone"), cell_name(rules, last), r.captured - 1,
                            cell_name(rules, 2 * n - last));
    } else if (r.capture) {
        std::vector<std::string> names;
        for (int c = 0; c < move.before.cell_count(); ++c)
            if (r.captured_cells >> c & 1u) names.push_back(cell_name(rules, c));
        std::string list = names.back();
        if (names.size() > 1)
            list = fmt::format("{} and {}", fmt::join(names.begin(), names.end() - 1, ", "), names.back());
        text += fmt::format(" {} captures {}: {}.", side_title(mover), plural(r.captured, "stone"), list);
    } else if (r.grand_slam) {
        text += fmt::format(" It would capture every stone {} has: a grand slam, which captures nothing.",
                            to_string(opponent(mover)));
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
