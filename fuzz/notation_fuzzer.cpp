// The position notation (src/core/notation.*) and pit names (src/core/pit_names.*):
// a parsed position is a valid board that writes back to the same notation and on
// which every legal move can be played under every preset; anything else is refused
// with std::invalid_argument.

#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "fuzz_support.hpp"

#include <stdexcept>

using namespace mancala;

namespace {

void check_position(std::string_view text) {
    Position p;
    try {
        p = parse_position(text);
    } catch (const std::invalid_argument&) {
        return;
    }
    fuzz::require(p.pits() >= 1 && p.pits() <= kMaxPits, "a parsed board has 1 to 16 pits a side");
    fuzz::require(p.total_stones() <= kMaxTotalStones, "a parsed board holds at most 65535 stones");
    const std::string notation = to_notation(p);
    fuzz::require(parse_position(notation) == p, "the notation reads back the same", notation);
    for (const std::string_view preset : preset_names()) {
        Rules rules;
        try {
            rules = make_rules(preset, p.pits(), 0);
        } catch (const std::invalid_argument&) {
            continue;  // a game that cannot be played on this board (a tuzdyk on one pit)
        }
        for (const int move : p.legal_moves(rules)) {
            Position next = p;
            next.apply(rules, move);
            fuzz::require(next.total_stones() == p.total_stones(), "a move keeps every stone", notation);
        }
    }
}

void check_side(std::string_view text) {
    try {
        const Side side = parse_side(text);
        fuzz::require(parse_side(side == Side::South ? "S" : "N") == side, "a side reads back the same");
    } catch (const std::invalid_argument&) {
    }
}

// A pit name read for each board size and side names that pit again.
void check_pit_name(std::string_view text) {
    if (text.size() > 32) return;  // a pit name is short; longer text only repeats the refusal
    for (int pits = 1; pits <= kMaxPits; ++pits)
        for (const Side side : {Side::South, Side::North})
            if (const auto index = parse_pit_name(pits, side, text)) {
                fuzz::require(*index >= 0 && *index < pits, "a pit name is a pit of the board");
                fuzz::require(parse_pit_name(pits, side, pit_name(pits, side, *index)) == index,
                              "a pit name reads back the same");
            }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    check_position(text);
    check_side(text);
    check_pit_name(text);
    return 0;
}
