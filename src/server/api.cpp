#include "server/api.hpp"

#include "agents/agent_options.hpp"
#include "agents/registry.hpp"
#include "core/pit_names.hpp"
#include "core/rules.hpp"
#include "server/json_views.hpp"
#include "server/levels.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <mutex>
#include <random>

namespace mancala::server {

using nlohmann::json;

namespace {

constexpr std::string_view kDefaultRules = "kalah";
constexpr int kDefaultPits = 6;
constexpr int kDefaultSeeds = 4;
constexpr std::string_view kDefaultFirst = "random";
/// The adviser behind hints (a small table: it is built for each hint); its time is the server's hint time.
constexpr std::string_view kHintAgent = "engine:hash=16";

struct PresetText {
    std::string_view name;
    std::string_view description;
};

constexpr PresetText kPresetTexts[] = {
    {"kalah",
     "standard Kalah: the last stone in your own empty pit captures it and the opposite pit, "
     "if that holds stones; the last stone in your store earns another move"},
    {"homework", "empty capture: as Kalah, but the capture happens even when the opposite pit is empty"},
    {"relay",
     "relay sowing: the last stone in a non-empty own pit lifts it and sows on; no captures; "
     "a player without stones passes; the game ends when every stone is in a store"},
};

[[noreturn]] void bad_request(const std::string& message) { throw ApiError(400, message); }
[[noreturn]] void conflict(const std::string& message) { throw ApiError(409, message); }

/// The request body as a JSON object; an empty body is an empty object.
json parse_object(std::string_view body) {
    if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return json::object();
    json value;
    try {
        value = json::parse(body);
    } catch (const json::parse_error& e) {
        bad_request(fmt::format("malformed JSON: {}", e.what()));
    }
    if (!value.is_object()) bad_request(fmt::format("the body must be a JSON object, not {}", value.type_name()));
    return value;
}

void allow_only(const json& object, std::initializer_list<std::string_view> fields) {
    for (const auto& item : object.items()) {
        if (std::find(fields.begin(), fields.end(), item.key()) != fields.end()) continue;
        std::string known;
        for (const std::string_view f : fields) known += (known.empty() ? "" : ", ") + std::string(f);
        bad_request(
            fmt::format("unknown field '{}' (known fields: {})", item.key(), known.empty() ? "none" : known));
    }
}

std::string string_field(const json& object, const char* key, std::string_view fallback) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return std::string(fallback);
    if (!it->is_string()) bad_request(fmt::format("'{}' must be a string, not {}", key, it->type_name()));
    return it->get<std::string>();
}

int int_field(const json& object, const char* key, int fallback, int min, int max) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return fallback;
    if (!it->is_number_integer()) bad_request(fmt::format("'{}' must be an integer, not {}", key, it->type_name()));
    // Non-negative integers parse as unsigned, negative ones as signed (min >= 0 here).
    const bool negative = !it->is_number_unsigned() && it->get<std::int64_t>() < 0;
    const std::uint64_t value = negative ? 0 : it->get<std::uint64_t>();
    if (negative || value < static_cast<std::uint64_t>(min) || value > static_cast<std::uint64_t>(max))
        bad_request(fmt::format("'{}' must be between {} and {}, got {}", key, min, max, it->dump()));
    return static_cast<int>(value);
}

/// Checks an opponent spec: it must build, and within the server's resource limits.
std::string checked_spec(const std::string& spec) {
    agents::AgentOptions options = agents::AgentOptions::parse(spec);
    options.get_int("hash", 1, 1, kMaxAgentHashMb);
    options.get_int("threads", 1, 1, kMaxAgentThreads);
    return agents::make_agent(spec)->spec();
}

/// A move's pit name for the side `position` has to move, followed by the rest of
/// the variation (replayed to know who moves), as far as it is legal.
json named_variation(const Rules& rules, Position position, const std::vector<int>& pv) {
    json names = json::array();
    for (const int pit : pv) {
        if (position.is_terminal(rules) || !position.is_legal(pit)) break;
        names.push_back(pit_name(rules.pits, position.to_move(), pit));
        position.apply(rules, pit);
    }
    return names;
}

json score_or_null(const std::optional<double>& score) { return score ? json(*score) : json(nullptr); }

}  // namespace

std::shared_ptr<Game> Api::game(const std::string& id) {
    std::shared_ptr<Game> found = store_.find(id);
    if (!found) throw ApiError(404, fmt::format("no game with id '{}' (unknown, deleted or expired)", id));
    return found;
}

