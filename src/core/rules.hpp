#pragma once
// The rules of the Kalah family as plain data. Variants are configuration of one
// engine (as in Fairy-Stockfish), never forks of it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

/// Largest number of pits on one side that any board may have.
inline constexpr int kMaxPits = 16;

/// Largest number of stones a board may hold in total. Pit and store counts are
/// 16-bit, so no count can overflow however the stones are distributed; a 2x16
/// board of 1000-stone pits (32,000 stones) fits with room to spare.
inline constexpr int kMaxTotalStones = 65535;

/// Where the last stone of a sowing must fall, in an own pit that was empty, for a capture.
enum class CaptureRule : std::uint8_t {
    Never,               ///< no captures at all
    IfOppositeNonEmpty,  ///< standard Kalah: capture only when the opposite pit holds stones
    Always,              ///< the homework rule: last stone plus the (maybe empty) opposite pit
};

enum class SowingRule : std::uint8_t {
    Single,  ///< one sowing per move
    Relay,   ///< last stone in a non-empty own pit: lift that pit and keep sowing
};

enum class EndRule : std::uint8_t {
    /// After every move, if either row is empty the game ends and each player
    /// adds the stones left in their own row to their own store (Kalah, homework).
    EitherRowEmpty,
    /// A player with no stones in their row passes; the game ends when every
    /// stone is in a store (the relay variant).
    BoardEmpty,
};

struct Rules {
    int pits = 6;   ///< pits per side, 1..kMaxPits
    int seeds = 4;  ///< stones per pit at the start
    CaptureRule capture = CaptureRule::IfOppositeNonEmpty;
    SowingRule sowing = SowingRule::Single;
    EndRule end = EndRule::EitherRowEmpty;
    bool extra_turn = true;  ///< last stone in own store: the mover moves again

    friend bool operator==(const Rules&, const Rules&) = default;
};

/// Names of the presets, in the order they are documented.
std::vector<std::string_view> preset_names();

/// What the preset `preset` plays like, in a sentence; empty for an unknown name.
std::string_view preset_description(std::string_view preset);

/// Builds a preset ("kalah", "homework", "relay") for a board size; core/rules_string.hpp
/// parses presets refined dimension by dimension.
/// Throws std::invalid_argument naming the problem if the name or sizes are invalid.
Rules make_rules(std::string_view preset, int pits, int seeds);

/// The preset name whose rule dimensions match `rules`, or "custom".
std::string_view preset_name(const Rules& rules);

/// Throws std::invalid_argument if any dimension is out of range.
void validate(const Rules& rules);

std::string_view to_string(CaptureRule rule);
std::string_view to_string(SowingRule rule);
std::string_view to_string(EndRule rule);

/// One line naming every dimension, e.g. "kalah(6,4): capture=if-opposite-nonempty ..."
/// (rules that are no preset by their rules string: "kalah:extra-turn=no(6,4): ...").
std::string describe(const Rules& rules);

}  // namespace mancala
