#include "server/api.hpp"

#include "agents/agent_options.hpp"
#include "agents/database_moves.hpp"
#include "agents/endgame_link.hpp"
#include "agents/registry.hpp"
#include "core/game_catalogue.hpp"
#include "core/pit_names.hpp"
#include "core/rules.hpp"
#include "core/rules_string.hpp"
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
constexpr std::string_view kDefaultFirst = "random";
/// The adviser behind hints (a small table: it is built for each hint); its time is the server's hint time.
constexpr std::string_view kHintAgent = "engine:hash=16";
/// With databases, the perfect agent's analysis: the engine with exact values at its leaves.
constexpr std::string_view kHintAgentWithDatabases = "perfect:hash=16";

[[noreturn]] void bad_request(const std::string& message) { throw ApiError(400, message); }
[[noreturn]] void not_found(const std::string& id) {
    throw ApiError(404, fmt::format("no game with id {} (unknown, deleted or expired)", quoted_prefix(id)));
}
[[noreturn]] void conflict(const std::string& message) { throw ApiError(409, message); }

/// The request body as a JSON object; an empty body is an empty object.
json parse_object(std::string_view body) {
    if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return json::object();
    json value;
    try {
        value = json::parse(body);
    } catch (const json::exception& e) {
        // nlohmann's messages quote at most the token it stopped at; cut that too.
        std::string what = e.what();
        if (what.size() > 200) what = what.substr(0, 200) + "...";
        bad_request(fmt::format("malformed JSON: {}", what));
    }
    if (!value.is_object()) bad_request(fmt::format("the body must be a JSON object, not {}", value.type_name()));
    return value;
}

void allow_only(const json& object, std::initializer_list<std::string_view> fields) {
    for (const auto& item : object.items()) {
        if (std::find(fields.begin(), fields.end(), item.key()) != fields.end()) continue;
        std::string known;
        for (const std::string_view f : fields) known += (known.empty() ? "" : ", ") + std::string(f);
        bad_request(fmt::format("unknown field {} (known fields: {})", quoted_prefix(item.key()),
                                known.empty() ? "none" : known));
    }
}

std::string string_field(const json& object, const char* key, std::string_view fallback) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return std::string(fallback);
    if (!it->is_string()) bad_request(fmt::format("'{}' must be a string, not {}", key, it->type_name()));
    return it->get<std::string>();
}

/// The integer `key` of `object` within min..max; none if it is absent or null.
std::optional<int> optional_int_field(const json& object, const char* key, int min, int max) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_integer()) bad_request(fmt::format("'{}' must be an integer, not {}", key, it->type_name()));
    // Non-negative integers parse as unsigned, negative ones as signed (min >= 0 here).
    const bool negative = !it->is_number_unsigned() && it->get<std::int64_t>() < 0;
    const std::uint64_t value = negative ? 0 : it->get<std::uint64_t>();
    if (negative || value < static_cast<std::uint64_t>(min) || value > static_cast<std::uint64_t>(max))
        bad_request(fmt::format("'{}' must be between {} and {}, got {}", key, min, max, it->dump()));
    return static_cast<int>(value);
}

static_assert(kMaxAgentOwnDatabaseMb == agents::kDefaultOwnDatabaseMiB,
              "a client asks for no more than the levels have");

/// The kind of agent a spec names ("perfect" for "perfect:time=5s"), or "" if it does not parse.
std::string agent_kind(const std::string& spec) {
    try {
        return agents::AgentOptions::parse(spec).name();
    } catch (const std::exception&) {
        return "";
    }
}

/// Why the side to move may not play `pit` (an index of its row) in `session`.
std::string why_illegal(const play::GameSession& session, int pit) {
    const Rules& rules = session.rules();
    const Position& position = session.position();
    const Side side = position.to_move();
    const std::string name = pit_name(rules, side, pit);
    if (position.pit(side, pit) == 0) return fmt::format("{} is empty", name);
    if (rules.must_feed && position.row_stones(opponent(side)) == 0)
        return fmt::format(
            "{} does not feed your opponent: {} has no stones, and a move must give it some when one can", name,
            to_string(opponent(side)));
    if (rules.grand_slam == GrandSlam::Forbidden)
        return fmt::format(
            "{} would capture every stone of the opponent's row (a grand slam), which these rules forbid while "
            "another move does not",
            name);
    return fmt::format("{} is not a legal move now", name);
}

