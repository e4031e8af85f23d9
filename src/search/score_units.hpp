#pragma once
// The search's score units. The engine counts in points, kPointsPerStone to a
// stone, so that fractional heuristic weights stay integral; callers outside
// search see stones (SearchReport::stones, SearchObserver). One infinity, beyond
// any score, serves the engine (points) and the textbook search (stones or points).

namespace mancala::search {

inline constexpr int kPointsPerStone = 10;

/// Beyond any score: windows open at ±kScoreInfinity; printed as Infinity in the homework's traces.
inline constexpr int kScoreInfinity = 1 << 28;

/// The least whole number of stones a value of at least `points` can be: a game
/// value is whole stones, so "at least 8.1" means "at least 9".
constexpr int stones_at_least(int points) {
    return points >= 0 ? (points + kPointsPerStone - 1) / kPointsPerStone : -(-points / kPointsPerStone);
}

/// The most whole stones a value of at most `points` can be ("at most 8.9" is "at most 8").
constexpr int stones_at_most(int points) { return -stones_at_least(-points); }

}  // namespace mancala::search
