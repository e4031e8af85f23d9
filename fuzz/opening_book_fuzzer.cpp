// Books of openings (src/arena/opening_book.*): a book read is a non-empty list of
// positions of the game's board and stones, each with a game left to play, that write
// back to notation read as the same; anything else is refused with one line naming
// the book's line.

#include "arena/opening_book.hpp"
#include "core/notation.hpp"
#include "fuzz_support.hpp"

#include <stdexcept>

using namespace mancala;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    for (const Rules& rules : {make_rules("kalah", 6, 4), make_rules("homework", 4, 3)}) {
        std::vector<Position> book;
        try {
            book = arena::parse_opening_book(text, rules, "book");
        } catch (const std::invalid_argument& e) {
            fuzz::require(fuzz::one_line(e.what()), "a refusal is one line", e.what());
            fuzz::require(std::string_view(e.what()).starts_with("book"), "a refusal names the book", e.what());
            continue;
        }
        fuzz::require(!book.empty(), "a book read holds an opening");
        for (const Position& p : book) {
            fuzz::require(p.pits() == rules.pits, "an opening has the game's pits");
            fuzz::require(p.total_stones() == 2 * rules.pits * rules.seeds, "an opening has the game's stones");
            fuzz::require(!p.is_terminal(rules), "an opening leaves a game to play");
            fuzz::require(parse_position(to_notation(p)) == p, "an opening writes back as itself");
        }
    }
    return 0;
}