/// Checks an opponent spec from a client: it must build, within the server's resource
/// limits, and name no file (the server's own --db is the only database an agent gets).
std::string checked_spec(const std::string& spec, const agents::AgentContext& context) {
    if (spec.size() > kMaxSpecLength)
        bad_request(
            fmt::format("'opponent' is too long ({} characters; the limit is {})", spec.size(), kMaxSpecLength));
    if (spec.starts_with(agents::kExternalPrefix))
        bad_request(
            "'opponent' may not name a program (cmd:...): the programs the server runs are levels its "
            "operator offers (serve --allow-external)");
    agents::AgentOptions options = agents::AgentOptions::parse(spec);
    if (!options.get_string("db", "").empty())
        bad_request("'opponent' may not name a database (db=...): the server uses its own --db");
    for (const char* file_option : {"book", "network"})
        if (!options.get_string(file_option, "").empty())
            bad_request(
                fmt::format("'opponent' may not name a file ({}=...): the files the server reads are its "
                            "levels'",
                            file_option));
    options.get_int("hash", 1, 1, kMaxAgentHashMb);
    options.get_int("threads", 1, 1, kMaxAgentThreads);
    options.get_int("db-size", 0, 0, kMaxAgentOwnDatabaseMb);
    return agents::make_agent(spec, context)->spec();
}

/// A move's pit name for the side `position` has to move, followed by the rest of
/// the variation (replayed to know who moves), as far as it is legal.
json named_variation(const Rules& rules, Position position, const std::vector<int>& pv) {
    json names = json::array();
    for (const int pit : pv) {
        if (position.is_terminal(rules) || !position.is_legal(rules, pit)) break;
        names.push_back(pit_name(rules, position.to_move(), pit));
        position.apply(rules, pit);
    }
    return names;
}

/// A refusal's message about a client's text, which it may quote: cut short.
std::string cut_message(std::string what) {
    constexpr std::size_t kLongest = 300;
    if (what.size() > kLongest) what = what.substr(0, kLongest) + "...";
    return what;
}

json score_or_null(const std::optional<double>& score) { return score ? json(*score) : json(nullptr); }

/// Whoever clears `thinking` when the agent is done, however it ends.
class ThinkingClaim {
public:
    explicit ThinkingClaim(Game& game) : game_(game) {}
    ~ThinkingClaim() {
        if (!done_) game_.thinking = false;
    }
    ThinkingClaim(const ThinkingClaim&) = delete;
    ThinkingClaim& operator=(const ThinkingClaim&) = delete;

    /// The move is in (the caller holds the game's lock): the state may say so now, and a
    /// later claim is not cleared by this one going out of scope.
    void done() {
        game_.thinking = false;
        done_ = true;
    }

private:
    Game& game_;
    bool done_ = false;
};

/// A game between two people on one screen: no agent, moves for both sides.
bool two_players(const Game& game) { return game.spec == kTwoPlayerSpec; }

void check_ai_can_move(const Game& game) {
    if (two_players(game))
        conflict("this is a two-player game: there is no AI, each side moves with POST /api/games/{id}/moves");
    if (game.thinking) conflict("the AI is already thinking about its move");
    if (game.session.is_over()) conflict("the game is over");
    if (game.session.to_move() != Side::North) conflict("it is not the AI's turn: South (you) is to move");
}

void check_human_can_change(const Game& game) {
    if (game.thinking) conflict("the AI is thinking: wait for its move");
}

constexpr const char* kKeptAsItEnded = "the game is over: a finished game is kept as it ended, to replay and share";

}  // namespace

std::string quoted_prefix(std::string_view text) {
    if (text.size() <= kMaxQuotedLength) return fmt::format("'{}'", text);
    return fmt::format("'{}...' ({} characters)", text.substr(0, kMaxQuotedLength), text.size());
}

