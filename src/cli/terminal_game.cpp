#include "cli/terminal_game.hpp"

#include "core/board_art.hpp"
#include "core/pit_names.hpp"
#include "play/move_description.hpp"
#include "play/move_input.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace mancala::cli {

namespace {

using play::side_title;

std::string trimmed_lower(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

std::string plural(int count, std::string_view word) {
    return fmt::format("{} {}{}", count, word, count == 1 ? "" : "s");
}

// An error message as a sentence: capital first letter, full stop.
std::string sentence(std::string_view text) {
    std::string out(text);
    if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out + ".";
}

std::string format_score(double score, bool exact) {
    return exact ? fmt::format("{:+g} (exact)", score) : fmt::format("{:+.2f}", score);
}

class Conversation {
public:
    Conversation(TerminalGame& game, std::istream& in, std::ostream& out) : game_(game), in_(in), out_(out) {}

    void run() {
        introduce();
        // Before the first move rather than in it (the engine builds its endgame database).
        for (const Side side : {Side::South, Side::North})
            if (!player(side).is_human()) player(side).agent->prepare(session().rules());
        while (!session().is_over()) {
            show_board();
            const Side side = session().to_move();
            if (!player(side).is_human())
                agent_turn(side);
            else if (human_turn(side) == Step::Stop)
                return;
        }
        show_board();
        announce_result();
    }

private:
    enum class Step { Moved, Redraw, Stop };

    play::GameSession& session() { return game_.session; }
    const Player& player(Side side) const { return side == Side::South ? game_.south : game_.north; }
    int pits() const { return game_.session.rules().pits; }

    void say(std::string_view line) { out_ << line << '\n'; }

    void introduce() {
        const Rules& rules = session().rules();
        say(fmt::format("Rules: {}", describe(rules)));
        say(fmt::format("North, row A, store {}: {}", store_label(session().rules(), Side::North),
                        player(Side::North).label()));
        say(fmt::format("South, row B, store {}: {}", store_label(session().rules(), Side::South),
                        player(Side::South).label()));
        if (session().is_over()) return;
        say(fmt::format("{} moves first.", side_title(session().to_move())));
        if (game_.south.is_human() || game_.north.is_human())
            say("Type a pit name or number to move, or 'help' for the commands.");
    }

    void show_board() {
        BoardArtStyle style;
        style.color = game_.color;
        if (const play::PlayedMove* last = session().last_move())
            style.highlight_cell = last->before.first_pit(last->side) + last->pit;
        out_ << '\n' << board_art(session().position(), session().rules(), style);
    }

    std::string turn_heading(Side side) {
        return fmt::format("Move {}: {} to move ({}).", session().history().size() + 1, side_title(side),
                           player(side).label());
    }

    // Reads one line for `side`; nullopt at the end of the input.
    std::optional<std::string> read_line(Side side) {
        out_ << to_string(side) << "> " << std::flush;
        std::string line;
        if (!std::getline(in_, line)) {
            out_ << '\n';
            return std::nullopt;
        }
        if (game_.echo_input) out_ << line << '\n';
        return line;
    }

    Step human_turn(Side side) {
        say(turn_heading(side));
        for (;;) {
            const std::optional<std::string> line = read_line(side);
            if (!line) {
                say(fmt::format("End of input: the game stops unfinished after {}. {}", moves_played(),
                                score_sentence("Score so far")));
                return Step::Stop;
            }
            const std::string command = trimmed_lower(*line);
            if (command.empty()) {
                say(fmt::format("Type a move ({}) or 'help'.", play::move_choices(session().rules(), side)));
            } else if (command == "help" || command == "?") {
                show_help(side);
            } else if (command == "board") {
                return Step::Redraw;
            } else if (command == "hint") {
                show_hint(side);
            } else if (command == "undo") {
                if (undo()) return Step::Redraw;
            } else if (command == "quit" || command == "exit") {
                say(fmt::format("{} quits after {}. {}", side_title(side), moves_played(),
                                score_sentence("Score so far")));
                return Step::Stop;
            } else if (try_move(side, *line)) {
                return Step::Moved;
            }
        }
    }

    bool try_move(Side side, std::string_view text) {
        try {
            const int pit = play::parse_move(session().rules(), side, text);
            say(play::describe_move(session().rules(), session().play(pit)));
            return true;
        } catch (const std::invalid_argument& e) {
            say(sentence(e.what()));
            return false;
        }
    }

    void agent_turn(Side side) {
        say(turn_heading(side));
        agents::Agent& agent = *player(side).agent;
        const agents::Decision decision =
            agent.choose(session().rules(), session().position(), agents::MoveBudget::unlimited());
        if (!session().position().is_legal(session().rules(), decision.move))
            throw std::runtime_error(
                fmt::format("agent {} chose pit {}, which is not a legal move", agent.spec(), decision.move));
        std::string thought = fmt::format("{} ({}) plays {}", side_title(side), agent.spec(),
                                          pit_name(session().rules(), side, decision.move));
        if (decision.score)
            thought += fmt::format(", evaluation {}", format_score(*decision.score, decision.exact));
        if (!decision.summary.empty()) thought += fmt::format("; {}", decision.summary);
        say(thought + ".");
        say(play::describe_move(session().rules(), session().play(decision.move)));
    }

    void show_hint(Side side) {
        agents::Agent& adviser = *game_.hint_agent;
        const Rules& rules = session().rules();
        const Position& position = session().position();
        std::vector<agents::MoveScore> scores = adviser.analyze(rules, position, agents::MoveBudget::unlimited());
        if (scores.empty()) {
            const agents::Decision d = adviser.choose(rules, position, agents::MoveBudget::unlimited());
            std::string line =
                fmt::format("Hint from {}: play {}", adviser.spec(), pit_name(session().rules(), side, d.move));
            if (d.score) line += fmt::format(" (evaluation {})", format_score(*d.score, d.exact));
            say(line + ".");
            return;
        }
        std::stable_sort(scores.begin(), scores.end(),
                         [](const auto& a, const auto& b) { return a.score > b.score; });
        say(fmt::format("Hint from {}, every move scored for {} in stones (higher is better):", adviser.spec(),
                        to_string(side)));
        for (const agents::MoveScore& s : scores)
            say(fmt::format("  {:>3} ({:>2})  {}{}", pit_name(session().rules(), side, s.move), s.move + 1,
                            format_score(s.score, s.exact), &s == &scores.front() ? "  best" : ""));
    }

    // Takes back the last turn any human played and everything after it.
    bool undo() {
        const auto& history = session().history();
        const auto last_human = std::find_if(history.rbegin(), history.rend(),
                                             [&](const play::PlayedMove& m) { return player(m.side).is_human(); });
        if (last_human == history.rend()) {
            say("Nothing to undo: no human move has been played yet.");
            return false;
        }
        const std::vector<play::PlayedMove> before = history;
        const int taken = session().undo_turn(last_human->side);
        std::string moves;
        for (auto it = before.end() - taken; it != before.end(); ++it)
            moves += fmt::format("{}{} {}", moves.empty() ? "" : ", ", to_string(it->side),
                                 pit_name(session().rules(), it->side, it->pit));
        say(fmt::format("Took back {} ({}); {} to move.", plural(taken, "move"), moves,
                        to_string(session().to_move())));
        return true;
    }

    void show_help(Side side) {
        const int n = pits();
        say("Commands:");
        say(fmt::format("  {:<12}play the pit with that name, in any case ({} plays {})",
                        pit_name(session().rules(), side, pit_at_column(session().rules(), side, 0)),
                        to_string(side), play::move_choices(session().rules(), side)));
        say(fmt::format("  1..{:<9}play a pit by number, counted from your own left in your sowing order", n));
        say(fmt::format("{:14}({}: 1 is {}, {} is {})", "", to_string(side), pit_name(session().rules(), side, 0),
                        n, pit_name(session().rules(), side, n - 1)));
        say(fmt::format("  {:<12}{} scores every move for you", "hint", game_.hint_agent->spec()));
        say(fmt::format("  {:<12}take back your last turn and everything played after it", "undo"));
        say(fmt::format("  {:<12}draw the board again", "board"));
        say(fmt::format("  {:<12}show this list", "help"));
        say(fmt::format("  {:<12}stop the game", "quit"));
    }

    std::string moves_played() { return plural(static_cast<int>(session().history().size()), "move"); }

    std::string score_sentence(std::string_view what) {
        const play::Score score = session().score();
        return fmt::format("{}: south {}, north {}.", what, score.south, score.north);
    }

    void announce_result() {
        const play::Score score = session().score();
        say(fmt::format("Game over after {}. {}", moves_played(), score_sentence("Final score")));
        const std::optional<Side> winner = score.leader();
        if (!winner) {
            say("It is a draw.");
            return;
        }
        say(fmt::format("{} ({}) wins by {}.", side_title(*winner), player(*winner).label(),
                        score.of(*winner) - score.of(opponent(*winner))));
    }

    TerminalGame& game_;
    std::istream& in_;
    std::ostream& out_;
};

}  // namespace

void run_terminal_game(TerminalGame& game, std::istream& in, std::ostream& out) {
    Conversation(game, in, out).run();
}

}  // namespace mancala::cli
