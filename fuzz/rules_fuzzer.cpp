// Rules from a preset name and a board size (src/core/rules.*), as the command line
// and the server give them: "<preset>/<pits>/<seeds>" (or a name alone, at 6 pits of
// 4). Valid rules describe themselves and make a start position of the right size;
// anything else is refused with one line of std::invalid_argument.

#include "core/position.hpp"
#include "core/rules.hpp"
#include "fuzz_support.hpp"

#include <charconv>
#include <optional>
#include <stdexcept>

using namespace mancala;

namespace {

std::optional<int> number(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto fields = fuzz::split(fuzz::as_text(data, size), '/');
    std::string_view preset = fields[0];
    int pits = 6, seeds = 4;
    if (fields.size() == 3) {
        const auto p = number(fields[1]), s = number(fields[2]);
        if (!p || !s) return 0;  // the sizes come as integers (CLI11 and JSON check that)
        pits = *p;
        seeds = *s;
    } else if (fields.size() != 1) {
        return 0;
    }
    Rules rules;
    try {
        rules = make_rules(preset, pits, seeds);
    } catch (const std::invalid_argument& e) {
        fuzz::require(fuzz::one_line(e.what()) || preset.find('\n') != std::string_view::npos,
                      "the refusal is one line", e.what());
        return 0;
    }
    fuzz::require(rules.pits == pits && rules.seeds == seeds, "the rules have the size asked for");
    fuzz::require(preset_name(rules) == preset, "the rules name their preset");
    validate(rules);
    const Position start = Position::start(rules);
    fuzz::require(start.pits() == pits && start.total_stones() == 2 * pits * seeds,
                  "the start position holds every stone", describe(rules));
    fuzz::require(start.legal_moves(rules).empty() == (seeds == 0),
                  "the first player can move if there are stones");
    return 0;
}