std::shared_ptr<Game> Api::game(const std::string& id, GameStore::Access access) {
    std::shared_ptr<Game> found = store_.find(id, access);
    if (!found) not_found(id);
    return found;
}

std::pair<std::shared_ptr<Game>, std::unique_lock<std::mutex>> Api::locked_game(const std::string& id,
                                                                                GameStore::Access access) {
    // A copy marked gone was dropped from memory after we found it; the next find sees
    // whether it was deleted (404) or only evicted (loaded afresh from the database).
    for (int attempt = 0; attempt < 3; ++attempt) {
        std::shared_ptr<Game> g = game(id, access);
        std::unique_lock lock(g->mutex);
        if (!g->gone) return {std::move(g), std::move(lock)};
    }
    not_found(id);
}

Reply Api::create_game(std::string_view body, std::string client) {
    const json request = parse_object(body);
    allow_only(request, {"rules", "pits", "seeds", "first", "level", "opponent"});
    const std::string rules_text = string_field(request, "rules", kDefaultRules);
    // No size: the game's own (Oware's 6 x 4, Toguz Kumalak's 9 x 9).
    const std::optional<int> pits = optional_int_field(request, "pits", kMinPits, kMaxServedPits);
    const std::optional<int> seeds = optional_int_field(request, "seeds", kMinSeeds, kMaxServedSeeds);
    if (rules_text.size() > kMaxSpecLength)
        bad_request(
            fmt::format("'rules' is too long ({} characters; the limit is {})", rules_text.size(), kMaxSpecLength));
    Rules rules;
    try {
        rules = parse_rules(rules_text, pits, seeds);
    } catch (const std::invalid_argument& e) {
        bad_request(cut_message(e.what()));  // names the bad game, key or value and the allowed ones
    }
    // A game of its own size bigger than the server plays (one loaded from a games file).
    if (rules.pits > kMaxServedPits || rules.seeds > kMaxServedSeeds)
        bad_request(
            fmt::format("{} is played on {} x {}; the server plays at most {} pits of {} stones: give "
                        "'pits' and 'seeds'",
                        quoted_prefix(rules_text), rules.pits, rules.seeds, kMaxServedPits, kMaxServedSeeds));
    const std::string first = string_field(request, "first", kDefaultFirst);
    Side first_side = Side::South;
    if (first == "human") {
        first_side = Side::South;
    } else if (first == "ai") {
        first_side = Side::North;
    } else if (first == "random") {
        thread_local std::minstd_rand coin(
            std::random_device{}());  // who starts: no secret, so no device each time
        first_side = coin() % 2 == 0 ? Side::South : Side::North;
    } else {
        bad_request(fmt::format("'first' must be \"human\", \"ai\" or \"random\", not {}", quoted_prefix(first)));
    }

    std::optional<std::string> level;
    std::string spec;
    if (request.contains("opponent") && !request["opponent"].is_null()) {
        if (request.contains("level") && !request["level"].is_null())
            bad_request("give either 'level' or 'opponent', not both");
        try {
            spec = checked_spec(string_field(request, "opponent", ""), settings_.agents);
        } catch (const std::invalid_argument& e) {
            bad_request(fmt::format("bad opponent: {}", cut_message(e.what())));
        }
    } else {
        const std::string name = string_field(request, "level", kDefaultLevel);
        const std::vector<Level> known_levels = all_levels();
        const auto found =
            std::find_if(known_levels.begin(), known_levels.end(), [&](const Level& l) { return l.name == name; });
        if (found == known_levels.end()) {
            std::string known;
            for (const Level& l : known_levels) known += (known.empty() ? "" : ", ") + std::string(l.name);
            bad_request(fmt::format("unknown level {} (choose one of: {})", quoted_prefix(name), known));
        }
        if (found->databases_only && !agents::perfect_plays(rules))
            bad_request(fmt::format(
                "the {} level plays only the games its proofs and endgame databases hold (kalah, homework, relay "
                "and their refinements; oware, awari, bohnenspiel, vai-lung-thlan), not {}; choose expert, the "
                "strongest for every "
                "game",
                found->name, quoted_prefix(rules_string(rules))));
        level = std::string(found->name);
        spec = std::string(found->spec);
    }
    if (!agents::perfect_plays(rules) && agent_kind(spec) == "perfect")
        bad_request(fmt::format(
            "bad opponent: the perfect agent plays only the games its proofs and endgame databases hold (kalah, "
            "homework, relay and their refinements; oware, awari, bohnenspiel, vai-lung-thlan), not {}; use engine",
            quoted_prefix(rules_string(rules))));

    play::GameSession session(rules, first_side);
    const std::shared_ptr<Game> game =
        store_.create(std::move(session), std::move(spec), std::move(level), std::move(client));
    const std::lock_guard lock(game->mutex);
    return Reply::serialised(201, state_text(*game));
}