Reply Api::create_game(std::string_view body) {
    const json request = parse_object(body);
    allow_only(request, {"rules", "pits", "seeds", "first", "level", "opponent"});
    const std::string preset = string_field(request, "rules", kDefaultRules);
    const auto presets = preset_names();
    if (std::find(presets.begin(), presets.end(), preset) == presets.end())
        bad_request(fmt::format("unknown rules '{}' (choose one of: {})", preset, fmt::join(presets, ", ")));
    const int pits = int_field(request, "pits", kDefaultPits, kMinPits, kMaxServedPits);
    const int seeds = int_field(request, "seeds", kDefaultSeeds, kMinSeeds, kMaxServedSeeds);
    const std::string first = string_field(request, "first", kDefaultFirst);
    Side first_side = Side::South;
    if (first == "human") {
        first_side = Side::South;
    } else if (first == "ai") {
        first_side = Side::North;
    } else if (first == "random") {
        first_side = std::random_device{}() % 2 == 0 ? Side::South : Side::North;
    } else {
        bad_request(fmt::format("'first' must be \"human\", \"ai\" or \"random\", not '{}'", first));
    }

    std::optional<std::string> level;
    std::string spec;
    if (request.contains("opponent") && !request["opponent"].is_null()) {
        if (request.contains("level") && !request["level"].is_null())
            bad_request("give either 'level' or 'opponent', not both");
        try {
            spec = checked_spec(string_field(request, "opponent", ""));
        } catch (const std::invalid_argument& e) {
            bad_request(fmt::format("bad opponent: {}", e.what()));
        }
    } else {
        const std::string name = string_field(request, "level", kDefaultLevel);
        const std::optional<Level> found = find_level(name);
        if (!found) {
            std::string known;
            for (const Level& l : levels()) known += (known.empty() ? "" : ", ") + std::string(l.name);
            bad_request(fmt::format("unknown level '{}' (choose one of: {})", name, known));
        }
        level = std::string(found->name);
        spec = std::string(found->spec);
        if (spec.starts_with("perfect") && !settings_.endgame_db.empty()) spec += ",db=" + settings_.endgame_db;
    }

    play::GameSession session(make_rules(preset, pits, seeds), first_side);
    std::shared_ptr<Game> game;
    try {
        game = store_.add(std::move(session), std::move(spec), std::move(level));
    } catch (const StoreFull& e) {
        throw ApiError(503, e.what());
    }
    const std::lock_guard lock(game->mutex);
    return Reply{201, state_json(*game)};
}

Reply Api::get_game(const std::string& id) {
    const std::shared_ptr<Game> g = game(id);
    const std::lock_guard lock(g->mutex);
    return Reply{200, state_json(*g)};
}

Reply Api::play_move(const std::string& id, std::string_view body) {
    const json request = parse_object(body);
    allow_only(request, {"pit"});
    if (!request.contains("pit")) bad_request("missing 'pit', e.g. {\"pit\": \"B4\"}");
    const std::string name = string_field(request, "pit", "");
    const std::shared_ptr<Game> g = game(id);
    const std::lock_guard lock(g->mutex);
    play::GameSession& session = g->session;
    const int n = session.rules().pits;
    const std::optional<int> pit = parse_pit_name(n, Side::South, name);
    if (!pit)
        bad_request(fmt::format("'{}' is not one of your pits ({}..{})", name, pit_name(n, Side::South, 0),
                                pit_name(n, Side::South, n - 1)));
    if (session.is_over()) conflict("the game is over");
    if (session.to_move() != Side::South) conflict("it is not your turn: North (the AI) is to move");
    if (!session.position().is_legal(*pit)) conflict(fmt::format("{} is empty", pit_name(n, Side::South, *pit)));
    const play::PlayedMove& move = session.play(*pit);
    json moves = json::array({move_json(session.rules(), move)});
    return Reply{200, json{{"state", state_json(*g)}, {"moves", std::move(moves)}}};
}

Reply Api::ai_move(const std::string& id, std::string_view body) {
    allow_only(parse_object(body), {});
    const std::shared_ptr<Game> g = game(id);
    const std::lock_guard lock(g->mutex);
    play::GameSession& session = g->session;
    if (session.is_over()) conflict("the game is over");
    if (session.to_move() != Side::North) conflict("it is not the AI's turn: South (you) is to move");

    const std::unique_ptr<agents::Agent> agent = agents::make_agent(g->spec);
    json moves = json::array();
    std::optional<agents::Decision> first;
    while (!session.is_over() && session.to_move() == Side::North) {
        agents::Decision decision =
            agent->choose(session.rules(), session.position(), agents::MoveBudget::within(settings_.max_think));
        if (!session.position().is_legal(decision.move))  // an agent bug must not cost the game
            throw std::runtime_error(fmt::format("agent '{}' chose an illegal move ({})", g->spec, decision.move));
        moves.push_back(move_json(session.rules(), session.play(decision.move)));
        if (!first) first = std::move(decision);
    }
    return Reply{200, json{{"state", state_json(*g)},
                           {"moves", std::move(moves)},
                           {"evaluation", score_or_null(first->score)},
                           {"exact", first->exact},
                           {"summary", first->summary}}};
}

