// The engine with an opening book (engine:book=FILE): the book's move at once where the
// book has the position, the search elsewhere; a bad book refused when the agent is made.

#include "agents/registry.hpp"
#include "book/book_file.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>

namespace mancala::agents {
namespace {

std::string message_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

TEST(EngineBook, PlaysTheBooksMoveAndSearchesOutsideIt) {
    const Rules rules = make_rules("kalah", 4, 3);
    const Position start = Position::start(rules);
    const std::string plain_spec = "engine:depth=6,db-size=0,hash=4";
    // The searching engine's move, and a book that says another legal one: the agent
    // must play the book's, which no search of its own would.
    const Decision searched = make_agent(plain_spec, {})->choose(rules, start, MoveBudget::unlimited());
    const int other = searched.move == 0 ? 1 : 0;
    book::Book book(rules, "by hand");
    book.add({start, other, 1, book::Bound::at_least, book::Source::journal});
    const testing::TempDir dir;
    const auto path = dir.path() / "k43.book";
    book::write_book(path, book);

    auto agent = make_agent(plain_spec + ",book=" + path.string(), {});
    EXPECT_NE(agent->spec().find("book="), std::string::npos);
    std::filesystem::remove(path);  // read once, when made: not needed again
    agent->prepare(rules);
    const Decision d = agent->choose(rules, start, MoveBudget::unlimited());
    EXPECT_EQ(d.move, other);
    EXPECT_EQ(d.summary.rfind("book: ", 0), 0u) << d.summary;
    EXPECT_EQ(d.score, 1.0);
    EXPECT_FALSE(d.exact);

    // Outside the book: the search, as without one.
    Position after = start;
    after.apply(rules, other);
    const Decision out = agent->choose(rules, after, MoveBudget::unlimited());
    const Decision plain = make_agent(plain_spec, {})->choose(rules, after, MoveBudget::unlimited());
    EXPECT_EQ(out.move, plain.move);
    EXPECT_EQ(out.summary.find("book"), std::string::npos) << out.summary;
    EXPECT_NE(out.summary.find("depth"), std::string::npos) << out.summary;

    // A game of other rules: refused, naming the file.
    const std::string other_game = message_of([&] { agent->prepare(make_rules("homework", 4, 3)); });
    EXPECT_NE(other_game.find("book " + path.string() + " is a book of kalah(4 pits, 3 seeds)"), std::string::npos)
        << other_game;
    EXPECT_THROW(agent->choose(make_rules("kalah", 4, 4), Position::start(make_rules("kalah", 4, 4)),
                               MoveBudget::unlimited()),
                 std::invalid_argument);
}

TEST(EngineBook, RefusesABadBookWhenMade) {
    const testing::TempDir dir;
    const auto missing = dir.path() / "missing.book";
    const std::string m = message_of([&] { make_agent("engine:depth=2,db-size=0,book=" + missing.string(), {}); });
    EXPECT_NE(m.find("agent 'engine': "), std::string::npos) << m;
    EXPECT_NE(m.find(missing.string()), std::string::npos) << m;

    const auto corrupt = dir.path() / "corrupt.book";
    book::Book book(make_rules("kalah", 4, 3), "by hand");
    book.add({Position::start(book.rules()), 2, 0, book::Bound::estimate, book::Source::search});
    std::string text = book::book_text(book);
    text.replace(text.find("\"move\":2"), 8, "\"move\":3");
    {
        std::ofstream out(corrupt);
        out << text;
    }
    const std::string c = message_of([&] { make_agent("engine:depth=2,db-size=0,book=" + corrupt.string(), {}); });
    EXPECT_NE(c.find("book " + corrupt.string() + " line 1: checksum mismatch"), std::string::npos) << c;
}

}  // namespace
}  // namespace mancala::agents
