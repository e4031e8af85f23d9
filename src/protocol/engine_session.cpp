#include "protocol/engine_session.hpp"

#include "agents/registry.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "protocol/protocol_lines.hpp"
#include "util/spec_string.hpp"

#include <fmt/format.h>

#include <charconv>
#include <istream>
#include <ostream>
#include <stdexcept>

namespace mancala::protocol {

namespace {

// The options every engine offers, mapped onto the agent spec's keys; an agent that
// does not take one says so when the host sets it.
struct ProtocolOption {
    std::string_view name;
    std::string_view key;
    std::string_view declaration;
};
// No defaults: each agent has its own (docs/PROTOCOL.md).
constexpr ProtocolOption kOptions[] = {
    {"Hash", "hash", "type spin min 1 max 65536"},
    {"Threads", "threads", "type spin min 1 max 256"},
    {"Heuristic", "heuristic",
     "type combo var fitted var learned var weighted var store-diff var side-diff var store var side"},
};

int board_number(std::string_view word, std::string_view what) {
    int value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc{} || end != word.data() + word.size())
        throw std::invalid_argument(fmt::format("{} must be a whole number, not '{}'", what, word.substr(0, 40)));
    return value;
}

// `spec` with `key` set to `value` (replacing an earlier value).
std::string with_option(std::string_view spec, std::string_view key, std::string_view value) {
    const SpecString parsed = parse_spec_string(spec, "agent spec");
    std::string result = parsed.name;
    char separator = ':';
    for (const auto& [k, v] : parsed.items) {
        if (k == key) continue;
        result += fmt::format("{}{}={}", separator, k, v);
        separator = ',';
    }
    return result + fmt::format("{}{}={}", separator, key, value);
}

}  // namespace

EngineSession::EngineSession(std::string spec, agents::AgentContext context, std::ostream& out)
    : spec_(std::move(spec)),
      context_(std::move(context)),
      out_(out),
      agent_(agents::make_agent(spec_, context_)),
      rules_(make_rules("kalah", 6, 4)),
      position_(Position::start(rules_)) {}

EngineSession::~EngineSession() { wait_for_search(); }

void EngineSession::say(std::string_view line) {
    const std::lock_guard lock(out_mutex_);
    out_ << line << '\n' << std::flush;
}

void EngineSession::wait_for_search() {
    if (search_.joinable()) search_.join();
}

void EngineSession::stop_search() {
    stop_ = true;
    wait_for_search();
}