Reply Api::hint(const std::string& id) {
    const std::shared_ptr<Game> g = game(id);
    Rules rules;
    Position position;
    {
        const std::lock_guard lock(g->mutex);
        if (g->session.is_over()) conflict("the game is over: there is no move to hint");
        rules = g->session.rules();
        position = g->session.position();
    }
    // The search runs outside the game's lock: moves may go on meanwhile, and the
    // hint is for the position it was asked in.
    // With databases, the perfect agent's analysis: the engine with exact values at its leaves.
    const std::unique_ptr<agents::Agent> adviser = agents::make_agent(
        settings_.endgame_db.empty() ? std::string(kHintAgent) : "perfect:hash=16,db=" + settings_.endgame_db);
    const auto budget = agents::MoveBudget::within(std::min(settings_.hint_time, settings_.max_think));
    std::vector<agents::MoveScore> scores = adviser->analyze(rules, position, budget);
    if (scores.empty()) {
        const agents::Decision d = adviser->choose(rules, position, budget);
        scores.push_back(agents::MoveScore{d.move, d.score.value_or(0.0), d.exact, {d.move}, 0});
    }
    std::stable_sort(scores.begin(), scores.end(),
                     [](const agents::MoveScore& a, const agents::MoveScore& b) { return a.score > b.score; });
    json moves = json::array();
    for (const agents::MoveScore& s : scores) {
        json pv = named_variation(rules, position, s.pv);
        if (pv.empty()) pv.push_back(pit_name(rules.pits, position.to_move(), s.move));
        moves.push_back(json{{"pit", pit_name(rules.pits, position.to_move(), s.move)},
                             {"score", s.score},
                             {"exact", s.exact},
                             {"pv", std::move(pv)}});
    }
    json best = moves.front()["pit"];
    return Reply{200, json{{"moves", std::move(moves)}, {"best", std::move(best)}}};
}

Reply Api::undo(const std::string& id, std::string_view body) {
    allow_only(parse_object(body), {});
    const std::shared_ptr<Game> g = game(id);
    const std::lock_guard lock(g->mutex);
    if (g->session.undo_turn(Side::South) == 0) conflict("nothing to undo: you have not moved yet");
    return Reply{200, state_json(*g)};
}

Reply Api::delete_game(const std::string& id) {
    if (!store_.remove(id)) throw ApiError(404, fmt::format("no game with id '{}'", id));
    return Reply{204, nullptr};
}

Reply Api::agents() const {
    json level_list = json::array();
    for (const Level& l : levels())
        level_list.push_back(json{{"name", l.name}, {"spec", l.spec}, {"description", l.description}});
    json kinds = json::array();
    for (const agents::AgentKind& k : agents::agent_kinds())
        kinds.push_back(
            json{{"name", k.name}, {"summary", k.summary}, {"options", k.options}, {"example", k.example}});
    return Reply{
        200,
        json{{"default_level", kDefaultLevel}, {"levels", std::move(level_list)}, {"kinds", std::move(kinds)}}};
}

Reply Api::rules() const {
    json presets = json::array();
    for (const std::string_view name : preset_names()) {
        std::string description = describe(make_rules(name, kDefaultPits, kDefaultSeeds));
        for (const PresetText& t : kPresetTexts)
            if (t.name == name) description = std::string(t.description);
        presets.push_back(json{{"name", name}, {"description", description}});
    }
    return Reply{200, json{{"presets", std::move(presets)},
                           {"limits",
                            {{"pits", {{"min", kMinPits}, {"max", kMaxServedPits}}},
                             {"seeds", {{"min", kMinSeeds}, {"max", kMaxServedSeeds}}}}},
                           {"defaults",
                            {{"rules", kDefaultRules},
                             {"pits", kDefaultPits},
                             {"seeds", kDefaultSeeds},
                             {"first", kDefaultFirst},
                             {"level", kDefaultLevel}}}}};
}

Reply Api::health() const { return Reply{200, json{{"status", "ok"}, {"games", store_.size()}}}; }

}  // namespace mancala::server
