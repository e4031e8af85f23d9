#include "server/json_views.hpp"

#include "core/pit_names.hpp"
#include "core/rules.hpp"
#include "play/move_description.hpp"
#include "play/sown_cells.hpp"

namespace mancala::server {

using nlohmann::json;

namespace {

/// A side's row as drawn, left to right: South's B2..B(N+1) is its sowing order,
/// North's A2..A(N+1) the reverse of its sowing order.
json row_json(const Position& position, Side side) {
    json row = json::array();
    const int n = position.pits();
    for (int k = 0; k < n; ++k) row.push_back(position.pit(side, side == Side::South ? k : n - 1 - k));
    return row;
}

json row_names_json(int pits, Side side) {
    json row = json::array();
    for (int k = 0; k < pits; ++k) row.push_back(pit_name(pits, side, side == Side::South ? k : pits - 1 - k));
    return row;
}

}  // namespace

json board_json(const Position& position) {
    return json{{"south", row_json(position, Side::South)},
                {"north", row_json(position, Side::North)},
                {"south_store", position.store(Side::South)},
                {"north_store", position.store(Side::North)}};
}

json pit_names_json(int pits) {
    return json{{"south", row_names_json(pits, Side::South)},
                {"north", row_names_json(pits, Side::North)},
                {"south_store", store_name(pits, Side::South)},
                {"north_store", store_name(pits, Side::North)}};
}

json move_json(const Rules& rules, const play::PlayedMove& move) {
    const int n = rules.pits;
    const play::SownCells sown = play::sown_cells(rules, move.before, move.pit, kMaxSowingCells);
    json sowing = json::array();
    for (const int cell : sown.cells) sowing.push_back(play::cell_name(n, cell));
    json capture_pit = nullptr;
    if (move.result.capture && move.result.last_cell >= 0)
        capture_pit = play::cell_name(n, 2 * n - move.result.last_cell);
    json out{
        {"side", to_string(move.side)},          {"pit", pit_name(n, move.side, move.pit)},
        {"before", board_json(move.before)},     {"after", board_json(move.after)},
        {"sowing", std::move(sowing)},           {"captured", move.result.capture ? int{move.result.captured} : 0},
        {"capture_pit", std::move(capture_pit)}, {"extra_turn", move.result.extra_turn},
        {"game_over", move.result.game_over}};
    if (sown.truncated) out["sowing_truncated"] = true;
    return out;
}

json state_json(const Game& game) {
    const play::GameSession& session = game.session;
    const Rules& rules = session.rules();
    const int n = rules.pits;
    json legal = json::array();
    for (const int pit : session.legal_moves()) legal.push_back(pit_name(n, session.to_move(), pit));
    json history = json::array();
    for (const play::PlayedMove& move : session.history()) history.push_back(move_json(rules, move));
    const play::Score score = session.score();
    json result = nullptr;
    if (session.is_over()) {
        const auto leader = score.leader();
        result = json{{"winner", leader ? json(to_string(*leader)) : json(nullptr)},
                      {"south", score.south},
                      {"north", score.north}};
    }
    return json{{"id", game.id},
                {"rules", {{"preset", preset_name(rules)}, {"pits", n}, {"seeds", rules.seeds}}},
                {"human", "south"},
                {"ai", "north"},
                {"opponent", {{"level", game.level ? json(*game.level) : json(nullptr)}, {"spec", game.spec}}},
                {"board", board_json(session.position())},
                {"pit_names", pit_names_json(n)},
                {"to_move", to_string(session.to_move())},
                {"legal_moves", std::move(legal)},
                {"history", std::move(history)},
                {"over", session.is_over()},
                {"result", std::move(result)},
                {"score", {{"south", score.south}, {"north", score.north}}}};
}

}  // namespace mancala::server
