// The opening book's builder: on games small enough to search to the end, every move
// of the book keeps the exact value; the book answers for both colours; a journal's
// proven moves come first; a stopped build resumes to the same bytes.

#include "solve/book_builder.hpp"
#include "book/book_file.hpp"
#include "core/notation.hpp"
#include "solve/proof_journal.hpp"
#include "support/exhaustive_search.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>

namespace mancala::solve {
namespace {

// The value of `move` from `p` for its mover, by exhaustive search.
int value_after(testing::ExhaustiveSearch& exhaustive, const Rules& rules, Position p, int move) {
    const Side me = p.to_move();
    const MoveResult r = p.apply(rules, move);
    if (r.game_over) return p.store_difference(me);
    return (p.to_move() == me ? 1 : -1) * exhaustive.final_margin(p);
}

BookBuildOptions to_depth(int plies, int depth) {
    BookBuildOptions o;
    o.plies = plies;
    o.depth = depth;
    o.hash_mb = 8;
    return o;
}

TEST(BookBuilder, EveryMoveOfASmallGameKeepsTheExactValue) {
    for (const char* game : {"kalah", "homework"}) {
        const Rules rules = make_rules(game, 3, 3);
        const testing::TempDir dir;
        const auto out = dir.path() / "book";
        const BookBuildReport r = build_book(rules, to_depth(4, 60), out);
        ASSERT_FALSE(r.stopped);
        EXPECT_EQ(r.written, out);
        EXPECT_FALSE(std::filesystem::exists(partial_path(out)));
        const book::Book book = book::read_book(out);
        EXPECT_EQ(book.size(), r.totals.entries);
        EXPECT_EQ(r.totals.searched, r.totals.entries);
        ASSERT_GT(book.size(), 3u);
        testing::ExhaustiveSearch exhaustive(rules);
        for (const book::BookEntry& e : book.entries()) {
            const int value = exhaustive.final_margin(e.position);
            EXPECT_EQ(e.bound, book::Bound::exact) << to_notation(e.position);
            EXPECT_EQ(e.how, book::Source::search);
            EXPECT_EQ(e.value, value) << game << " " << to_notation(e.position);
            EXPECT_EQ(value_after(exhaustive, rules, e.position, e.move), value)
                << game << " " << to_notation(e.position) << " move " << e.move;
        }
    }
}

// Every position the engine can meet in the first `plies` plies when it plays `engine`
// by the book, whatever the other side plays: walked here depth first, path by path.
void positions_met(const Rules& rules, const book::Book& book, Side engine, const Position& p, int ply, int plies,
                   std::set<std::string>& met, bool& missing) {
    if (ply == plies || p.is_terminal(rules)) return;
    if (p.to_move() == engine) {
        met.insert(to_notation(p));
        const book::BookEntry* e = book.find(p);
        if (!e) {
            missing = true;
            ADD_FAILURE() << "not in the book: " << to_notation(p);
            return;
        }
        Position child = p;
        child.apply(rules, e->move);
        positions_met(rules, book, engine, child, ply + 1, plies, met, missing);
        return;
    }
    for (const int move : p.legal_moves(rules)) {
        Position child = p;
        child.apply(rules, move);
        positions_met(rules, book, engine, child, ply + 1, plies, met, missing);
    }
}

TEST(BookBuilder, AnswersForEitherColourAndNothingElse) {
    const Rules rules = make_rules("kalah", 4, 3);
    const testing::TempDir dir;
    const int plies = 5;
    build_book(rules, to_depth(plies, 6), dir.path() / "book");
    const book::Book book = book::read_book(dir.path() / "book");
    std::set<std::string> met;
    bool missing = false;
    for (const Side engine : {Side::South, Side::North})
        positions_met(rules, book, engine, Position::start(rules), 0, plies, met, missing);
    EXPECT_FALSE(missing);
    EXPECT_EQ(book.size(), met.size());
    // The start's four first moves are each met (North's book answers them), so the book
    // holds more than one line.
    EXPECT_GT(book.size(), 8u);
    for (const book::BookEntry& e : book.entries())
        EXPECT_TRUE(met.count(to_notation(e.position))) << to_notation(e.position);
}

TEST(BookBuilder, AStoppedBuildResumesToTheSameBytes) {
    const Rules rules = make_rules("kalah", 4, 3);
    const testing::TempDir dir;
    const auto whole = dir.path() / "whole.book", resumed = dir.path() / "resumed.book";
    const BookBuildReport uninterrupted = build_book(rules, to_depth(6, 8), whole);
    ASSERT_GT(uninterrupted.totals.entries, 20u);

    std::atomic<bool> stop{false};
    BookBuildOptions o = to_depth(6, 8);
    o.stop = &stop;
    o.on_progress = [&](const BookBuildProgress& p) {
        if (p.entries == 7) stop = true;
    };
    const BookBuildReport first = build_book(rules, o, resumed);
    ASSERT_TRUE(first.stopped);
    EXPECT_EQ(first.totals.entries, 7u);
    EXPECT_EQ(first.written, partial_path(resumed));
    EXPECT_FALSE(std::filesystem::exists(resumed));
    EXPECT_EQ(book::read_book(partial_path(resumed)).size(), 7u);

    // Stopped again at once on the resumed run: the partial file keeps all seven.
    stop = false;
    o.on_progress = [&](const BookBuildProgress& p) {
        if (p.entries == 2) stop = true;
    };
    ASSERT_TRUE(build_book(rules, o, resumed).stopped);
    EXPECT_EQ(book::read_book(partial_path(resumed)).size(), 7u);

    stop = false;
    o.on_progress = {};
    const BookBuildReport second = build_book(rules, o, resumed);
    ASSERT_FALSE(second.stopped);
    EXPECT_EQ(second.totals.resumed, 7u);
    EXPECT_EQ(second.totals.searched, uninterrupted.totals.entries - 7);
    EXPECT_FALSE(std::filesystem::exists(partial_path(resumed)));
    EXPECT_EQ(testing::read_text(resumed), testing::read_text(whole));
}

TEST(BookBuilder, RefusesAPartialBookOfOtherSettings) {
    const Rules rules = make_rules("kalah", 4, 3);
    const testing::TempDir dir;
    const auto out = dir.path() / "k.book";
    std::atomic<bool> stop{false};
    BookBuildOptions o = to_depth(4, 6);
    o.stop = &stop;
    o.on_progress = [&](const BookBuildProgress&) { stop = true; };
    ASSERT_TRUE(build_book(rules, o, out).stopped);
    try {
        build_book(rules, to_depth(4, 7), out);
        FAIL() << "a partial book of depth 6 resumed at depth 7";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("k.book.partial was built with plies=4,depth=6, not plies=4,depth=7"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(build_book(make_rules("homework", 4, 3), to_depth(4, 6), out), std::invalid_argument);
    EXPECT_THROW(build_book(rules, BookBuildOptions{}, dir.path() / "none"), std::invalid_argument);  // no limit
}

TEST(BookBuilder, TakesTheJournalsProvenMovesFirst) {
    const Rules rules = make_rules("kalah", 4, 3);
    const testing::TempDir dir;
    // A journal by hand: from the start South reaches at least +1 with B2 (pit 0), and
    // after B2 ... North keeps South below +3 with its pit 2.
    ProofJournal journal(dir.path() / "k43.journal", rules);
    const Position start = Position::start(rules);
    journal.record({start, 1, true, "split", 0, 10, 0.1});
    journal.record({start, -5, true, "split", 2, 10, 0.1});   // weaker: not taken
    journal.record({start, 4, true, "search", -1, 10, 0.1});  // no move: not a book move
    Position after = start;
    after.apply(rules, 0);  // B2: 3 stones to B3 B4 B5
    ASSERT_EQ(after.to_move(), Side::North);
    journal.record({after, 3, false, "split", 2, 10, 0.1});

    BookBuildOptions o = to_depth(3, 6);
    o.journal = &journal;
    o.journal_name = "k43.journal";
    const auto out = dir.path() / "k43.book";
    const BookBuildReport r = build_book(rules, o, out);
    EXPECT_EQ(r.totals.from_journal, 2u);
    const book::Book book = book::read_book(out);
    EXPECT_EQ(book.settings(), "plies=3,depth=6,journal=k43.journal");
    const book::BookEntry* s = book.find(start);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->move, 0);
    EXPECT_EQ(s->value, 1);
    EXPECT_EQ(s->bound, book::Bound::at_least);
    EXPECT_EQ(s->how, book::Source::journal);
    const book::BookEntry* n = book.find(after);
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->move, 2);
    EXPECT_EQ(n->value, -2);  // South below 3: North's margin at least -2
    EXPECT_EQ(n->how, book::Source::journal);
    for (const book::BookEntry& e : book.entries())
        if (!(e.position == start) && !(e.position == after)) {
            EXPECT_EQ(e.how, book::Source::search);
        }
}

TEST(BookBuilder, BuildsOwareBySearchAlone) {
    const Rules rules = make_rules("oware", 6, 4);
    const testing::TempDir dir;
    const auto out = dir.path() / "oware.book";
    const BookBuildReport r = build_book(rules, to_depth(3, 4), out);
    const book::Book book = book::read_book(out);
    // The start, South's six first moves answered by North, and the six replies to the
    // start's book move answered by South: 1 + 6 + 6 positions, as none transposes.
    EXPECT_EQ(book.size(), 13u);
    EXPECT_EQ(r.totals.searched, 13u);
    for (const book::BookEntry& e : book.entries()) {
        EXPECT_TRUE(e.position.is_legal(rules, e.move));
        EXPECT_EQ(e.depth, 4);
    }
}

}  // namespace
}  // namespace mancala::solve
