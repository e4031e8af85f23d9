#include "server/json_views.hpp"

#include "core/pit_names.hpp"
#include "core/rules.hpp"
#include "core/rules_string.hpp"
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

namespace {

/// The state object without its history (and, if not `with_pit_names`, without pit_names).
json state_head(const Game& game, bool with_pit_names) {
    const play::GameSession& session = game.session;
    const Rules& rules = session.rules();
    const int n = rules.pits;
    json legal = json::array();
    for (const int pit : session.legal_moves()) legal.push_back(pit_name(n, session.to_move(), pit));
    const play::Score score = session.score();
    json result = nullptr;
    if (session.is_over()) {
        const auto leader = score.leader();
        result = json{{"winner", leader ? json(to_string(*leader)) : json(nullptr)},
                      {"south", score.south},
                      {"north", score.north}};
    }
    json head{
        {"id", game.id},
        {"rules",
         {{"preset", preset_name(rules)}, {"spec", rules_string(rules)}, {"pits", n}, {"seeds", rules.seeds}}},
        {"human", "south"},
        {"ai", "north"},
        {"opponent", {{"level", game.level ? json(*game.level) : json(nullptr)}, {"spec", game.spec}}},
        {"board", board_json(session.position())},
        {"to_move", to_string(session.to_move())},
        {"legal_moves", std::move(legal)},
        {"over", session.is_over()},
        {"result", std::move(result)},
        {"score", {{"south", score.south}, {"north", score.north}}}};
    if (with_pit_names) head["pit_names"] = pit_names_json(n);
    return head;
}

}  // namespace

std::string json_text(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string with_field(std::string object, std::string_view key, std::string_view value) {
    // `object` ends with '}'; an empty one is "{}".
    object.pop_back();
    if (object.size() > 1) object += ',';
    object += json_text(std::string(key));
    object += ':';
    object += value;
    object += '}';
    return object;
}

json state_json(const Game& game) {
    json state = state_head(game, true);
    json history = json::array();
    for (const play::PlayedMove& move : game.session.history())
        history.push_back(move_json(game.session.rules(), move));
    state["history"] = std::move(history);
    return state;
}

namespace {

/// Brings game.history_json up to date with the history: the cache holds the moves up to
/// where it differs from it (after an undo); the same moves from the same start are the same JSON.
void refresh_history_json(Game& game) {
    const auto& history = game.session.history();
    auto& cache = game.history_json;
    std::size_t valid = 0;
    while (valid < cache.size() && valid < history.size() && cache[valid].side == history[valid].side &&
           cache[valid].pit == history[valid].pit)
        ++valid;
    cache.resize(valid);
    for (std::size_t i = valid; i < history.size(); ++i)
        cache.push_back({history[i].side, history[i].pit, json_text(move_json(game.session.rules(), history[i]))});
}

}  // namespace

std::string moves_text(Game& game, std::size_t from) {
    refresh_history_json(game);
    const auto& cache = game.history_json;
    std::string list = "[";
    for (std::size_t i = from; i < cache.size(); ++i) {
        if (i > from) list += ',';
        list += cache[i].json;
    }
    list += ']';
    return list;
}

std::string state_text(Game& game) {
    if (game.pit_names_json.empty()) game.pit_names_json = json_text(pit_names_json(game.session.rules().pits));
    std::string head = json_text(state_head(game, false));
    head = with_field(std::move(head), "pit_names", game.pit_names_json);
    return with_field(std::move(head), "history", moves_text(game, 0));
}

}  // namespace mancala::server
