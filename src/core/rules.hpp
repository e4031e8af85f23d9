#pragma once
// The rules of the mancala family as one flat description: every dimension a
// two-row game of the family needs, each with Kalah's setting as its default.
// Games are configuration of one engine (as variants are in Fairy-Stockfish),
// never forks of it: core/game_catalogue.hpp names them, core/rules_string.hpp
// writes them as text, and core/rule_decisions.hpp decides each rule once.

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

/// The opposite capture: the last stone of a sowing falls in an own pit that was empty.
enum class CaptureRule : std::uint8_t {
    Never,               ///< no opposite captures
    IfOppositeNonEmpty,  ///< standard Kalah: capture only when the opposite pit holds stones
    Always,              ///< the homework rule: last stone plus the (maybe empty) opposite pit
};

enum class SowingRule : std::uint8_t {
    Single,  ///< one sowing per move
    Relay,   ///< last stone in a pit that held stones (on a relay side): lift that pit and keep sowing
};

enum class EndRule : std::uint8_t {
    /// After every move, if either row is empty the game ends (Kalah, homework).
    EitherRowEmpty,
    /// A player with no stones in their row passes; the game ends when every
    /// stone is in a store (the relay variant).
    BoardEmpty,
    /// The game ends when the player due to move has no legal move (Oware: an
    /// empty row, or must-feed and no move feeds the opponent).
    NoMove,
};

/// Which way the players sow as seen from above: only pit names, drawings and
/// notation depend on it (a clockwise game is the mirror image of a counter-clockwise one).
enum class Direction : std::uint8_t { CounterClockwise, Clockwise };

/// How pits are named: the homework's B2..B(N+1) / A2..A(N+1), or Oware's A..F / a..f.
enum class PitNaming : std::uint8_t { Kalah, Letters };

/// Where a sowing's first stone goes.
enum class SowingStart : std::uint8_t {
    Next,    ///< the cell after the emptied pit
    Origin,  ///< back into the emptied pit (Toguz Kumalak), unless it held a single stone
};

enum class RelaySide : std::uint8_t { Own, Both };

/// The rows where count captures (Oware's 2s and 3s) happen.
enum class CaptureSide : std::uint8_t { Opponent, Own, Both };

/// A move whose captures would take every stone left in the opponent's row.
enum class GrandSlam : std::uint8_t {
    Captures,   ///< it takes them
    NoCapture,  ///< the move is played but captures nothing (Oware Abapa)
    Forbidden,  ///< illegal, unless every legal move is one (then it captures)
};

/// Who takes the stones left on the board when the game ends.
enum class Leftovers : std::uint8_t {
    Own,      ///< each player the stones in their own row
    Mover,    ///< the player who made the last move, all of them
    Emptied,  ///< the player whose row is empty, all of them (Turkish Mangala); else as Own
};

/// The counts that a count capture takes: the last stone makes a pit hold one of them.
struct CaptureCounts {
    std::uint32_t counts = 0;  ///< bit k set: a pit of k stones is taken (1 <= k <= 31)
    bool even = false;         ///< every even count from 2 up

    bool empty() const { return counts == 0 && !even; }
    constexpr bool contains(int stones) const {
        if (stones <= 0) return false;
        if (even && stones % 2 == 0) return true;
        return stones < 32 && (counts >> stones & 1u) != 0;
    }
    friend bool operator==(const CaptureCounts&, const CaptureCounts&) = default;
};

/// Largest count a capture-counts list may name (CaptureCounts::counts is 32 bits).
inline constexpr int kMaxCaptureCount = 31;

/// Most lifts one move may make: relay sowing on both rows could in principle go round
/// for ever, so a move ends after this many lifts where its last stone fell, without a capture.
inline constexpr int kMaxLiftsPerMove = 4096;

struct Rules {
    int pits = 6;   ///< pits per side, 1..kMaxPits
    int seeds = 4;  ///< stones per pit at the start
    CaptureRule capture = CaptureRule::IfOppositeNonEmpty;
    SowingRule sowing = SowingRule::Single;
    EndRule end = EndRule::EitherRowEmpty;
    bool extra_turn = true;  ///< last stone in own store: the mover moves again

    Direction direction = Direction::CounterClockwise;
    PitNaming names = PitNaming::Kalah;
    bool stores_on_ring = true;  ///< a sowing drops stones in the mover's own store
    SowingStart start = SowingStart::Next;
    bool skip_start = false;  ///< a sowing round the board skips the pit it was lifted from
    RelaySide relay_side = RelaySide::Own;
    bool capture_takes_last = true;  ///< an opposite capture takes the capturing stone too
    CaptureCounts capture_counts;    ///< empty: no count captures
    CaptureSide capture_side = CaptureSide::Opponent;
    bool capture_chain = false;  ///< the pits before a count capture are taken while they qualify
    GrandSlam grand_slam = GrandSlam::Captures;
    bool must_feed = false;  ///< an empty opponent's row must be given stones when a move can
    bool tuzdyk = false;     ///< Toguz Kumalak's captured pit
    Leftovers leftovers = Leftovers::Own;
    bool majority = false;    ///< the game ends when a store holds more than half of the stones
    bool repetition = false;  ///< a repeated position ends the game (decided with the game's history)

    friend bool operator==(const Rules&, const Rules&) = default;
};

/// True when `rules` are of the Kalah shape that every fast path (packed boards, the
/// database sweep, the fitted evaluations) was written for: stones only ever reach the
/// stores through captures and the own store on the ring, captures take the opposite pit,
/// and a move's legality and the end of the game depend on the counts alone.
bool kalah_shaped(const Rules& rules);

/// True when positions can repeat in a game of these rules, so that a game or a search
/// needs its history: stores off the ring or relays on both rows, with no end on an empty row.
bool can_repeat(const Rules& rules);

/// Names of the built-in games, in the catalogue's order (core/game_catalogue.hpp).
std::vector<std::string_view> preset_names();

/// What the game `preset` plays like, in a sentence; empty for an unknown name.
std::string_view preset_description(std::string_view preset);

/// The rules of the game `preset` (built in or loaded with load_games_file) on a board of
/// `pits` x `seeds`. Throws std::invalid_argument naming the problem, and listing the
/// games for an unknown name, if the name or sizes are invalid.
Rules make_rules(std::string_view preset, int pits, int seeds);
/// The rules of the game `preset` on its own board.
Rules make_rules(std::string_view preset);

/// The name of the game whose dimensions are those of `rules` (the board size aside), or "custom".
std::string_view preset_name(const Rules& rules);

/// Throws std::invalid_argument if a size is out of range or the dimensions cannot be
/// played together (an extra turn with no store on the ring, ...), naming the keys.
void validate(const Rules& rules);

std::string_view to_string(CaptureRule rule);
std::string_view to_string(SowingRule rule);
std::string_view to_string(EndRule rule);
/// "none", "even", or the counts joined by '+' ("2+3"), as rules strings write them.
std::string to_string(const CaptureCounts& counts);

/// One line naming the rules and their board size, the four classic dimensions and every
/// other dimension that differs from its default, e.g.
/// "kalah(6,4): capture=if-opposite-nonempty sowing=single end=either-row-empty extra-turn=yes".
std::string describe(const Rules& rules);

}  // namespace mancala
