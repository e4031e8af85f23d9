#pragma once
// What a move cost, in words: the grades of a game review. A move's loss is the
// stones its player's final margin drops by against the best move (0 for the best
// move itself); the thresholds are the same for exact values and for estimates.

#include <array>
#include <optional>
#include <string_view>

namespace mancala::review {

enum class Grade { Best, Good, Inaccuracy, Mistake, Blunder };

inline constexpr std::array<Grade, 5> kGrades = {Grade::Best, Grade::Good, Grade::Inaccuracy, Grade::Mistake,
                                                 Grade::Blunder};

/// The most stones a move of each grade may lose; a blunder loses more than a mistake may.
/// Kalah's margins are whole stones and a typical game is decided by 2 to 10, so one stone
/// is still good play, two an inaccuracy, four a mistake.
struct GradeThresholds {
    double best = 0.0;
    double good = 1.0;
    double inaccuracy = 2.0;
    double mistake = 4.0;
};

/// The grade of a move that loses `loss` stones against the best one (a negative
/// loss, possible between two estimates, counts as none).
Grade grade_for_loss(double loss, const GradeThresholds& thresholds = {});

/// "best", "good", "inaccuracy", "mistake", "blunder".
std::string_view to_string(Grade grade);
std::optional<Grade> grade_from_string(std::string_view name);

}  // namespace mancala::review