bool EngineSession::handle(std::string_view line) {
    if (line.size() > kMaxLineLength) {
        error(fmt::format("a line of {} bytes (the limit is {})", line.size(), kMaxLineLength));
        return true;
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::vector<std::string_view> all = split_words(line);
    if (all.empty()) return true;
    const std::string_view command = all.front();
    const std::vector<std::string_view> words(all.begin() + 1, all.end());
    // Any other command waits for the move being thought about, so that a host (or a
    // script) may send the next position before the answer comes.
    if (command != "isready" && command != "stop" && command != "quit") wait_for_search();
    try {
        if (command == "quit") {
            stop_search();
            return false;
        }
        if (command == "isready") {
            say("readyok");
        } else if (command == "stop") {
            stop_search();
        } else if (command == "mep") {
            identify();
        } else if (command == "setoption") {
            set_option(words);
        } else if (command == "newgame") {
            agent_->new_game();
        } else if (command == "rules") {
            set_rules(words);
        } else if (command == "position") {
            set_position(words);
        } else if (command == "go") {
            go(words);
        } else {
            error(
                fmt::format("unknown command '{}' (known: mep, setoption, isready, newgame, rules, position, go, "
                            "stop, quit)",
                            command.substr(0, 40)));
        }
    } catch (const std::exception& e) {
        error(e.what());
    }
    return true;
}

void EngineSession::identify() {
    say("id name mancala " + agent_->spec());
    say("id author the mancala project");
    // Only the options this kind of agent takes, as the registry documents them.
    const std::string kind = parse_spec_string(spec_, "agent spec").name;
    for (const agents::AgentKind& k : agents::agent_kinds()) {
        if (k.name != kind) continue;
        for (const ProtocolOption& o : kOptions)
            if (k.options.find(std::string(o.key) + "=") != std::string_view::npos)
                say(fmt::format("option name {} {}", o.name, o.declaration));
    }
    say("mepok");
}

void EngineSession::set_option(const std::vector<std::string_view>& words) {
    if (words.size() != 4 || words[0] != "name" || words[2] != "value")
        throw std::invalid_argument("setoption reads: setoption name NAME value VALUE");
    std::string key(words[1]);
    for (const ProtocolOption& o : kOptions)
        if (o.name == words[1]) key = o.key;
    const std::string spec = with_option(spec_, key, words[3]);
    agent_ = agents::make_agent(spec, context_);  // throws for an option the agent does not take
    spec_ = spec;
}

void EngineSession::set_rules(const std::vector<std::string_view>& words) {
    if (words.size() != 1 && words.size() != 3)
        throw std::invalid_argument("rules reads: rules RULES [PITS SEEDS]");
    rules_ = words.size() == 1
                 ? parse_rules(words[0])
                 : parse_rules(words[0], board_number(words[1], "the pits"), board_number(words[2], "the seeds"));
    position_ = Position::start(rules_);
    // Now, not in the first move: an `isready` after the rules waits for it (PROTOCOL.md).
    agent_->prepare(rules_);
}

void EngineSession::set_position(const std::vector<std::string_view>& words) {
    if (words.empty()) throw std::invalid_argument("position reads: position start|NOTATION [moves M1 M2 ...]");
    Position position = words[0] == "start" ? Position::start(rules_) : parse_position(words[0], rules_.direction);
    if (position.pits() != rules_.pits)
        throw std::invalid_argument(
            fmt::format("the position has {} pits a side, the rules {}", position.pits(), rules_.pits));
    if (words.size() > 1 && words[1] != "moves")
        throw std::invalid_argument(
            fmt::format("expected 'moves' after the position, not '{}'", words[1].substr(0, 40)));
    for (std::size_t i = 2; i < words.size(); ++i) {
        const std::optional<int> pit = parse_pit_name(rules_, position.to_move(), words[i]);
        if (!pit || !position.is_legal(rules_, *pit) || position.is_terminal(rules_))
            throw std::invalid_argument(fmt::format("move {} ('{}') is not a legal move of the side to move", i - 1,
                                                    words[i].substr(0, 40)));
        position.apply(rules_, *pit);
    }
    position_ = position;
}

void EngineSession::go(const std::vector<std::string_view>& words) {
    const GoCommand command = parse_go(words);
    if (position_.is_terminal(rules_) || position_.legal_moves(rules_).empty()) {
        error("the game is over: no move to make");
        say("bestmove (none)");
        return;
    }
    stop_ = false;
    // movetime caps the move; a clock is the agent's to plan (the engine's time policy).
    agents::MoveBudget budget;
    if (command.movetime)
        budget.deadline = agents::Clock::now() + *command.movetime;
    else if (command.time)
        budget = agents::MoveBudget::on_clock(agents::GameClock{*command.time, command.inc}, rules_, position_);
    budget.stop = &stop_;
    search_ = std::thread([this, budget] {
        try {
            const agents::Decision d = agent_->choose(rules_, position_, budget);
            InfoLine info;
            info.score = d.score;
            info.exact = d.exact;
            if (d.score) say(format_info(info));
            if (!d.summary.empty()) say("info string " + d.summary);
            say("bestmove " + pit_name(rules_, position_.to_move(), d.move));
        } catch (const std::exception& e) {
            error(e.what());
            say("bestmove (none)");
        }
    });
}

int run_engine_session(std::istream& in, std::ostream& out, const std::string& spec,
                       const agents::AgentContext& context) {
    EngineSession session(spec, context, out);
    // std::cin is tied to std::cout: each read would flush the output from this thread
    // while the search's thread writes its answer there, and a race on the buffer may
    // send a line twice. Only `say` touches the output, under its lock.
    in.tie(nullptr);
    std::string line;
    while (std::getline(in, line))
        if (!session.handle(line)) return 0;
    return 0;  // the end of the input: the session waits for the move under way, then ends
}

}  // namespace mancala::protocol