std::optional<std::size_t> Api::since_of(std::string_view query) {
    std::optional<std::size_t> since;
    while (!query.empty()) {
        const std::size_t amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (!pair.starts_with("since=")) continue;
        if (since) bad_request("'since' is given twice");
        const std::string_view value = pair.substr(6);
        std::size_t n = 0;
        const bool digits =
            !value.empty() && value.size() <= 7 && value.find_first_not_of("0123456789") == std::string_view::npos;
        if (digits) n = static_cast<std::size_t>(std::stoul(std::string(value)));
        if (!digits || n > kMaxSince)
            bad_request(fmt::format("'since' must be the number of moves you have (0..{}), not {}", kMaxSince,
                                    quoted_prefix(value)));
        since = n;
    }
    return since;
}

Reply Api::get_game(const std::string& id, std::optional<std::size_t> since) {
    const auto [g, lock] = locked_game(id, GameStore::Access::Read);
    return Reply::serialised(200, state_text(*g, since));
}

Reply Api::play_move(const std::string& id, std::string_view body, std::optional<std::size_t> since) {
    const json request = parse_object(body);
    allow_only(request, {"pit"});
    if (!request.contains("pit")) bad_request("missing 'pit', e.g. {\"pit\": \"B4\"}");
    const std::string name = string_field(request, "pit", "");
    const auto [g, lock] = locked_game(id);
    const play::GameSession& session = g->session;
    const Rules& rules = session.rules();
    const int n = rules.pits;
    // Against an agent the human is South; between two people, whoever is to move.
    const Side side = two_players(*g) ? session.to_move() : Side::South;
    const std::optional<int> pit = parse_pit_name(rules, side, name);
    if (!pit) {
        if (!two_players(*g))
            bad_request(fmt::format("{} is not one of your pits ({}..{})", quoted_prefix(name),
                                    pit_name(rules, side, 0), pit_name(rules, side, n - 1)));
        const char* mover = side == Side::South ? "South" : "North";
        bad_request(fmt::format("{} is not one of {}'s pits ({}..{}): {} is to move", quoted_prefix(name), mover,
                                pit_name(rules, side, 0), pit_name(rules, side, n - 1), mover));
    }
    if (session.is_over()) conflict("the game is over");
    check_human_can_change(*g);
    if (session.to_move() != side) conflict("it is not your turn: North (the AI) is to move");
    if (!session.position().is_legal(rules, *pit)) conflict(why_illegal(session, *pit));
    play::GameSession next = session;
    next.play(*pit);
    store_.commit(*g, std::move(next));
    const std::string moves = moves_text(*g, g->session.history().size() - 1);
    return Reply::serialised(200, with_field(with_field("{}", "moves", moves), "state", state_text(*g, since)));
}

std::string Api::check_ai_move(const std::string& id, std::string_view body) {
    allow_only(parse_object(body), {});
    const auto [g, lock] = locked_game(id);
    check_ai_can_move(*g);
    return g->spec;
}

