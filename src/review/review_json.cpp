#include "review/review_json.hpp"

#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"

namespace mancala::review {

namespace {

nlohmann::json summary_json(const SideSummary& s) {
    nlohmann::json j = nlohmann::json::object();
    for (Grade g : kGrades) j[std::string(to_string(g))] = s.grades[static_cast<std::size_t>(g)];
    j["moves"] = s.moves;
    j["average_loss"] = s.average_loss();
    return j;
}

}  // namespace

nlohmann::json to_json(const GameReview& review, const ReviewSettings& settings) {
    const Rules& rules = review.game.rules;
    nlohmann::json moves = nlohmann::json::array();
    for (const MoveReview& m : review.moves)
        moves.push_back({{"ply", m.ply},
                         {"side", to_string(m.side)},
                         {"move", pit_name(rules, m.side, m.move)},
                         {"best_move", m.best_move >= 0 ? pit_name(rules, m.side, m.best_move) : ""},
                         {"best", m.best},
                         {"played", m.played},
                         {"loss", m.loss},
                         {"exact", m.exact},
                         {"forced", m.forced},
                         {"grade", to_string(m.grade)}});
    nlohmann::json positions = nlohmann::json::array();
    for (std::size_t i = 0; i < review.positions.size(); ++i)
        positions.push_back(
            {{"ply", i}, {"south", review.positions[i].south}, {"exact", review.positions[i].exact}});
    const GradeThresholds& t = settings.thresholds;
    return {
        {"rules", rules_string(rules)},
        {"pits", rules.pits},
        {"seeds", rules.seeds},
        {"start", to_notation(review.game.start, rules)},
        {"moves", moves},
        {"positions", positions},
        {"summary", {{"south", summary_json(review.south)}, {"north", summary_json(review.north)}}},
        {"thresholds", {{"best", t.best}, {"good", t.good}, {"inaccuracy", t.inaccuracy}, {"mistake", t.mistake}}},
        {"proof_ms", settings.proof_time.count()},
        {"estimate_depth", settings.estimate_depth},
        {"nodes", review.nodes},
        {"seconds", review.seconds},
    };
}

}  // namespace mancala::review
