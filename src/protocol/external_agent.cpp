#include "protocol/external_agent.hpp"

#include "agents/registry.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "protocol/protocol_lines.hpp"
#include "util/child_process.hpp"
#include "util/shell_words.hpp"

#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mancala::protocol {

namespace {

using Clock = ChildProcess::Clock;

// A line quoted in a reason: short, and its bytes visible.
std::string quoted_line(std::string_view line) {
    std::string shown;
    for (const char c : line.substr(0, 60)) {
        const auto byte = static_cast<unsigned char>(c);
        shown += byte >= 0x20 && byte < 0x7f ? std::string(1, c) : fmt::format("\\x{:02x}", byte);
    }
    return "'" + shown + (line.size() > 60 ? "...'" : "'");
}

bool printable(std::string_view line) {
    for (const char c : line) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && c != '\t') || byte == 0x7f) return false;
    }
    return true;
}

std::string seconds(Clock::duration d) { return fmt::format("{:.2f} s", std::chrono::duration<double>(d).count()); }

class ExternalAgent final : public agents::Agent {
public:
    /// Starts the program and greets it, so that its start-up is not counted in its first
    /// move's time; throws std::invalid_argument if it does not speak the protocol.
    ExternalAgent(std::string command, std::vector<std::string> argv, ExternalAgentSettings settings)
        : command_(std::move(command)), argv_(std::move(argv)), settings_(std::move(settings)) {
        try {
            start_if_needed();
        } catch (const agents::AgentFailure& e) {
            throw std::invalid_argument(e.what());
        }
    }

    ~ExternalAgent() override { quit(); }

    std::string spec() const override { return std::string(agents::kExternalPrefix) + command_; }

    agents::Decision choose(const Rules& rules, const Position& position,
                            const agents::MoveBudget& budget) override {
        // A host that did not prepare the agent (Agent::prepare): the rules now, and the
        // time the program takes to get ready for them comes out of this move's.
        prepare(rules);
        const auto start = Clock::now();
        // On a clock the program plans its own time and may use all that is left;
        // otherwise it gets the time to the deadline as its move time.
        const auto limit =
            budget.clock      ? std::max<Clock::duration>(std::chrono::milliseconds(1), budget.clock->remaining)
            : budget.deadline ? std::max<Clock::duration>(std::chrono::milliseconds(1), *budget.deadline - start)
                              : Clock::duration(settings_.default_move_time);
        const auto movetime = std::chrono::duration_cast<std::chrono::milliseconds>(limit);
        send("position " + to_notation(position, rules));
        GoCommand go;
        if (budget.clock) {
            go.time = movetime;  // at least 1 ms, as `limit` is
            go.inc = budget.clock->increment;
        } else {
            go.movetime = movetime;
        }
        send(format_go(go));
        // The answer may come as late as the move's time and a grace of 5% (the arena's).
        const auto answer_by = start + limit + limit / 20;
        agents::Decision decision;
        std::string last_text;
        for (;;) {
            const std::string line = read(answer_by, "its move", fmt::format(" ({}, and 5% grace)", format_go(go)));
            const std::vector<std::string_view> words = split_words(line);
            if (words.empty()) continue;
            if (words[0] == "info") {
                const InfoLine info = parse_info_or_fail(words, line);
                if (info.score) {
                    decision.score = info.score;
                    decision.exact = info.exact;
                }
                if (info.text) last_text = *info.text;
                continue;
            }
            if (words[0] != "bestmove" || words.size() != 2)
                fail(fmt::format("the engine sent {} while thinking, not 'bestmove PIT'", quoted_line(line)));
            const std::optional<int> pit = parse_pit_name(rules, position.to_move(), words[1]);
            if (!pit)
                fail(fmt::format("the engine answered {}: not a pit of the side to move ({}..{})",
                                 quoted_line(line), pit_name(rules, position.to_move(), 0),
                                 pit_name(rules, position.to_move(), position.pits() - 1)));
            decision.move = *pit;  // a pit that is empty is the host's to refuse (the arena: an illegal move)
            break;
        }
        decision.summary = fmt::format("{} in {}{}", quoted_command(), seconds(Clock::now() - start),
                                       last_text.empty() ? "" : ": " + last_text.substr(0, 200));
        return decision;
    }

    /// Kept by hosts from game to game (KeptAgents): its program goes on, told `newgame`.
    bool kept_across_games() const override { return true; }

    void new_game() override {
        if (!process_) return;  // started afresh for the next game (after a failure)
        send("newgame");
        newgame_unanswered_ = true;
    }

    /// Tells the program the rules before the clock runs, and waits for its `readyok`
    /// (an engine may build its endgame database then, or clear its tables after `newgame`),
    /// at most the ready time.
    void prepare(const Rules& rules) override {
        start_if_needed();
        const bool told = tell_rules(rules);
        if (!told && !newgame_unanswered_) return;
        newgame_unanswered_ = false;
        send("isready");
        const auto deadline = Clock::now() + settings_.ready_time;
        for (;;) {
            const std::string line = read(deadline, "'readyok' (the answer to 'isready' after 'rules')",
                                          fmt::format(" ({} ms)", settings_.ready_time.count()));
            const std::vector<std::string_view> words = split_words(line);
            if (words.size() == 1 && words[0] == "readyok") return;
            if (!words.empty() && words[0] == "info") {
                if (line.find("info string error:") == 0)
                    fail(fmt::format("the engine refused the rules: {}", quoted_line(line)));
                continue;
            }
            if (!words.empty())
                fail(fmt::format("the engine answered 'isready' with {}, not 'readyok'", quoted_line(line)));
        }
    }

private:
    std::string quoted_command() const { return join_shell_words(argv_); }

