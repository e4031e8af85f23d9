#include "review/move_grades.hpp"

namespace mancala::review {

Grade grade_for_loss(double loss, const GradeThresholds& t) {
    if (loss <= t.best) return Grade::Best;
    if (loss <= t.good) return Grade::Good;
    if (loss <= t.inaccuracy) return Grade::Inaccuracy;
    if (loss <= t.mistake) return Grade::Mistake;
    return Grade::Blunder;
}

std::string_view to_string(Grade grade) {
    switch (grade) {
        case Grade::Best:
            return "best";
        case Grade::Good:
            return "good";
        case Grade::Inaccuracy:
            return "inaccuracy";
        case Grade::Mistake:
            return "mistake";
        case Grade::Blunder:
            return "blunder";
    }
    return "?";
}

std::optional<Grade> grade_from_string(std::string_view name) {
    for (Grade g : kGrades)
        if (to_string(g) == name) return g;
    return std::nullopt;
}

}  // namespace mancala::review
