#pragma once
// A slow, deliberately plain model of the rule dimensions of the mancala family,
// written straight from the contract (docs/GAMES.md, "Rule dimensions" and
// "One move, step by step"). It sows one stone at a time along an explicit ring of
// cells and applies the steps in the order the contract states them.
//
// It shares no code with src/core (standard library only), so tests can hold the
// fast core against it. Nothing here is tuned for speed.

#include <set>
#include <string>
#include <vector>

namespace mancala::reference {

enum class Direction { Ccw, Cw };
enum class PitNames { Kalah, Letters };
enum class StartRule { Next, Origin };
enum class SowingRule { Single, Relay };
enum class RelaySide { Own, Both };
enum class OppositeCapture { IfOppositeNonEmpty, Always, Never };
enum class CaptureSide { Opponent, Own, Both };
enum class GrandSlam { Captures, NoCapture, Forbidden };
enum class EndRule { EitherRowEmpty, BoardEmpty, NoMove };
enum class Leftovers { Own, Mover, Emptied };

/// One field per key of the contract; the defaults are the contract's (Kalah's).
struct FamilyRules {
    int pits = 6;                                                   // pits
    int seeds = 4;                                                  // seeds
    Direction direction = Direction::Ccw;                           // direction
    PitNames names = PitNames::Kalah;                               // names
    bool stores_on_ring = true;                                     // stores-on-ring
    StartRule start = StartRule::Next;                              // start
    bool skip_start = false;                                        // skip-start
    SowingRule sowing = SowingRule::Single;                         // sowing
    RelaySide relay_side = RelaySide::Own;                          // relay-side
    OppositeCapture capture = OppositeCapture::IfOppositeNonEmpty;  // capture
    bool capture_takes_last = true;                                 // capture-takes-last
    std::set<int> capture_counts;                                   // capture-counts (a list)
    bool capture_counts_even = false;                               // capture-counts = even
    CaptureSide capture_side = CaptureSide::Opponent;               // capture-side
    bool capture_chain = false;                                     // capture-chain
    GrandSlam grand_slam = GrandSlam::Captures;                     // grand-slam
    bool must_feed = false;                                         // must-feed
    bool extra_turn = true;                                         // extra-turn
    bool tuzdyk = false;                                            // tuzdyk
    EndRule end = EndRule::EitherRowEmpty;                          // end
    Leftovers leftovers = Leftovers::Own;                           // leftovers
    bool majority = false;                                          // majority
    bool repetition = false;                                        // repetition

    bool operator==(const FamilyRules&) const = default;
};

/// Reads `pits=6;seeds=4;direction=ccw;...`: every key of the contract exactly once,
/// `;`-separated, no spaces. `capture-counts` is a list (`2,3`; `2+3` is read too), `even`,
/// or empty.
/// Throws std::invalid_argument on an unknown or missing or repeated key, a bad value,
/// or one of the contract's "combinations that cannot be played".
FamilyRules parse_family_rules(const std::string& text);

/// The same string form back (every key, in the contract's order).
std::string to_string(const FamilyRules& rules);

/// Does a pit holding `count` stones make a count capture (capture-counts)?
bool is_capturing_count(const FamilyRules& rules, int count);

/// The game as a player sees it (not in core's cell order).
struct FamilyState {
    std::vector<int> south;  // South's pits, in South's sowing order (index 0 first)
    std::vector<int> north;  // North's pits, in North's sowing order (index 0 first)
    int south_store = 0;
    int north_store = 0;
    int to_move = 0;        // 0 South, 1 North
    int south_tuzdyk = -1;  // index in NORTH's row of the pit South owns as tuzdyk, or -1
    int north_tuzdyk = -1;  // index in SOUTH's row of the pit North owns as tuzdyk, or -1
    bool over = false;

    bool operator==(const FamilyState&) const = default;
};

FamilyState start_state(const FamilyRules& rules);

/// The mover's legal pits (indices in the mover's row), ascending; empty when the game
/// is over. Step 1 of the contract: holds stones, is not a tuzdyk, and must-feed and
/// grand-slam = forbidden allow it (both decided by playing the move on a copy).
std::vector<int> legal_moves(const FamilyRules& rules, const FamilyState& state);

struct FamilyOutcome {
    bool extra_turn = false;  // step 3.1 with extra-turn = yes
    bool capture = false;     // captured > 0
    bool passed = false;      // step 4.3: the player due had an empty row and passed
    bool game_over = false;
    int captured = 0;  // stones taken by steps 3.4, 3.5 (a tuzdyk's 3) and 3.6, after 3.7
    int lifts = 0;     // lifts of the move: 1 + relays (at most 4096)
};

/// Plays `pit` of the player to move (must be in legal_moves; throws
/// std::invalid_argument otherwise). Steps 2, 3 and 4 of the contract.
FamilyOutcome play(const FamilyRules& rules, FamilyState& state, int pit);

/// Does the last state of `history` equal an earlier one (pits, stores, side to move,
/// tuzdyks)? The repetition key is the game driver's business, not play's.
bool repeats(const std::vector<FamilyState>& history);

/// Ends a game by repetition: each player takes the stones in their own row.
void finish_by_repetition(FamilyState& state);

/// Positions reached after exactly `plies` moves (an extra turn is a ply; a game over
/// before the last ply counts nothing; repetition is ignored).
long long reference_perft(const FamilyRules& rules, const FamilyState& state, int plies);

/// The contract's notation `rowA/rowB/storeA/storeB/side` ("Positions").
std::string to_notation(const FamilyRules& rules, const FamilyState& state);

}  // namespace mancala::reference