Reply Api::ai_move(const std::string& id, std::string_view body, std::optional<std::size_t> since) {
    allow_only(parse_object(body), {});
    std::shared_ptr<Game> g;
    play::GameSession session(make_rules("kalah", 1, 1));
    {
        auto [found, lock] = locked_game(id);
        check_ai_can_move(*found);
        found->thinking = true;
        g = std::move(found);
        session = g->session;
    }
    ThinkingClaim claim(*g);

    // The agent thinks outside the game's lock, on a copy: the state stays readable,
    // and the whole extra-turn chain shares one budget of max_think.
    const agents::MoveBudget budget = agents::MoveBudget::within(settings_.max_think);
    agents::KeptAgentSlots::Lease kept = kept_agents_.borrow();
    const std::shared_ptr<agents::Agent> agent =
        kept->for_game(g->spec, id, [&] { return agents::make_agent(g->spec, settings_.agents); });
    const std::size_t first_new = session.history().size();
    std::optional<agents::Decision> first;
    while (!session.is_over() && session.to_move() == Side::North) {
        agents::Decision decision = agent->choose(session.rules(), session.position(), budget);
        if (!session.position().is_legal(session.rules(), decision.move))  // an agent bug must not cost the game
            throw std::runtime_error(fmt::format("agent '{}' chose an illegal move ({})", g->spec, decision.move));
        session.play(decision.move);
        if (!first) first = std::move(decision);
    }

    const std::lock_guard lock(g->mutex);
    if (g->gone) throw ApiError(404, "the game expired or was deleted while the AI was thinking");
    store_.commit(*g, std::move(session));
    claim.done();
    const json head{
        {"evaluation", score_or_null(first->score)}, {"exact", first->exact}, {"summary", first->summary}};
    const std::string moves = moves_text(*g, first_new);
    return Reply::serialised(
        200, with_field(with_field(json_text(head), "moves", moves), "state", state_text(*g, since)));
}

void Api::check_hint(const std::string& id) {
    const auto [g, lock] = locked_game(id, GameStore::Access::Read);
    if (g->session.is_over()) conflict("the game is over: there is no move to hint");
}

Reply Api::hint(const std::string& id) {
    Rules rules;
    Position position;
    {
        const auto [g, lock] = locked_game(id, GameStore::Access::Read);
        if (g->session.is_over()) conflict("the game is over: there is no move to hint");
        rules = g->session.rules();
        position = g->session.position();
    }
    // The search runs outside the game's lock: moves may go on meanwhile, and the
    // hint is for the position it was asked in.
    // With the host's databases, the perfect agent's values: proven where a proof finishes in
    // time (Kalah-shaped games) or the database holds the position (Oware and the games like it).
    const bool databases = !settings_.agents.endgame_dir.empty() && agents::perfect_plays(rules);
    const std::unique_ptr<agents::Agent> adviser =
        agents::make_agent(databases ? kHintAgentWithDatabases : kHintAgent, settings_.agents);
    const auto budget = agents::MoveBudget::within(settings_.hint());
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
        if (pv.empty()) pv.push_back(pit_name(rules, position.to_move(), s.move));
        moves.push_back(json{{"pit", pit_name(rules, position.to_move(), s.move)},
                             {"score", s.score},
                             {"exact", s.exact},
                             {"pv", std::move(pv)}});
    }
    json best = moves.front()["pit"];
    return Reply{200, json{{"moves", std::move(moves)}, {"best", std::move(best)}}};
}

review::GameMoves Api::finished_game(const std::string& id, std::string_view body) {
    allow_only(parse_object(body), {});
    const auto [g, lock] = locked_game(id, GameStore::Access::Read);
    if (!g->session.is_over()) conflict("the game is not over: it can be reviewed once it ends");
    review::GameMoves game{g->session.rules(), g->session.start(), {}};
    for (const play::PlayedMove& m : g->session.history()) game.moves.push_back(m.pit);
    return game;
}

Reply Api::undo(const std::string& id, std::string_view body, std::optional<std::size_t> since) {
    allow_only(parse_object(body), {});
    const auto [g, lock] = locked_game(id);
    check_human_can_change(*g);
    if (g->session.is_over()) conflict(kKeptAsItEnded);
    play::GameSession next = g->session;
    if (two_players(*g)) {
        // between two people, the last turn played, whoever played it
        const play::PlayedMove* last = next.last_move();
        if (!last) conflict("nothing to undo: no move has been played yet");
        next.undo_turn(last->side);
    } else if (next.undo_turn(Side::South) == 0) {
        conflict("nothing to undo: you have not moved yet");
    }
    store_.commit(*g, std::move(next));
    return Reply::serialised(200, state_text(*g, since));
}

