#include "server/json_views.hpp"

#include "agents/database_moves.hpp"
#include "core/pit_names.hpp"
#include "core/rules.hpp"
#include "core/rules_string.hpp"
#include "play/move_description.hpp"
#include "play/sown_cells.hpp"

#include <algorithm>

namespace mancala::server {

using nlohmann::json;

namespace {

/// A side's row as drawn, left to right: the pit of each column (core/pit_names.hpp).
json row_json(const Rules& rules, const Position& position, Side side) {
    json row = json::array();
    const int n = position.pits();
    for (int column = 0; column < n; ++column)
        row.push_back(position.pit(side, pit_at_column(rules, side, column)));
    return row;
}

json row_names_json(const Rules& rules, Side side) {
    json row = json::array();
    for (int column = 0; column < rules.pits; ++column)
        row.push_back(pit_name(rules, side, pit_at_column(rules, side, column)));
    return row;
}

/// The pit of the opponent's row that `owner` holds as a tuzdyk, by its name, or null.
json tuzdyk_json(const Rules& rules, const Position& position, Side owner) {
    const int pit = position.tuzdyk(owner);
    return pit >= 0 ? json(pit_name(rules, opponent(owner), pit)) : json(nullptr);
}

/// The pit a capture was made from, for the move object's capture_pit: the opposite pit of an
/// opposite capture (Kalah's), else the pit the last stone fell in if it was taken, else the
/// first cell taken; null when nothing was.
json capture_pit_json(const Rules& rules, const play::PlayedMove& move) {
    const MoveResult& r = move.result;
    if (!r.capture || r.last_cell < 0) return nullptr;
    const int n = rules.pits;
    const int last = r.last_cell;
    const auto taken = [&](int cell) { return cell >= 0 && cell < 64 && ((r.captured_cells >> cell) & 1u) != 0; };
    const bool own_row = last >= move.before.first_pit(move.side) && last < move.before.first_pit(move.side) + n;
    if (rules.capture != CaptureRule::Never && own_row) {
        // a last stone in the own row captures the opposite pit, unless count captures happen there too
        const bool own_counts = !rules.capture_counts.empty() && rules.capture_side != CaptureSide::Opponent;
        if (!own_counts || taken(2 * n - last)) return play::cell_name(rules, 2 * n - last);
    }
    if (taken(last)) return play::cell_name(rules, last);
    for (int cell = 0; cell < move.before.cell_count(); ++cell)
        if (taken(cell)) return play::cell_name(rules, cell);
    return nullptr;
}

}  // namespace

json board_json(const Rules& rules, const Position& position) {
    json board{{"south", row_json(rules, position, Side::South)},
               {"north", row_json(rules, position, Side::North)},
               {"south_store", position.store(Side::South)},
               {"north_store", position.store(Side::North)}};
    if (rules.tuzdyk)
        board["tuzdyk"] = json{{"south", tuzdyk_json(rules, position, Side::South)},
                               {"north", tuzdyk_json(rules, position, Side::North)}};
    return board;
}

json pit_names_json(const Rules& rules) {
    return json{{"south", row_names_json(rules, Side::South)},
                {"north", row_names_json(rules, Side::North)},
                {"south_store", store_name(rules, Side::South)},
                {"north_store", store_name(rules, Side::North)}};
}

json drawing_json(const Rules& rules) {
    return json{{"names", rule_value(rules, "names")},
                {"direction", rule_value(rules, "direction")},
                {"stores_on_ring", rules.stores_on_ring},
                {"tuzdyk", rules.tuzdyk},
                {"must_feed", rules.must_feed},
                {"extra_turn", rules.extra_turn},
                {"repetition", rules.repetition},
                {"kalah_shaped", kalah_shaped(rules)},
                {"databases", agents::perfect_plays(rules)}};
}

json rules_json(const Rules& rules) {
    json out{{"preset", preset_name(rules)},
             {"spec", rules_string(rules)},
             {"pits", rules.pits},
             {"seeds", rules.seeds}};
    out.update(drawing_json(rules));
    return out;
}

json cell_names_json(const Rules& rules, std::uint64_t cells) {
    json names = json::array();
    const int count = 2 * rules.pits + 2;
    for (int cell = 0; cell < count && cell < 64; ++cell)
        if ((cells >> cell) & 1u) names.push_back(play::cell_name(rules, cell));
    return names;
}

json move_json(const Rules& rules, const play::PlayedMove& move) {
    const play::SownCells sown = play::sown_cells(rules, move.before, move.pit, kMaxSowingCells);
    json sowing = json::array();
    for (const int cell : sown.cells) sowing.push_back(play::cell_name(rules, cell));
    const MoveResult& r = move.result;
    json out{{"side", to_string(move.side)},
             {"pit", pit_name(rules, move.side, move.pit)},
             {"before", board_json(rules, move.before)},
             {"after", board_json(rules, move.after)},
             {"sowing", std::move(sowing)},
             {"captured", r.capture ? int{r.captured} : 0},
             {"capture_pit", capture_pit_json(rules, move)},
             {"captured_cells", r.capture ? cell_names_json(rules, r.captured_cells) : json::array()},
             // A last stone in the store that ends the game earns no turn: there is none to take.
             {"extra_turn", r.extra_turn && !r.game_over},
             {"game_over", r.game_over}};
    if (r.game_over && !sown.truncated && !rules.tuzdyk) {
        // The stones the end of the game swept into each store: what the store gained beyond
        // the stones sown into it and those captured. (Sowings into a tuzdyk also reach a
        // store, so tuzdyk games are left out.)
        json swept = json::object();
        for (const Side side : {Side::South, Side::North}) {
            const int store = move.before.store_cell(side);
            int gained = move.after.store(side) - move.before.store(side);
            gained -= static_cast<int>(std::count(sown.cells.begin(), sown.cells.end(), store));
            if (side == move.side && r.capture) gained -= r.captured;
            swept[to_string(side)] = std::max(0, gained);
        }
        out["swept"] = std::move(swept);
    }
    if (r.tuzdyk && r.last_cell >= 0) out["tuzdyk"] = play::cell_name(rules, r.last_cell);
    if (r.grand_slam) out["grand_slam"] = true;
    if (sown.truncated) out["sowing_truncated"] = true;
    return out;
}

bool must_feed_now(const play::GameSession& session) {
    const Rules& rules = session.rules();
    if (!rules.must_feed || session.is_over()) return false;
    const Position& position = session.position();
    if (position.row_stones(opponent(position.to_move())) != 0) return false;
    return session.legal_moves().size() < position.nonempty_pits().size();
}

namespace {

/// The state object without its history (and, if not `with_pit_names`, without pit_names).
json state_head(const Game& game, bool with_pit_names) {
    const play::GameSession& session = game.session;
    const Rules& rules = session.rules();
    json legal = json::array();
    for (const int pit : session.legal_moves()) legal.push_back(pit_name(rules, session.to_move(), pit));
    const play::Score score = session.score();
    const play::PlayedMove* last = session.last_move();
    json result = nullptr;
    if (session.is_over()) {
        const auto leader = score.leader();
        result = json{{"winner", leader ? json(to_string(*leader)) : json(nullptr)},
                      {"south", score.south},
                      {"north", score.north}};
    }
    json head{{"id", game.id},
              {"rules", rules_json(rules)},
              {"human", "south"},
              {"ai", "north"},
              {"opponent", {{"level", game.level ? json(*game.level) : json(nullptr)}, {"spec", game.spec}}},
              {"board", board_json(rules, session.position())},
              {"to_move", to_string(session.to_move())},
              {"legal_moves", std::move(legal)},
              {"over", session.is_over()},
              {"result", std::move(result)},
              {"score", {{"south", score.south}, {"north", score.north}}},
              {"must_feed", must_feed_now(session)},
              {"ended_by_repetition", session.ended_by_repetition()},
              // The AI's reply is under way (a reload, another tab): its move is coming.
              {"thinking", game.thinking.load()},
              {"last_captured",
               last && last->result.capture ? cell_names_json(rules, last->result.captured_cells) : json::array()}};
    if (with_pit_names) head["pit_names"] = pit_names_json(rules);
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

std::string state_text(Game& game, std::optional<std::size_t> since) {
    if (game.pit_names_json.empty()) game.pit_names_json = json_text(pit_names_json(game.session.rules()));
    nlohmann::json head_json = state_head(game, false);
    const std::size_t from = std::min(since.value_or(0), game.session.history().size());
    if (since) head_json["history_from"] = from;
    std::string head = json_text(head_json);
    head = with_field(std::move(head), "pit_names", game.pit_names_json);
    return with_field(std::move(head), "history", moves_text(game, from));
}

}  // namespace mancala::server