    /// Sends `rules` unless the program has them already; true if sent.
    bool tell_rules(const Rules& rules) {
        if (sent_rules_ && *sent_rules_ == rules) return false;
        send(fmt::format("rules {} {} {}", rules_string(rules), rules.pits, rules.seeds));
        sent_rules_ = rules;
        return true;
    }

    [[noreturn]] void fail(const std::string& reason) {
        std::string message = reason;
        if (process_) {
            process_->stop(std::chrono::milliseconds(0));
            process_.reset();
        }
        sent_rules_.reset();
        newgame_unanswered_ = false;
        if (!settings_.log_dir.empty())
            message +=
                fmt::format(" [its standard error: {}]", engine_log_path(settings_.log_dir, command_).string());
        throw agents::AgentFailure(message);
    }

    void send(const std::string& line) {
        if (!process_->write_line(line))
            fail(fmt::format("the engine does not read its input any more ({}), at '{}'", ended(), line));
    }

    std::string ended() {
        if (!process_->stop(std::chrono::milliseconds(100))) return "it still ran, and was killed";
        return "it " + process_->exit_description();
    }

    // The next line; `late` says more about the deadline when it passes.
    std::string read(Clock::time_point deadline, std::string_view awaited, std::string_view late = "") {
        std::string line;
        switch (process_->read_line(line, deadline, kMaxLineLength)) {
            case ChildProcess::Read::Line:
                if (!printable(line)) fail(fmt::format("the engine sent binary data: {}", quoted_line(line)));
                return line;
            case ChildProcess::Read::Timeout:
                fail(fmt::format("the engine did not send {} in time{}", awaited, late));
            case ChildProcess::Read::Closed:
                fail(fmt::format("the engine closed its output before {} ({})", awaited, ended()));
            case ChildProcess::Read::TooLong:
                fail(fmt::format("the engine sent a line longer than {} bytes", kMaxLineLength));
        }
        fail("unreachable");
    }

    InfoLine parse_info_or_fail(const std::vector<std::string_view>& words, std::string_view line) {
        try {
            return parse_info({words.begin() + 1, words.end()}, line);
        } catch (const std::invalid_argument& e) {
            fail(fmt::format("the engine sent a malformed info line {}: {}", quoted_line(line), e.what()));
        }
    }

    void start_if_needed() {
        if (process_) return;
        ChildProcess::Options options;
        options.argv = argv_;
        if (!settings_.log_dir.empty()) options.stderr_log = engine_log_path(settings_.log_dir, command_);
        try {
            process_ = std::make_unique<ChildProcess>(std::move(options));
        } catch (const std::runtime_error& e) {
            throw agents::AgentFailure(e.what());
        }
        send("mep");
        const auto deadline = Clock::now() + settings_.answer_time;
        for (;;) {
            const std::string line = read(deadline, "'mepok' (the answer to 'mep')",
                                          fmt::format(" ({} ms)", settings_.answer_time.count()));
            const std::vector<std::string_view> words = split_words(line);
            if (words.empty() || words[0] == "id" || words[0] == "option" || words[0] == "info") continue;
            if (words[0] == "mepok" && words.size() == 1) break;
            fail(
                fmt::format("the engine answered 'mep' with {}, not 'id', 'option' or 'mepok'", quoted_line(line)));
        }
    }

    void quit() {
        if (!process_) return;
        process_->write_line("quit");
        process_->stop(std::chrono::milliseconds(200));
        process_.reset();
    }

    std::string command_;
    std::vector<std::string> argv_;
    ExternalAgentSettings settings_;
    std::unique_ptr<ChildProcess> process_;
    std::optional<Rules> sent_rules_;
    bool newgame_unanswered_ = false;  ///< `newgame` sent, and no `isready` since
};

}  // namespace

std::filesystem::path default_engine_log_dir() {
    std::error_code ec;
    const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
    return (ec ? std::filesystem::path("/tmp") : tmp) / "mancala-engine-logs";
}

std::filesystem::path engine_log_path(const std::filesystem::path& log_dir, std::string_view command) {
    // Readable (the program's name) and unique to the whole command (a hash of it).
    std::string name;
    std::vector<std::string> words;
    try {
        words = split_shell_words(command);
    } catch (const std::invalid_argument&) {
    }
    for (const std::string& w : words) {
        const std::string base = std::filesystem::path(w).filename().string();
        for (const char c : base)
            if (name.size() < 40)
                name += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
        if (name.size() >= 40) break;
        name += '-';
    }
    const std::size_t hash = std::hash<std::string_view>{}(command);
    return log_dir / fmt::format("{}{:08x}.log", name, static_cast<std::uint32_t>(hash));
}

std::function<std::unique_ptr<agents::Agent>(std::string_view command)> external_agent_maker(
    ExternalAgentSettings settings) {
    return [settings](std::string_view command) -> std::unique_ptr<agents::Agent> {
        std::vector<std::string> argv = split_shell_words(command);
        if (argv.empty()) throw std::invalid_argument("'cmd:' names no program (write cmd:PATH [ARGS...])");
        if (!settings.log_dir.empty()) {
            std::error_code ec;
            std::filesystem::create_directories(settings.log_dir, ec);
            if (ec)
                throw std::invalid_argument(fmt::format("cannot create the folder of engine logs '{}': {}",
                                                        settings.log_dir.string(), ec.message()));
        }
        return std::make_unique<ExternalAgent>(std::string(command), std::move(argv), settings);
    };
}

}  // namespace mancala::protocol