Reply Api::delete_game(const std::string& id) {
    switch (store_.remove(id)) {
        case GameStore::Removal::Removed:
            break;
        case GameStore::Removal::NotFound:
            not_found(id);
        case GameStore::Removal::Finished:
            conflict(kKeptAsItEnded);
    }
    return Reply{204, nullptr};
}

std::vector<Level> Api::all_levels() const {
    std::vector<Level> all;
    for (const Level& l : levels())
        if (l.name != kTwoPlayerLevel) all.push_back(l);
    for (const ExternalLevel& l : settings_.external_levels) all.push_back(Level{l.name, l.spec, l.description});
    for (const Level& l : levels())
        if (l.name == kTwoPlayerLevel) all.push_back(l);
    return all;
}

Reply Api::agents() const {
    json level_list = json::array();
    for (const Level& l : all_levels())
        level_list.push_back(json{{"name", l.name},
                                  {"spec", l.spec},
                                  {"description", l.description},
                                  {"databases_only", l.databases_only}});
    json kinds = json::array();
    for (const agents::AgentKind& k : agents::agent_kinds())
        kinds.push_back(
            json{{"name", k.name}, {"summary", k.summary}, {"options", k.options}, {"example", k.example}});
    // A page cannot know --max-think, which bounds a reply whatever a level's time= says.
    return Reply{200, json{{"default_level", kDefaultLevel},
                           {"levels", std::move(level_list)},
                           {"kinds", std::move(kinds)},
                           {"max_think_ms", settings_.max_think.count()}}};
}

Reply Api::rules() const {
    // The catalogue's games, with what a page needs to draw each and its own board size.
    json games = json::array();
    json presets = json::array();
    for (const GameEntry& game : game_catalogue().games()) {
        json entry{{"name", game.name},       {"description", game.description},
                   {"source", game.source},   {"spec", rules_string(game.rules)},
                   {"pits", game.rules.pits}, {"seeds", game.rules.seeds}};
        entry.update(drawing_json(game.rules));
        games.push_back(std::move(entry));
        presets.push_back(json{{"name", game.name}, {"description", game.description}});
    }
    // Each game may be refined dimension by dimension: "kalah:capture=always,extra-turn=no".
    json dimensions = json::array();
    for (const RuleDimension& d : rule_dimensions()) {
        json dimension{{"key", d.key}, {"description", d.summary}};
        if (d.values.empty()) {
            dimension["syntax"] = d.syntax;  // free-form (capture-counts)
        } else {
            json values = json::array();
            for (const RuleValue& v : d.values)
                values.push_back(json{{"name", v.name}, {"description", v.meaning}});
            dimension["values"] = std::move(values);
        }
        dimensions.push_back(std::move(dimension));
    }
    const Rules defaults = make_rules(kDefaultRules);
    return Reply{200, json{{"games", std::move(games)},
                           {"presets", std::move(presets)},
                           {"dimensions", std::move(dimensions)},
                           {"example", "kalah:capture=always,extra-turn=no"},
                           {"limits",
                            {{"pits", {{"min", kMinPits}, {"max", kMaxServedPits}}},
                             {"seeds", {{"min", kMinSeeds}, {"max", kMaxServedSeeds}}}}},
                           {"defaults",
                            {{"rules", kDefaultRules},
                             {"pits", defaults.pits},
                             {"seeds", defaults.seeds},
                             {"first", kDefaultFirst},
                             {"level", kDefaultLevel}}}}};
}

Reply Api::health() const {
    return Reply{200, json{{"status", "ok"},
                           {"games", store_.live()},
                           {"games_in_memory", store_.in_memory()},
                           {"max_games", store_.max_games()}}};
}

}  // namespace mancala::server
