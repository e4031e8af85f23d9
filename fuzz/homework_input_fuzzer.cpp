// The homework's input.txt (src/homework/homework_input.*): any bytes either parse into
// a playable position that reads back the same, or are refused with one line naming
// a line of the input.

#include "fuzz_support.hpp"
#include "homework/homework_input.hpp"

#include <fmt/format.h>

#include <algorithm>

using namespace mancala;
using namespace mancala::homework;

namespace {

/// The seven lines again, from what was parsed.
std::string render(const Input& input) {
    const Position& p = input.position;
    const int n = p.pits();
    std::string row_a, row_b;
    for (int col = 0; col < n; ++col) {
        row_a += fmt::format("{} ", p.pit(Side::North, n - 1 - col));
        row_b += fmt::format("{} ", p.pit(Side::South, col));
    }
    return fmt::format("{}\n{}\n{}\n{}\n{}\n{}\n{}\n", static_cast<int>(input.task), player_number(input.player),
                       input.cutoff, row_a, row_b, p.store(Side::North), p.store(Side::South));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    Input input;
    try {
        input = parse_input(text);
    } catch (const InputError& e) {
        const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
        fuzz::require(e.line() >= 1 && e.line() <= std::max(7, lines), "the error names a line of the input",
                      e.what());
        fuzz::require(fuzz::one_line(e.what()), "the error is one line", e.what());
        return 0;
    }
    fuzz::require(input.cutoff >= 1, "the cutoff depth is at least 1");
    fuzz::require(input.position.to_move() == input.player, "the player is to move");
    fuzz::require(input.position.pits() == input.rules.pits, "the board has the rules' size");
    fuzz::require(input.rules == make_rules("homework", input.rules.pits, 0), "the rules are the homework's");
    fuzz::require(!input.position.legal_moves(input.rules).empty(), "the player has a move");
    const std::string again = render(input);
    const Input reread = parse_input(again);
    fuzz::require(reread.position == input.position && reread.task == input.task && reread.cutoff == input.cutoff,
                  "the input reads back the same", again);
    return 0;
}
