#include "solve/book_builder.hpp"

#include "book/book_file.hpp"
#include "core/notation.hpp"
#include "search/engine.hpp"
#include "search/position_key.hpp"
#include "search/score_units.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace mancala::solve {

namespace {

using BuilderClock = std::chrono::steady_clock;

// The two trees of the walk, as bits: in the first South plays the book's move, in the
// second North does.
constexpr unsigned kSouthBookTree = 1, kNorthBookTree = 2;

unsigned book_tree_of(Side side) { return side == Side::South ? kSouthBookTree : kNorthBookTree; }

struct WalkNode {
    Position position;
    unsigned trees = 0;
};

struct PositionKeyHash {
    std::size_t operator()(const Position& p) const { return search::position_key(p); }
};

// The strongest bound a journal's split answers prove for the mover at `position`, with
// the move that proves it: South's "at least V" that holds, or North's refutation of
// one (South below V: North's margin at least 1 - V).
std::optional<book::BookEntry> journal_entry(const ProofJournal& journal, const Position& position,
                                             const Rules& rules) {
    std::optional<book::BookEntry> best;
    const bool south = position.to_move() == Side::South;
    for (const JournalEntry& j : journal.entries()) {
        if (j.how != "split" || j.move < 0 || !(j.position == position)) continue;
        if (j.holds != south || !position.is_legal(rules, j.move)) continue;
        const int value = south ? j.at_least : 1 - j.at_least;
        if (best && best->value >= value) continue;
        best = book::BookEntry{position, j.move, static_cast<double>(value), book::Bound::at_least,
                               book::Source::journal};
    }
    return best;
}

}  // namespace

std::string book_settings(const BookBuildOptions& options) {
    std::string s = fmt::format("plies={}", options.plies);
    if (options.depth) s += fmt::format(",depth={}", *options.depth);
    if (options.time) s += fmt::format(",time={}ms", options.time->count());
    if (!options.journal_name.empty()) s += ",journal=" + options.journal_name;
    return s;
}

std::filesystem::path partial_path(const std::filesystem::path& out) {
    std::filesystem::path p = out;
    p += ".partial";
    return p;
}

BookBuildReport build_book(const Rules& rules, const BookBuildOptions& options, const std::filesystem::path& out) {
    if (options.plies < 1 || options.plies > 64)
        throw std::invalid_argument(fmt::format("plies {} is outside 1..64", options.plies));
    if (options.depth.has_value() == options.time.has_value())
        throw std::invalid_argument("give the searches a depth or a time (one of them)");
    const Position start = Position::start(rules);
    if (start.is_terminal(rules)) throw std::invalid_argument("the game is over at its start: a book has no move");

    const std::string settings = book_settings(options);
    const std::filesystem::path partial = partial_path(out);
    std::optional<book::Book> earlier;
    if (std::filesystem::exists(partial)) {
        earlier.emplace(book::read_book(partial));
        book::require_rules(*earlier, rules, partial.string());
        if (earlier->settings() != settings)
            throw std::invalid_argument(
                fmt::format("{} was built with {}, not {}: build with those options to resume it, or remove it",
                            partial.string(), earlier->settings(), settings));
    }

    search::EngineSettings engine_settings;
    engine_settings.threads = options.threads;
    engine_settings.hash_mb = options.hash_mb;
    engine_settings.endgame = options.endgame;
    search::Engine engine(engine_settings);
    search::SearchLimits limits;
    limits.depth = options.depth;
    limits.move_time = options.time;
    limits.stop = options.stop;

    book::Book book(rules, settings);
    BookBuildReport report;
    BookBuildProgress& p = report.totals;
    const auto began = BuilderClock::now();
    auto saved_at = began;
    std::size_t saved_entries = 0;
    const auto stopped = [&] { return options.stop && options.stop->load(); };
    // FILE.partial: the entries so far, then those of the partial file this run resumed
    // that the walk has not reached again yet, so that a resumed run stopped early loses none.
    const auto save_partial = [&] {
        if (book.size() == saved_entries) return;
        book::Book kept = book;
        if (earlier)
            for (const book::BookEntry& e : earlier->entries())
                if (!kept.find(e.position)) kept.add(e);
        book::write_book(partial, kept);
        saved_entries = book.size();
        saved_at = BuilderClock::now();
    };
    const auto seconds_since = [](BuilderClock::time_point t) {
        return std::chrono::duration<double>(BuilderClock::now() - t).count();
    };

    // The answer for `position`: the partial file's, the journal's, else a search's
    // (nullopt when the search was stopped before it finished).
    const auto answer = [&](const Position& position) -> std::optional<book::BookEntry> {
        if (earlier)
            if (const book::BookEntry* e = earlier->find(position)) {
                ++p.resumed;
                return *e;
            }
        if (options.journal)
            if (std::optional<book::BookEntry> e = journal_entry(*options.journal, position, rules)) {
                ++p.from_journal;
                return e;
            }
        engine.new_game();  // every search from an empty table: the same answer whenever it runs
        const search::SearchReport r = engine.search(rules, position, limits);
        if (stopped()) return std::nullopt;
        ++p.searched;
        book::BookEntry e{position, r.best_move, r.stones(), r.proven ? book::Bound::exact : book::Bound::estimate,
                          book::Source::search};
        e.depth = r.depth;
        e.time_ms = options.time ? static_cast<int>(options.time->count()) : 0;
        return e;
    };

    std::unordered_map<Position, unsigned, PositionKeyHash> walked;  // the trees each position was walked in
    std::vector<WalkNode> level{{start, kSouthBookTree | kNorthBookTree}};
    walked[start] = kSouthBookTree | kNorthBookTree;
    for (int ply = 0; ply < options.plies && !level.empty(); ++ply) {
        std::vector<WalkNode> next;
        p.ply = ply;
        p.ply_done = 0;
        p.ply_positions = level.size();
        for (const WalkNode& node : level) {
            const Position& position = node.position;
            ++p.ply_done;
            if (position.is_terminal(rules)) continue;
            const unsigned book_trees = node.trees & book_tree_of(position.to_move());
            const unsigned every_move_trees = node.trees & ~book_tree_of(position.to_move());
            int book_move = -1;
            if (book_trees) {
                if (const book::BookEntry* known = book.find(position)) {
                    book_move = known->move;
                } else {
                    if (stopped()) break;
                    const std::optional<book::BookEntry> e = answer(position);
                    if (!e) break;
                    book.add(*e);
                    book_move = e->move;
                    p.entries = book.size();
                    p.seconds = seconds_since(began);
                    if (options.on_progress) options.on_progress(p);
                    if (seconds_since(saved_at) >= options.checkpoint_seconds) save_partial();
                }
            }
            if (ply + 1 == options.plies) continue;
            for (const int move : position.legal_moves(rules)) {
                const unsigned trees = every_move_trees | (move == book_move ? book_trees : 0u);
                if (trees == 0) continue;
                Position child = position;
                child.apply(rules, move);
                unsigned& seen = walked[child];
                const unsigned fresh = trees & ~seen;
                if (fresh == 0) continue;
                seen |= fresh;
                next.push_back({child, fresh});
            }
        }
        if (stopped()) break;
        level = std::move(next);
    }
    p.entries = book.size();
    p.seconds = seconds_since(began);
    if (stopped()) {
        save_partial();
        report.stopped = true;
        report.written = partial;
        return report;
    }
    book::write_book(out, book);
    std::filesystem::remove(partial);
    report.written = out;
    return report;
}

}  // namespace mancala::solve
